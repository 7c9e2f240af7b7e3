import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CodeHighlighter } from '../../../src/features/content/highlightCode.ts'
import { renderMarkdown } from '../../../src/features/content/markdown.ts'
import { createCodeHighlighter, languagesIn } from '../../../scripts/content/highlighter.ts'
import {
  SAMPLES_DIR,
  editorSource,
  loadSamples,
  productSamples,
  sampleBodies,
} from '../../../scripts/content/productSamples.ts'

const note = '# Retry\n\nWait longer.\n\n```ts\nconst tries = 3\n```\n'

describe('product samples', () => {
  let highlight: CodeHighlighter
  const render = (body: string) => renderMarkdown(body, { highlight })

  beforeAll(async () => {
    highlight = await createCodeHighlighter(languagesIn(sampleBodies([{ name: 'n', body: note }])))
  })

  it('shows the editor view as the markdown itself, highlighted, with the fenced code highlighted inside', () => {
    const { html } = render(editorSource(note))
    expect(html).toMatch(/^<pre class="shiki[^"]*"[^>]*data-language="md"/)
    // The markdown's own marks are there as text, not rendered: the heading's '#' and the fence.
    expect(html).toContain('># Retry<')
    expect(html).toContain('```')
    expect(html).not.toContain('<h1')
    // The TypeScript inside the fence has its own token colours (a keyword and a number).
    expect(html).toMatch(/<span style="--shiki-light:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">const<\/span>/i)
    expect(html).toMatch(/> 3<\/span>/)
  })

  it('cannot be closed early by tildes or backticks in the note', () => {
    const tricky = 'Before\n\n~~~\nnot code\n~~~\n\n````md\n```ts\n````\nAfter\n'
    const { html } = render(editorSource(tricky))
    expect(html.match(/<pre/g)).toHaveLength(1)
    expect(html).toContain('After')
  })

  it('shows the preview view rendered, with highlighted code', () => {
    const [editor, preview] = sampleBodies([{ name: 'retry', body: note }]).map(render)
    const samples = productSamples([{ name: 'retry', body: note }], [editor!, preview!])
    expect(samples.retry?.preview.sample).toBe('retry:preview')
    expect(samples.retry?.editor.sample).toBe('retry:editor')
    expect(samples.retry?.preview.html).toContain('<h1 id="user-content-retry">')
    expect(samples.retry?.preview.html).toMatch(/<pre class="shiki[^"]*"[^>]*data-language="ts"/)
  })

  it('reads the samples the marketing pages use, and refuses a name that is not a slug', async () => {
    const names = (await loadSamples(path.resolve(SAMPLES_DIR))).map((sample) => sample.name)
    expect(names).toEqual(expect.arrayContaining(['retry', 'runbook', 'conflict', 'attachment']))
    const dir = await mkdtemp(path.join(tmpdir(), 'folio-samples-'))
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, 'Bad Name.md'), '# x\n')
    await expect(loadSamples(dir)).rejects.toThrow(`a sample's file name must be a slug ("Bad Name" is not)`)
  })
})
