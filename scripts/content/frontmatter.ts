/**
 * Splits a markdown document into its YAML frontmatter and body. Broken YAML is reported with
 * the line in the file (not in the frontmatter), so the message points where to look.
 */
import { LineCounter, parseDocument } from 'yaml'
import { ContentError } from './contentError.ts'

export interface ParsedDocument {
  data: Record<string, unknown>
  /** Line in the file where each top-level field is written. */
  lines: Record<string, number>
  body: string
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/

export function parseFrontmatter(file: string, source: string): ParsedDocument {
  const match = FENCE.exec(source)
  if (!match) throw new ContentError(file, 'missing frontmatter: start the file with a --- block', 1)
  const counter = new LineCounter()
  const document = parseDocument(match[1] as string, { lineCounter: counter })
  const [error] = document.errors
  if (error) {
    const line = counter.linePos(error.pos[0]).line + 1 // +1 for the opening ---
    throw new ContentError(file, `frontmatter is not valid YAML: ${error.message.split('\n')[0]}`, line)
  }
  const data = document.toJS() as unknown
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new ContentError(file, 'frontmatter must be a mapping of fields', 2)
  const lines: Record<string, number> = {}
  const contents = document.contents as { items?: { key?: { value?: unknown; range?: number[] } }[] }
  for (const item of contents.items ?? []) {
    const start = item.key?.range?.[0]
    if (typeof item.key?.value === 'string' && start !== undefined)
      lines[item.key.value] = counter.linePos(start).line + 1
  }
  return { data: data as Record<string, unknown>, lines, body: source.slice(match[0].length) }
}
