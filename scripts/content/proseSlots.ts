/**
 * Fills the empty prose elements the prerender left (see src/features/content/ProseHtml.tsx)
 * with the documents' rendered HTML, after vite-react-ssg has finished with the page, and
 * the payload data with the HTML its loaders left out (src/features/content/proseInPage.ts),
 * before vite-react-ssg writes it (the `onLoaderData` hook our patch adds), so each payload
 * file is written once.
 * The HTML is read from the render cache (renderCache.ts) for the page at hand, so only the
 * pages in flight hold theirs.
 */
import path from 'node:path'
import { PROSE_IN_PAGE, proseSlot } from '../../src/features/content/proseInPage.ts'
import type { SiteContent } from '../../src/features/content/types.ts'
import { PackReader } from './renderCache.ts'

const SLOT = /(<div class="[^"]*" data-prose-slot="([^"]+)")><\/div>/g

/** Each document's html field by its prose slot (its HTML, or where the build keeps it). */
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

/** The render cache's packs, each opened once by this thread (the finishing thread's, in a build). */
const packs = new PackReader()

/**
 * Documents read lately, by location. A post's HTML is wanted twice, close together: for its
 * payload, then for its page. A pack is never changed once written, so a text read once stays
 * right; only the last few are kept, as the pages in flight are.
 */
const lately = new Map<string, Promise<string>>()
const LATELY_KEPT = 128

function readDocument(location: string): Promise<string> {
  let text = lately.get(location)
  if (!text) {
    text = packs.read(location)
    // A failed read is not kept: the next caller tries again.
    text.catch(() => lately.delete(location))
    if (lately.size >= LATELY_KEPT) lately.delete(lately.keys().next().value as string)
    lately.set(location, text)
  }
  return text
}

/**
 * The HTML of the documents `keys` name, read from the render cache (`locations`: slot → where
 * its HTML is).
 */
export async function readProse(
  keys: Iterable<string>,
  locations: Map<string, string>,
): Promise<Map<string, string>> {
  const byKey = new Map<string, string>()
  await Promise.all(
    [...new Set(keys)].map(async (key) => {
      const location = locations.get(key)
      // A missing key is left out: the fill names it in its error.
      if (location !== undefined) byKey.set(key, await readDocument(location))
    }),
  )
  return byKey
}

/** The slot keys of the empty prose elements in a page. */
export function proseSlotsIn(html: string): string[] {
  return [...html.matchAll(SLOT)].map((match) => match[2] as string)
}

/** fillProseSlots with each document's HTML read from the render cache. */
export async function fillProseSlotsFromCache(
  html: string,
  locations: Map<string, string>,
): Promise<string> {
  return fillProseSlots(html, await readProse(proseSlotsIn(html), locations))
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

/** The slot keys of the documents in loader data that carry PROSE_IN_PAGE. */
export function proseKeysInData(value: unknown, keys: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) proseKeysInData(item, keys)
    return keys
  }
  if (!value || typeof value !== 'object') return keys
  const record = value as Record<string, unknown>
  for (const item of Object.values(record)) proseKeysInData(item, keys)
  if (record.html === PROSE_IN_PAGE) {
    const key = keyOfDocument(record)
    if (key !== undefined) keys.add(key)
  }
  return keys
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

/**
 * The documents whose HTML the build puts into a page with `data`, each as its slot and its place
 * in the render cache (its pack's name and range: packs never change, so the same place is the
 * same HTML, renderCache.ts): what the page shows beyond its data, for the page cache (pageInputs).
 */
export function proseDocumentsOf(data: unknown, proseLocations: Map<string, string>): string[] {
  return [...proseKeysInData(data)].map(
    (key) => `${key}=${path.basename(proseLocations.get(key) ?? '')}`,
  )
}

/**
 * A page's loader data with the documents' HTML in place of PROSE_IN_PAGE, read from the render
 * cache (`proseLocations`: slot → location), as its payload file must carry it for client
 * navigation.
 */
export async function proseInLoaderData(
  data: unknown,
  proseLocations: Map<string, string>,
): Promise<unknown> {
  const keys = proseKeysInData(data)
  if (keys.size === 0) return data
  return fillProseInData(data, await readProse(keys, proseLocations))
}
