/**
 * Fills the empty prose elements the prerender left (see src/features/content/ProseHtml.tsx)
 * with the documents' rendered HTML, after vite-react-ssg has finished with the page, and
 * the payload files with the HTML their loaders left out (src/features/content/proseInPage.ts).
 */
import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PROSE_IN_PAGE, proseSlot } from '../../src/features/content/proseInPage.ts'
import { forEachFile } from '../build/forEachFile.ts'
import type { SiteContent } from '../../src/features/content/types.ts'

const SLOT = /(<div class="[^"]*" data-prose-slot="([^"]+)")><\/div>/g

export function proseByKey(content: SiteContent): Map<string, string> {
  const byKey = new Map<string, string>()
  for (const post of content.posts) byKey.set(proseSlot.post(post.slug), post.html)
  for (const entry of content.changelog) byKey.set(proseSlot.changelog(entry.version), entry.html)
  for (const page of Object.values(content.pages)) byKey.set(proseSlot.page(page.name), page.html)
  for (const { editor, preview } of Object.values(content.samples)) {
    for (const view of [editor, preview]) byKey.set(proseSlot.sample(view.sample), view.html)
  }
  return byKey
}

export function fillProseSlots(html: string, byKey: Map<string, string>): string {
  return html.replace(SLOT, (element, start: string, key: string) => {
    const prose = byKey.get(key)
    if (prose === undefined) throw new Error(`No rendered document for prose slot "${key}"`)
    return `${start}>${prose}</div>`
  })
}

/** The slot key of a loader's document object, from the fields each kind has. */
function keyOfDocument(document: Record<string, unknown>): string | undefined {
  if (typeof document.slug === 'string') return proseSlot.post(document.slug)
  if (typeof document.version === 'string') return proseSlot.changelog(document.version)
  if (typeof document.name === 'string') return proseSlot.page(document.name)
  if (typeof document.sample === 'string') return proseSlot.sample(document.sample)
  return undefined
}

/** Puts the HTML back into loader data that carried PROSE_IN_PAGE (for payload files). */
export function fillProseInData(value: unknown, byKey: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => fillProseInData(item, byKey))
  if (!value || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  const filled: Record<string, unknown> = {}
  for (const [field, item] of Object.entries(record)) filled[field] = fillProseInData(item, byKey)
  if (record.html === PROSE_IN_PAGE) {
    const key = keyOfDocument(record)
    const html = key === undefined ? undefined : byKey.get(key)
    if (html === undefined) throw new Error(`No rendered document for payload entry ${key ?? '?'}`)
    filled.html = html
  }
  return filled
}

/** Rewrites every payload file under dist/static-loader-data that carries the marker. */
export async function fillProseInPayloads(distDir: string, byKey: Map<string, string>): Promise<number> {
  const dir = path.join(distDir, 'static-loader-data')
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.join(entry.parentPath, entry.name))
  let filled = 0
  await forEachFile(files, async (file) => {
    const text = await readFile(file, 'utf8')
    if (!text.includes(PROSE_IN_PAGE)) return
    await writeFile(file, JSON.stringify(fillProseInData(JSON.parse(text), byKey)))
    filled += 1
  })
  return filled
}
