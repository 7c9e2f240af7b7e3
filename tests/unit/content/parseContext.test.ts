/**
 * The patch to mdast-util-from-markdown (patches/, decision 0017) hands every handler one
 * context object for the whole tree, where the package made a copy for each event. The trees are
 * the same only while no handler writes a property of its context: a write would now reach the
 * handlers of the events after it. This reads the handlers the pipeline's parse runs, so an
 * upgrade of one of them that starts writing to its context fails here, not in a post.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** The packages whose handlers build the syntax tree: the parser's own and GFM's. */
const HANDLER_PACKAGES = [
  'mdast-util-from-markdown',
  'mdast-util-gfm-autolink-literal',
  'mdast-util-gfm-footnote',
  'mdast-util-gfm-strikethrough',
  'mdast-util-gfm-table',
  'mdast-util-gfm-task-list-item',
]

/** `this.x = …`, `this[x] += …`, `this.x++`, `delete this.x`, `Object.assign(this, …)`. */
const CONTEXT_WRITE =
  /\bthis(?:\.[\w$]+|\[[^\]]+\])\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)|\bthis(?:\.[\w$]+|\[[^\]]+\])\s*(?:\+\+|--)|\bdelete\s+this\b|Object\.assign\(\s*this\b/

function sourcesOf(name: string): string[] {
  // Installed once, at the top: npm dedupes them (their package.json files are not exported).
  const root = path.join('node_modules', name)
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(root, file))
}

describe('the parse context the patch shares', () => {
  it('tells a write to the context from a read of it', () => {
    for (const write of [
      'this.inTable = true',
      'this.count += 1',
      'this[key] = value',
      'this.depth++',
      'delete this.stack',
      'Object.assign(this, extra)',
    ])
      expect(write).toMatch(CONTEXT_WRITE)
    for (const read of [
      'this.data.inTable = true',
      'const node = this.stack[this.stack.length - 1]',
      'if (this.data.x === true) {}',
      'this.enter(node, token)',
    ])
      expect(read).not.toMatch(CONTEXT_WRITE)
  })

  it('is only read by the handlers the parse runs', () => {
    const writes: string[] = []
    for (const name of HANDLER_PACKAGES) {
      const files = sourcesOf(name)
      expect(files.length, name).toBeGreaterThan(0)
      for (const file of files) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (CONTEXT_WRITE.test(line)) writes.push(`${file}:${index + 1}: ${line.trim()}`)
          })
      }
    }
    expect(writes).toEqual([])
  })
})
