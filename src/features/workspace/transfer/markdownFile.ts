/**
 * One document as a portable markdown file: YAML frontmatter (title, created, updated) and the
 * body exactly as stored, so an export imported again gives the same title and text. Reading
 * also takes markdown from elsewhere: the title comes from frontmatter, else the first
 * heading (read as the editor reads it, so a file imported titles itself as the same text typed
 * would), else the file name.
 */
import { firstHeading, headingTitle } from '../documentTitles'

export interface MarkdownFileDocument {
  title: string
  body: string
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/

/** A YAML double-quoted string; JSON's escapes are all valid there. */
const quoted = (value: string) => JSON.stringify(value)

export function toMarkdownFile(document: {
  title: string
  body: string
  created_at: string
  updated_at: string
}): string {
  return [
    '---',
    `title: ${quoted(document.title)}`,
    `created: ${document.created_at}`,
    `updated: ${document.updated_at}`,
    '---',
    document.body,
  ].join('\n')
}

/**
 * The scalar fields of a simple frontmatter block (what markdown tools write). An imported file
 * is anybody's, and one line of it can be a megabyte: the value is trimmed and its comment found
 * by plain scans, as `(.*?)\s*$` and `\s+#.*$` would retry a long run of spaces from each of its
 * characters (a 1 MB line took the tab many minutes).
 */
function frontmatterFields(block: string): Map<string, string> {
  const fields = new Map<string, string>()
  for (const line of block.split(/\r?\n/)) {
    const match = /^([A-Za-z_][\w-]*):/.exec(line)
    if (!match) continue
    const key = match[1] ?? ''
    fields.set(key.toLowerCase(), scalar(line.slice(match[0].length).trim()))
  }
  return fields
}

/** A YAML plain scalar ends where a comment begins: at a `#` after whitespace. */
function withoutComment(raw: string): string {
  const comment = raw.search(/\s#/)
  return comment === -1 ? raw : raw.slice(0, comment).trimEnd()
}

function scalar(raw: string): string {
  if (raw.startsWith('"')) {
    try {
      return String(JSON.parse(raw))
    } catch {
      return raw.slice(1, raw.endsWith('"') ? -1 : undefined)
    }
  }
  if (raw.startsWith("'"))
    return raw.slice(1, raw.endsWith("'") ? -1 : undefined).replace(/''/g, "'")
  return withoutComment(raw)
}

/** `notes/Project plan.md` → `Project plan`. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split('/').at(-1) ?? fileName
  return base.replace(/\.(md|markdown|mdown|mkd|txt)$/i, '').trim()
}

export function parseMarkdownFile(text: string, fileName: string): MarkdownFileDocument {
  const withoutBom = text.replace(/^\uFEFF/, '')
  const match = FRONTMATTER.exec(withoutBom)
  const body = match ? withoutBom.slice(match[0].length) : withoutBom
  const fromFrontmatter = match ? frontmatterFields(match[1] ?? '').get('title') : undefined
  const heading = firstHeading(body)?.trim()
  const title =
    (
      fromFrontmatter?.trim() ||
      (heading && headingTitle(heading)) ||
      titleFromFileName(fileName)
    ).trim() || 'Untitled'
  return { title, body }
}
