import { afterEach, describe, expect, it, vi } from 'vitest'
import { bundledLanguages } from 'shiki/langs'
import {
  createPreviewRenderer,
  fenceLanguages,
} from '../../../src/features/workspace/preview/previewRenderer.ts'
import { createBrowserHighlighter } from '../../../src/features/workspace/preview/shikiBrowser.ts'
import { renderMarkdown } from '../../../src/features/content/markdown.ts'

/** A render's blocks as one HTML text. */
async function htmlOf(blocks: Promise<string[]>): Promise<string> {
  return (await blocks).join('\n')
}

/** The browser renderer, with every grammar import counted. */
function countingRenderer() {
  const requested: string[] = []
  const languages = Object.fromEntries(
    Object.entries(bundledLanguages).map(([name, load]) => [
      name,
      () => {
        requested.push(name)
        return load()
      },
    ]),
  )
  const renderer = createPreviewRenderer({ languages, createHighlighter: createBrowserHighlighter })
  return { renderer, requested }
}

describe('fenceLanguages', () => {
  it('finds the language of each fence, backticks or tildes, once', () => {
    const markdown =
      '```ts\na\n```\n\n~~~Python\nb\n~~~\n\n```ts title="x"\nc\n```\n\n```\nplain\n```\n'
    expect(fenceLanguages(markdown)).toEqual(['ts', 'python'])
  })
})

