/**
 * Attachment links in document bodies, both ways. In Folio a link names the object's
 * authenticated storage address (`<backend>/storage/v1/object/authenticated/attachments/
 * <user>/<doc>/<file>`); in an export it is a path relative to the markdown file
 * (`attachments/<document>/<file>`), so the files open anywhere.
 */
import { attachmentPathOf, attachmentUrl } from '../attachments'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function storageLinkPattern(supabaseUrl: string): RegExp {
  return new RegExp(`${escapeRegExp(attachmentUrl(supabaseUrl, ''))}[^\\s)"'<>\\]]+`, 'g')
}

/** The storage paths of this backend's attachments that a body links to, each once. */
export function linkedAttachmentPaths(body: string, supabaseUrl: string): string[] {
  const paths = new Set<string>()
  for (const [url] of body.matchAll(storageLinkPattern(supabaseUrl))) {
    const path = attachmentPathOf(supabaseUrl, url)
    if (path) paths.add(path)
  }
  return [...paths]
}

/** Replaces each attachment link whose path `relativeFor` knows; others stay as they are. */
export function rewriteStorageLinks(
  body: string,
  supabaseUrl: string,
  relativeFor: (path: string) => string | undefined,
): string {
  return body.replace(storageLinkPattern(supabaseUrl), (url) => {
    const path = attachmentPathOf(supabaseUrl, url)
    const relative = path ? relativeFor(path) : undefined
    return relative ?? url
  })
}

/** A relative path written as a link: each segment percent-encoded (spaces and all). */
export function relativeLink(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/')
}

/**
 * Markdown link destinations: `](dest)` and `](dest "title")`, also in `![alt](dest)`. A
 * destination may hold balanced parentheses, one level deep, as an export's folder does when a
 * title has them (`attachments/Plan (draft)/x.png`), and never a `(` that opens no pair. Each
 * `](` is a place to start, and with `[^\s)>]+` a start that failed had run on through every
 * later `](`, each of which was then scanned again (a note of `](` 500,000 times over took the
 * tab many minutes). Now a start runs through a later `](` only as a pair, `](x)`, which is a
 * link that closes: scanned once.
 */
const LINK_DESTINATION = /\]\(\s*<?((?:[^\s()>]|\([^\s()>]*\))+)>?(\s+"[^"]*")?\s*\)/g

/** `dir/a.md` + `../img/x.png` → `img/x.png`; null when it leaves the zip or is not relative. */
export function resolveRelative(fromFile: string, destination: string): string | null {
  if (/^[a-z][a-z\d+.-]*:/i.test(destination) || destination.startsWith('/')) return null
  if (destination.startsWith('#')) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(destination.split(/[?#]/)[0] ?? '')
  } catch {
    return null
  }
  const parts = fromFile.split('/').slice(0, -1)
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (parts.length === 0) return null
      parts.pop()
    } else parts.push(segment)
  }
  return parts.join('/')
}

/** Rewrites relative destinations that `replacementFor` maps (by their resolved zip path). */
export function rewriteRelativeLinks(
  body: string,
  fromFile: string,
  replacementFor: (zipPath: string) => string | undefined,
): string {
  return body.replace(LINK_DESTINATION, (whole, destination: string, title = '') => {
    const resolved = resolveRelative(fromFile, destination)
    const replacement = resolved ? replacementFor(resolved) : undefined
    return replacement ? `](${replacement}${title as string})` : whole
  })
}

/** The zip paths of everything a body links to relatively. */
export function relativeLinkTargets(body: string, fromFile: string): string[] {
  const targets = new Set<string>()
  for (const match of body.matchAll(LINK_DESTINATION)) {
    const resolved = resolveRelative(fromFile, match[1] ?? '')
    if (resolved) targets.add(resolved)
  }
  return [...targets]
}
