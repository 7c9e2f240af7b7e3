/**
 * Every code block sits in the same box: one in a language shiki does not know (```foo), or in
 * none, is printed plain and takes its background and text colour from the stylesheet's code
 * tokens, which must be the colours shiki gives a highlighted block's `<pre>`, in both themes.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createCodeHighlighter } from '../../../scripts/content/highlighter.ts'
import { renderMarkdown } from '../../../src/features/content/markdown.ts'

const NOTE = '```ts\nconst answer = 42\n```\n\n```foo\nfrobnicate --all\n```\n\n```\nplain\n```\n'

/** The custom properties `:root` (light) or `:root.dark` declares in the site's tokens. */
function tokens(selector: ':root' | ':root.dark'): Map<string, string> {
  const css = readFileSync('src/styles/tokens.css', 'utf8')
  const escaped = selector.replace('.', '\\.')
  const block = new RegExp(`^${escaped} \\{([^}]*)\\}`, 'm').exec(css)?.[1] ?? ''
  return new Map(
    [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [
      match[1] as string,
      (match[2] as string).trim().toLowerCase(),
    ]),
  )
}

describe('code blocks', () => {
  it('print a block in an unknown language, or none, as plain text without token colours, reachable by keyboard as a highlighted one is', async () => {
    const highlight = await createCodeHighlighter(['ts'])
    const { html } = renderMarkdown(NOTE, { highlight })
    expect(html).toContain('<pre class="shiki ')
    expect(html).toContain(
      '<pre tabindex="0"><code class="language-foo">frobnicate --all\n</code></pre>',
    )
    expect(html).toContain('<pre tabindex="0"><code>plain\n</code></pre>')
  })

  it('give the plain box the colours of a highlighted one, light and dark', async () => {
    const highlight = await createCodeHighlighter(['ts'])
    const { html } = renderMarkdown(NOTE, { highlight })
    const style = /<pre class="shiki [^"]*" style="([^"]*)"/.exec(html)?.[1] ?? ''
    const shiki = new Map(
      style.split(';').map((declaration) => declaration.split(':') as [string, string]),
    )
    const [light, dark] = [tokens(':root'), tokens(':root.dark')]
    expect(light.get('--code-bg')).toBe(shiki.get('--shiki-light-bg')?.toLowerCase())
    expect(light.get('--code-text')).toBe(shiki.get('--shiki-light')?.toLowerCase())
    expect(dark.get('--code-bg')).toBe(shiki.get('--shiki-dark-bg')?.toLowerCase())
    expect(dark.get('--code-text')).toBe(shiki.get('--shiki-dark')?.toLowerCase())
  })

  it('take those colours for every block, not only highlighted ones', () => {
    const css = readFileSync('src/features/content/content.css', 'utf8')
    const pre = /^\.prose pre \{([^}]*)\}/m.exec(css)?.[1] ?? ''
    expect(pre).toMatch(/background(-color)?: var\(--code-bg\);/)
    expect(pre).toMatch(/\bcolor: var\(--code-text\);/)
  })
})