describe('the preview pipeline', () => {
  it('lets each paragraph take its own direction, so Arabic and Hebrew read right-to-left', async () => {
    const { renderer } = countingRenderer()
    const html = await htmlOf(
      renderer.render('مرحبا بالعالم\n\nHello\n\n- שלום\n\n```\ncode stays ltr\n```\n'),
    )
    expect(html).toContain('<p dir="auto">مرحبا بالعالم</p>')
    expect(html).toContain('<p dir="auto">Hello</p>')
    expect(html).toContain('<li dir="auto">שלום</li>')
    expect(html).not.toMatch(/<(pre|code)[^>]*dir=/)
  })

  it("says the note's headings under its title in the dashboard, with the blog's tags, ids and anchors", async () => {
    const { renderer } = countingRenderer()
    const markdown =
      '# Plan\n\n## Steps\n\n### Rollback\n\n#### Why\n\n##### Notes\n\n###### Aside\n'
    const html = await htmlOf(renderer.render(markdown))
    const said = [...html.matchAll(/<h(\d) id="([^"]+)"[^>]*aria-level="(\d)"/g)].map(
      ([, tag, id, level]) => `h${tag}#${id}: ${level}`,
    )
    // The page's h1, the note's title an h2: the note's "#" is the third level.
    expect(said).toEqual([
      'h1#user-content-plan: 3',
      'h2#user-content-steps: 4',
      'h3#user-content-rollback: 5',
      'h4#user-content-why: 6',
      'h5#user-content-notes: 6',
      'h6#user-content-aside: 6',
    ])
    expect(html).toContain('<a class="heading-anchor" href="#steps"')
    // The blog renders the same markdown as the page's own outline, unchanged.
    const blog = renderMarkdown(markdown).html
    expect(blog).not.toContain('aria-level')
    expect(blog.replace(/ dir="auto"/g, '')).toBe(html.replace(/ dir="auto"| aria-level="\d"/g, ''))
  })

  it('highlights fenced code with the site themes, loading only the grammars used', async () => {
    const { renderer, requested } = countingRenderer()
    const html = await htmlOf(renderer.render('# Title\n\n```ts\nconst answer: number = 42\n```\n'))
    expect(html).toContain('<h1 id="user-content-title" dir="auto" aria-level="3">')
    expect(html).toMatch(/<pre class="shiki shiki-themes github-light-default github-dark-default"/)
    expect(html).toContain('--shiki-light:')
    expect(html).toContain('--shiki-dark:')
    expect(html).toContain('data-language="ts"')
    expect(requested).toEqual(['ts'])
    expect(renderer.loadedLanguages()).toContain('typescript')
    expect(renderer.loadedLanguages()).not.toContain('python')

    await htmlOf(renderer.render('```ts\nlet a = 1\n```\n\n```python\nprint(1)\n```\n'))
    expect(requested).toEqual(['ts', 'python']) // ts was not fetched again
  }, 20_000)

  it('does not start shiki for a document without fenced code in a known language', async () => {
    let created = 0
    const renderer = createPreviewRenderer({
      languages: bundledLanguages,
      createHighlighter: () => {
        created += 1
        return createBrowserHighlighter()
      },
    })
    const html = await htmlOf(renderer.render('Plain *text*\n\n```nosuchlang\n<b>x</b>\n```\n'))
    expect(created).toBe(0)
    expect(html).toContain('<em>text</em>')
    expect(html).toContain('&#x3C;b>x&#x3C;/b>')
  })

  it('downloads a grammar while shiki itself is still loading, not after', async () => {
    const requested: string[] = []
    let startShiki: () => void = () => {}
    const shikiLoaded = new Promise<void>((resolve) => (startShiki = resolve))
    const renderer = createPreviewRenderer({
      languages: {
        ts: () => {
          requested.push('ts')
          return bundledLanguages.ts()
        },
      },
      createHighlighter: () => shikiLoaded.then(createBrowserHighlighter),
    })
    const rendered = renderer.render('```ts\nconst answer = 42\n```\n')
    await Promise.resolve()
    expect(requested).toEqual(['ts'])
    startShiki()
    expect(await htmlOf(rendered)).toContain('--shiki-light')
    expect(requested).toEqual(['ts'])
  })

  it('leaves blocks plain when a grammar cannot load', async () => {
    const renderer = createPreviewRenderer({
      languages: { broken: () => Promise.reject(new Error('offline')) },
      createHighlighter: createBrowserHighlighter,
    })
    const html = await htmlOf(renderer.render('```broken\nsome code\n```\n'))
    expect(html).toContain('<code class="language-broken">some code\n</code>')
  })

  it('renders a hostile document inert', async () => {
    const { renderer } = countingRenderer()
    const hostile = [
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<a href="javascript:alert(4)">raw link</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<div onclick="alert(5)" style="position:fixed">styled</div>',
      '![pic](javascript:alert(6))',
      '<svg><script>alert(7)</script></svg>',
      '<form action="https://evil.example"><input name="password"></form>',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg4KTwvc2NyaXB0Pg==)',
    ].join('\n\n')
    const html = await htmlOf(renderer.render(hostile, 'https://folio.example'))
    expect(html).not.toMatch(/<script|<iframe|<form|<input|<svg/i)
    expect(html).not.toMatch(/\son[a-z]+=/i)
    expect(html).not.toMatch(/javascript:|data:text/i)
    expect(html).not.toMatch(/style=/i)
    expect(html).toContain('click') // the text survives, the behaviour does not
  })

  // The preview sits inside the dashboard, whose own elements are found by id.
  it("gives headings ids that cannot stand in for the dashboard's own elements", async () => {
    const { renderer } = countingRenderer()
    const html = await htmlOf(
      renderer.render('# Root\n\n## Folio boot\n\n<a id="auth-title">x</a>'),
    )
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1])
    expect(ids.slice(0, 2)).toEqual(['user-content-root', 'user-content-folio-boot'])
    for (const id of ids) expect(id).toMatch(/^user-content-/)
  })

  it('marks external links and keeps internal ones', async () => {
    const { renderer } = countingRenderer()
    const html = await htmlOf(
      renderer.render(
        '[ours](https://folio.example/blog) and [theirs](https://other.example)',
        'https://folio.example',
      ),
    )
    expect(html).toContain('<a href="https://folio.example/blog">ours</a>')
    expect(html).toContain('<a href="https://other.example" rel="noopener noreferrer">theirs</a>')
  })

  it('counts no words: only the build uses the count, for a post’s reading time', async () => {
    // The count segments the note's prose with Intl.Segmenter on every render: wasted work in
    // the worker, and its code came with every note.
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment')
    const { renderer } = countingRenderer()
    const html = await htmlOf(renderer.render('# Notes\n\nこれは数えない文章です。\n'))
    expect(html).toContain('これは数えない文章です。')
    expect(segment).not.toHaveBeenCalled()
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})
