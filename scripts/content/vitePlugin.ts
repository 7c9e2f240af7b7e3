/**
 * Vite plugin: builds content/ once per build process (vite-react-ssg runs a client and a
 * server pass in one process) before any page renders, and tells the page loaders where the
 * result is. FOLIO_CONTENT_DIR and FOLIO_CACHE_DIR point it elsewhere (the benchmark); drafts
 * are left out of production builds unless FOLIO_DRAFTS=1.
 */
import path from 'node:path'
import type { Plugin } from 'vite'
import type { SiteContent } from '../../src/features/content/types.ts'
import { buildConfig } from '../vite/configPlugin.ts'
import { buildContent } from './buildContent.ts'
import { SAMPLES_DIR } from './productSamples.ts'


interface ContentState {
  siteUrl: string
  content: Promise<SiteContent>
  /**
   * Where each document's rendered HTML is in the render cache, by its prose slot, for the
   * pages and payloads to fill in (proseSlots.ts): the HTML itself is read page by page, not
   * held for the whole build.
   */
  proseLocations: Promise<Map<string, string>>
}

// Vite loads the config (and this module) afresh for each pass; the process is shared, so the
// state lives on globalThis to build content once for the client and server passes together.
const STATE_KEY = Symbol.for('folio.content')
const shared = globalThis as { [STATE_KEY]?: ContentState }

export function builtContent(): ContentState {
  const state = shared[STATE_KEY]
  if (!state) throw new Error('The content plugin has not run yet')
  return state
}

export function folioContentPlugin(): Plugin {
  return {
    name: 'folio-content',
    configResolved(config) {
      if (shared[STATE_KEY]) return
      // Checked by the config plugin (src/config/schema.ts), trailing slashes removed.
      const siteUrl = buildConfig(config.mode).site.url
      const root = process.cwd()
      const cacheRoot = path.resolve(root, process.env.FOLIO_CACHE_DIR ?? '.cache')
      const outFile = path.join(cacheRoot, 'content/site.json')
      process.env.FOLIO_CONTENT_FILE = outFile
      const started = Date.now()
      // Starts now and renders beside both Vite builds, as neither bundle needs it; prerendering
      // waits for it, since the route list (postPaths) and the page loaders read it.
      const built = buildContent({
        contentDir: path.resolve(root, process.env.FOLIO_CONTENT_DIR ?? 'content'),
        outFile,
        // As proseForPrerender: production prerendering hands pages the marker, not the HTML.
        proseInOutFile: !(config.command === 'build' && config.isProduction),
        cacheDir: path.join(cacheRoot, 'content/render'),
        siteOrigin: siteUrl,
        includeDrafts: config.mode !== 'production' || process.env.FOLIO_DRAFTS === '1',
        samplesDir: path.resolve(root, SAMPLES_DIR),
      }).then((built) => {
        const { content, stats } = built
        config.logger.info(
          `[folio-content] ${content.posts.length} posts, ${content.changelog.length} changelog entries: ` +
            `${stats.rendered} rendered, ${stats.cached} from cache in ${Date.now() - started} ms`,
        )
        return built
      })
      const content = built.then((done) => done.content)
      const proseLocations = built.then((done) => done.proseLocations)
      // Awaited later; until then a content error must not count as an unhandled rejection.
      for (const pending of [content, proseLocations]) pending.catch(() => undefined)
      shared[STATE_KEY] = { siteUrl, content, proseLocations }
    },
  }
}

/** `/blog/<slug>` of every published post, for the prerender list. */
export async function postPaths(): Promise<string[]> {
  const content = await builtContent().content
  return content.posts.map((post) => `/blog/${post.slug}`)
}
