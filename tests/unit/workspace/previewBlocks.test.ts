// @vitest-environment jsdom
import { bundledLanguages } from 'shiki/langs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/features/content/pipeline.ts'
import { splitHtmlBlocks } from '../../../src/features/workspace/preview/htmlBlocks.ts'
import { NO_BLOCKS, patchBlocks } from '../../../src/features/workspace/preview/patchBlocks.ts'
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
    expect(container.innerHTML).toBe(fragmentHtml(before.join('')))
    const kept = [...container.children]

    const edited = splitHtmlBlocks(renderMarkdown(NOTE.replace('quoted', 'quoted, edited')).html)
    placed = patchBlocks(container, placed, edited)
    expect(container.innerHTML).toBe(fragmentHtml(edited.join('')))
    const now = [...container.children]
    const quoteIndex = edited.findIndex((block) => block.startsWith('<blockquote'))
    now.forEach((element, index) => {
      if (index === quoteIndex) expect(element).not.toBe(kept[index])
      else expect(element).toBe(kept[index])
    })

    // Blocks added and removed in the middle.
    const shorter = edited.filter((block) => !block.startsWith('<table'))
    placed = patchBlocks(container, placed, shorter)
    expect(container.innerHTML).toBe(fragmentHtml(shorter.join('')))
    placed = patchBlocks(container, placed, [...shorter, '<p>new</p>'])
    expect(container.innerHTML).toBe(fragmentHtml([...shorter, '<p>new</p>'].join('')))
    patchBlocks(container, placed, [])
    expect(container.innerHTML).toBe('')
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
    expect(second).toBe(first.replace('> 3<', '> 33<'))
  })
})
