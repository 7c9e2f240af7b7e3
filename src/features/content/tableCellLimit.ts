/**
 * GitHub's bound on the empty cells a table is given.
 *
 * GFM gives a row with fewer cells than the header empty ones up to the header's width, so a
 * wide header over many one-cell rows is a few kilobytes of markdown and millions of cells of
 * HTML: a note imported from anywhere could hold the preview, and then the tab, for minutes.
 * GitHub's renderer stops a table once the cells it has added this way pass 0x80000: the next
 * line opens no row, the table ends, and the lines after are read as a paragraph (cmark-gfm
 * `extensions/table.c`, `MAX_AUTOCOMPLETED_CELLS` in `try_opening_table_row`). So does this
 * pipeline, on the parsed tree: the rows past the bound leave the table, and their lines become
 * the paragraph after it, as written (GitHub would read emphasis or links in them; only a table
 * made to be this large gets there).
 */
import type { Nodes, Paragraph, Root, Table } from 'mdast'
import type { VFile } from 'vfile'

/** cmark-gfm's MAX_AUTOCOMPLETED_CELLS. */
export const MAX_ADDED_TABLE_CELLS = 0x80000

/** A transformer after the parse: `file` must hold the markdown the tree was parsed from. */
export function remarkTableCellLimit() {
  return (tree: Root, file: VFile) => {
    limitTableCells(tree, String(file.value ?? ''))
  }
}

/** The blocks that may hold a table: a paragraph's or a table's text is not walked. */
const TABLE_PARENTS = new Set(['root', 'blockquote', 'list', 'listItem', 'footnoteDefinition'])

/** Ends each table of `tree` where GitHub would, putting the rest after it as a paragraph. */
export function limitTableCells(tree: Root, markdown: string): void {
  // A stack, not recursion: blocks may nest deeper than the call stack goes.
  const parents: Nodes[] = [tree]
  for (let parent = parents.pop(); parent; parent = parents.pop()) {
    if (!TABLE_PARENTS.has(parent.type)) continue
    const children = (parent as Extract<Nodes, { children: unknown }>).children as Nodes[]
    for (let index = 0; index < children.length; index += 1) {
      const child = children[index]!
      if (child.type !== 'table') {
        parents.push(child)
        continue
      }
      const rest = cutTable(child, markdown)
      if (rest) children.splice(index + 1, 0, rest)
    }
  }
}

/** Removes the rows past the bound from `table` and returns them as a paragraph, if any. */
function cutTable(table: Table, markdown: string): Paragraph | undefined {
  const columns = table.children[0]?.children.length ?? 0
  let added = 0
  for (let index = 1; index < table.children.length; index += 1) {
    if (added > MAX_ADDED_TABLE_CELLS) return asParagraph(table, index, markdown)
    added += Math.max(0, columns - table.children[index]!.children.length)
  }
  return undefined
}

function asParagraph(table: Table, from: number, markdown: string): Paragraph | undefined {
  const rows = table.children.splice(from)
  const first = rows[0]?.position
  const last = rows[rows.length - 1]?.position
  const kept = table.children[table.children.length - 1]?.position
  if (table.position && kept) table.position = { ...table.position, end: kept.end }
  // Each row's own text: a row inside a quote or a list starts after its container's marks.
  const value = rows
    .map((row) =>
      row.position
        ? markdown.slice(row.position.start.offset ?? 0, row.position.end.offset ?? 0)
        : '',
    )
    .join('\n')
  const position = first && last ? { start: first.start, end: last.end } : undefined
  return { type: 'paragraph', children: [{ type: 'text', value, position }], position }
}
