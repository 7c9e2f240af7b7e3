/**
 * The Astro 7 peer's copy of one of our posts, for `npm run lighthouse` to audit beside ours:
 * the post's very markdown is built by the peer blog (`../shared/peers`, see its README), so
 * the two pages differ only in what each site makes of the same text.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildPeer, peerScript } from '../bench/astroPeer.ts'

export interface PeerPost {
  /** A copy of the peer's dist/, to serve (the peer's own folder is rebuilt by every bench). */
  dist: string
  /** The post's address on the peer's site. */
  page: string
  remove: () => Promise<void>
}

/** `/blog/a-post` → `a-post`; undefined for a page that is not a post. */
export function postSlugOf(page: string): string | undefined {
  return /^\/blog\/([^/]+)\/?$/.exec(page)?.[1]
}

/** Builds the peer on `content/blog/<slug>.md` alone and says where its page is. */
export async function buildPeerPost(repoRoot: string, slug: string): Promise<PeerPost> {
  const script = peerScript(repoRoot)
  if (!existsSync(script)) {
    throw new Error(
      `The Astro peer is not at ${script}: set FOLIO_PEERS_DIR to the folder holding astro-build.sh, or pass --no-peer.`,
    )
  }
  const contentDir = process.env.FOLIO_CONTENT_DIR ?? path.join(repoRoot, 'content')
  const folder = await mkdtemp(path.join(tmpdir(), 'folio-lighthouse-peer-'))
  const remove = () => rm(folder, { recursive: true, force: true })
  try {
    const posts = path.join(folder, 'posts')
    const dist = path.join(folder, 'dist')
    await cp(path.join(contentDir, 'blog', `${slug}.md`), path.join(posts, `${slug}.md`))
    const run = await buildPeer(script, posts)
    await cp(run.dist, dist, { recursive: true })
    return { dist, page: `/blog/${slug}/`, remove }
  } catch (error) {
    await remove()
    throw error
  }
}
