// @vitest-environment jsdom
import { bundledLanguages } from 'shiki/langs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/features/content/pipeline.ts'
import { splitHtmlBlocks } from '../../../src/features/workspace/preview/htmlBlocks.ts'
import {
  CHUNK_BLOCKS,
  CHUNK_CLASS,
  NO_BLOCKS,
  patchBlocks,
} from '../../../src/features/workspace/preview/patchBlocks.ts'
import { createPreviewRenderer } from '../../../src/features/workspace/preview/previewRenderer.ts'
import { createBrowserHighlighter } from '../../../src/features/workspace/preview/shikiBrowser.ts'

const NOTE = `# A note

Text with <b>raw html</b>, a [link](https://example.com "a > b"), \`a < b\` and an ![image](https://example.com/a.png).

---

- one
- two
  1. nested

| a | b |
| --- | --- |
| 1 < 2 | "x" |

\`\`\`ts
const greater = (a: number, b: number) => a > b && '<div>'
\`\`\`

> quoted
> text

Last paragraph.<br>
`

function fragmentHtml(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.innerHTML
}

/** The preview's HTML as shown, with the chunks around the blocks left out. */
function shownHtml(container: Element): string {
  for (const child of container.children) expect(child.className).toBe(CHUNK_CLASS)
  return [...container.children].map((chunk) => chunk.innerHTML).join('')
}

/** The blocks' elements, in order, whatever chunk each is in. */
function blockElements(container: Element): Element[] {
  return [...container.children].flatMap((chunk) => [...chunk.children])
}

const paragraphs = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `<p>paragraph ${from + index}</p>`)

describe('the preview in blocks', () => {
  it('cuts the pipeline output into its top-level blocks and loses nothing', () => {
    const { html } = renderMarkdown(NOTE, { siteOrigin: 'https://folio.example' })
    const blocks = splitHtmlBlocks(html)
    expect(blocks.map((block) => /^<(\w+)/.exec(block)?.[1])).toEqual([
      'h1',
      'p',
      'hr',
      'ul',
      'table',
      'pre',
      'blockquote',
      'p',
    ])
    // Each block is one whole element on its own, and together they are the document.
    for (const block of blocks) {
      const template = document.createElement('template')
      template.innerHTML = block
      expect(template.content.childNodes).toHaveLength(1)
      expect(template.content.firstElementChild?.outerHTML).toBe(fragmentHtml(block))
    }
    expect(fragmentHtml(blocks.join('\n'))).toBe(fragmentHtml(html.trim()))
  })

  it('a change in one paragraph replaces that paragraph and keeps every other node', () => {
    const container = document.createElement('div')
    const before = splitHtmlBlocks(renderMarkdown(NOTE).html)
    let placed = patchBlocks(container, NO_BLOCKS, before)
    expect(shownHtml(container)).toBe(fragmentHtml(before.join('')))
    const kept = blockElements(container)

    const edited = splitHtmlBlocks(renderMarkdown(NOTE.replace('quoted', 'quoted, edited')).html)
    placed = patchBlocks(container, placed, edited)
    expect(shownHtml(container)).toBe(fragmentHtml(edited.join('')))
    const now = blockElements(container)
    const quoteIndex = edited.findIndex((block) => block.startsWith('<blockquote'))
    now.forEach((element, index) => {
      if (index === quoteIndex) expect(element).not.toBe(kept[index])
      else expect(element).toBe(kept[index])
    })

    // Blocks added and removed in the middle.
    const shorter = edited.filter((block) => !block.startsWith('<table'))
    placed = patchBlocks(container, placed, shorter)
    expect(shownHtml(container)).toBe(fragmentHtml(shorter.join('')))
    placed = patchBlocks(container, placed, [...shorter, '<p>new</p>'])
    expect(shownHtml(container)).toBe(fragmentHtml([...shorter, '<p>new</p>'].join('')))
    patchBlocks(container, placed, [])
    expect(container.innerHTML).toBe('')
  })

  it('groups a long note in chunks the browser can skip, and keeps them near their size', () => {
    // The browser checks each skippable element against the viewport on every frame: a chunk
    // per block made that thousands of checks per keystroke in a 1 MB note.
    const container = document.createElement('div')
    const chunkSizes = () => [...container.children].map((chunk) => chunk.children.length)
    let blocks = paragraphs(0, 5 * CHUNK_BLOCKS + 3)
    let placed = patchBlocks(container, NO_BLOCKS, blocks)
    expect(chunkSizes()).toEqual([...Array(5).fill(CHUNK_BLOCKS), 3])
    expect(shownHtml(container)).toBe(blocks.join(''))

    // A long paste in the middle: the chunk it lands in is cut up again.
    const middle = 2 * CHUNK_BLOCKS + 5
    blocks = [
      ...blocks.slice(0, middle),
      ...paragraphs(1_000, 3 * CHUNK_BLOCKS),
      ...blocks.slice(middle),
    ]
    placed = patchBlocks(container, placed, blocks)
    expect(shownHtml(container)).toBe(blocks.join(''))
    expect(Math.max(...chunkSizes())).toBeLessThan(2 * CHUNK_BLOCKS)
    expect(container.children.length).toBeLessThanOrEqual(
      Math.ceil((blocks.length * 2) / CHUNK_BLOCKS),
    )

    // Cutting out whole chunks' worth of blocks leaves no empty chunk behind: out of view, an
    // empty chunk would still take up the height it last had.
    blocks = [...blocks.slice(0, CHUNK_BLOCKS - 2), ...blocks.slice(4 * CHUNK_BLOCKS)]
    placed = patchBlocks(container, placed, blocks)
    expect(shownHtml(container)).toBe(blocks.join(''))
    expect(chunkSizes().every((size) => size > 0)).toBe(true)

    // Typing at the end appends to the last chunk until it is full.
    const last = chunkSizes().at(-1) as number
    patchBlocks(container, placed, [...blocks, '<p>one more</p>'])
    expect(chunkSizes().at(-1)).toBe(last === CHUNK_BLOCKS ? 1 : last + 1)
    expect(shownHtml(container)).toBe([...blocks, '<p>one more</p>'].join(''))
  })

  it('colours only the code blocks that changed since the last render', async () => {
    let coloured = 0
    const renderer = createPreviewRenderer({
      languages: { ts: bundledLanguages.ts, typescript: bundledLanguages.typescript },
      createHighlighter: async () => {
        const shiki = await createBrowserHighlighter()
        const codeToHast = shiki.codeToHast.bind(shiki)
        shiki.codeToHast = (...args) => {
          coloured += 1
          return codeToHast(...args)
        }
        return shiki
      },
    })
    const fence = (n: number) => `\`\`\`ts\nconst n${n} = ${n}\n\`\`\`\n\n`
    const note = [1, 2, 3, 4].map(fence).join('')
    const first = await renderer.render(note)
    expect(coloured).toBe(4)
    const second = await renderer.render(note.replace('n3 = 3', 'n3 = 33'))
    expect(coloured).toBe(5)
    expect(second.join('\n')).toBe(first.join('\n').replace('> 3<', '> 33<'))
  })
})
