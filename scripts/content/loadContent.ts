/**
 * Reads content/: every document parsed, validated and checked for duplicates before anything
 * is rendered, so a mistake fails the build in a second with the file and field named.
 */
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { ContentError } from './contentError.ts'
import { parseFrontmatter } from './frontmatter.ts'
import {
  changelogFields,
  pageFields,
  postFields,
  type ChangelogFields,
  type PageFields,
  type PostFields,
} from './schema.ts'

export const PAGE_NAMES = ['about', 'terms'] as const
export type PageName = (typeof PAGE_NAMES)[number]

export interface PostSource extends PostFields {
  slug: string
  file: string
  body: string
}
export interface ChangelogSource extends ChangelogFields {
  file: string
  body: string
}
export interface PageSource extends PageFields {
  name: PageName
  file: string
  body: string
}

export interface ContentSources {
  posts: PostSource[]
  changelog: ChangelogSource[]
  pages: PageSource[]
}

const SLUG = /^[a-z0-9][a-z0-9-]*$/

async function markdownFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  return names.filter((name) => name.endsWith('.md')).sort()
}

async function readParsed(root: string, relative: string) {
  const file = path.join(root, relative)
  return { file: relative, parsed: parseFrontmatter(relative, await readFile(file, 'utf8')) }
}

/**
 * The folder's markdown files, read all at once and then parsed in name order (so the first bad
 * file by name is the one reported). Read one after the other, a thousand posts took ≈ 0.7 s,
 * mostly waiting on the disk, and a rebuild that reuses its bundles waits for them.
 */
async function readFolder(root: string, folder: string): Promise<[string, string][]> {
  const names = await markdownFiles(path.join(root, folder))
  return Promise.all(
    names.map(async (name): Promise<[string, string]> => [
      name,
      await readFile(path.join(root, folder, name), 'utf8'),
    ]),
  )
}

export async function loadContent(
  contentDir: string,
  { includeDrafts }: { includeDrafts: boolean },
): Promise<ContentSources> {
  const root = path.dirname(contentDir)
  const base = path.basename(contentDir)
  const posts: PostSource[] = []
  const slugs = new Map<string, string>()
  for (const [name, text] of await readFolder(root, path.join(base, 'blog'))) {
    const file = path.join(base, 'blog', name)
    const parsed = parseFrontmatter(file, text)
    const slug = name.slice(0, -'.md'.length)
    if (!SLUG.test(slug))
      throw new ContentError(file, `the file name must be a slug like my-first-post.md ("${slug}" is not)`)
    const fields = postFields(file, parsed)
    const other = slugs.get(slug.toLowerCase())
    if (other) throw new ContentError(file, `duplicate slug "${slug}": ${other} has it too`)
    slugs.set(slug.toLowerCase(), file)
    if (fields.draft && !includeDrafts) continue
    posts.push({ ...fields, slug, file, body: parsed.body })
  }

  const changelog: ChangelogSource[] = []
  const versions = new Map<string, string>()
  for (const [name, text] of await readFolder(root, path.join(base, 'changelog'))) {
    const file = path.join(base, 'changelog', name)
    const parsed = parseFrontmatter(file, text)
    const fields = changelogFields(file, parsed)
    const other = versions.get(fields.version)
    if (other)
      throw new ContentError(file, `duplicate version "${fields.version}": ${other} has it too`, parsed.lines.version)
    versions.set(fields.version, file)
    changelog.push({ ...fields, file, body: parsed.body })
  }

  const pages: PageSource[] = []
  for (const name of PAGE_NAMES) {
    const relative = path.join(base, 'pages', `${name}.md`)
    const { file, parsed } = await readParsed(root, relative).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new ContentError(relative, 'this page document is missing')
      throw error
    })
    pages.push({ ...pageFields(file, parsed), name, file, body: parsed.body })
  }

  const newestFirst = <T extends { date: string }>(a: T, b: T) => b.date.localeCompare(a.date)
  posts.sort((a, b) => newestFirst(a, b) || a.slug.localeCompare(b.slug))
  changelog.sort((a, b) => newestFirst(a, b) || b.version.localeCompare(a.version, 'en', { numeric: true }))
  return { posts, changelog, pages }
}
