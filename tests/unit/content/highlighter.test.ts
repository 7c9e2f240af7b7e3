import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { createHighlighter, type BundledLanguage } from 'shiki'
import { createOnigurumaEngine } from 'shiki/engine/oniguruma'
import { describe, expect, it } from 'vitest'
import { POST_KINDS } from '../../../scripts/bench/generatePosts.ts'
import { createCodeHighlighter, isBundledLanguage } from '../../../scripts/content/highlighter.ts'
import { SHIKI_THEMES } from '../../../src/features/content/themes.ts'
import { printedBlock, shikiBlock } from './shikiBlock.ts'

const FENCE = /^```([\w+#.-]+)\n([\s\S]*?)\n```$/gm

function fencesIn(markdown: string): [BundledLanguage, string][] {
  return [...markdown.matchAll(FENCE)]
    .filter((match) => isBundledLanguage(match[1] as string))
    .map((match) => [match[1] as BundledLanguage, match[2] as string])
}

const siteFences = ['blog', 'changelog', 'pages'].flatMap((dir) =>
  readdirSync(path.join('content', dir)).flatMap((name) =>
    fencesIn(readFileSync(path.join('content', dir, name), 'utf8')),
  ),
)
const benchFences = Object.values(POST_KINDS).flatMap((post) => [0, 7, 31].flatMap((n) => fencesIn(post(n))))
// Patterns where regex engines part ways: lookbehind, backreferences in end patterns (heredocs),
// nested templates, Unicode outside the BMP, embedded languages.
const tricky: [BundledLanguage, string][] = [
  ['bash', 'cat <<EOF\n$HOME ${x:-y} $(date)\nEOF\necho "${arr[@]}" \'single\' $((1 + 2))'],
  ['ts', 'const t = `a ${`b ${c}`} d` /* é€𝄞 */\ntype X<T> = T extends (infer U)[] ? U : never\n// done'],
  ['markdown', '# Title\n\n```ts\nconst answer: number = 42\n```\n\n> quote with `code` and [link](https://x.example)'],
  ['html', '<style>p { color: red }</style>\n<script>if (a < b && c) run("x")</script>\n<p class="x">hi</p>'],
  ['python', 'def f(x: int) -> str:\n    return f"{x!r:>10}" + r"\\d+" + """doc"""'],
  ['sql', "select 'it''s', \"Col\" from t where a ~ '^x' -- done"],
  // Italic, bold and struck-through tokens in one theme only; whitespace-only tokens inside and
  // at the ends of lines; empty lines; characters the HTML must escape.
  ['markdown', '*em* and **strong** and ~~gone~~ and `a && b < c`\n\n\t  \n- [x] done  '],
  ['ts', "\tconst a = b && c < d ? 'x' : \"y\" // `&amp;` <b>\n\n    \n}"],
]

describe('the build highlighter', () => {
  it('writes the HTML shiki and hast-util-to-html write with Oniguruma, on every fence of the site and the bench posts', async () => {
    const blocks = [...siteFences, ...benchFences, ...tricky]
    const langs = [...new Set(blocks.map(([lang]) => lang))]
    expect(langs.length).toBeGreaterThanOrEqual(8)
    const oniguruma = await createHighlighter({
      themes: Object.values(SHIKI_THEMES),
      langs,
      engine: await createOnigurumaEngine(import('shiki/wasm')),
    })
    const highlight = await createCodeHighlighter(langs)
    for (const [lang, code] of blocks) {
      expect(highlight(code, lang), `${lang}: ${code.slice(0, 40)}`).toEqual(
        printedBlock(shikiBlock(oniguruma, code, lang)),
      )
    }
    // A dozen grammars compile their regexes here: slow on a busy machine.
  }, 120_000)
})
