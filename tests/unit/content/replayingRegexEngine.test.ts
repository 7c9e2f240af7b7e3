import { createHighlighter, type BundledLanguage, type Highlighter } from 'shiki'
import { createOnigurumaEngine } from 'shiki/engine/oniguruma'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  replayingRegexEngine,
  type ReplayingRegexEngine,
} from '../../../scripts/content/replayingRegexEngine.ts'
import { SHIKI_THEMES } from '../../../src/features/content/themes.ts'

const LANGS: BundledLanguage[] = ['ts', 'bash', 'html', 'markdown', 'json']
const SAMPLES: [BundledLanguage, string][] = [
  ['ts', 'interface Job { id: string }\nexport const run = async (job: Job) => `/api/${job.id}` // go\n'],
  ['bash', '#!/usr/bin/env bash\nset -euo pipefail\nfor f in dist/*.js; do gzip -9 "$f"; done\n'],
  ['html', '<style>p { color: red }</style>\n<script>const a = 1 < 2 && "x"</script>\n<p class="x">hi</p>\n'],
  ['markdown', '# Title\n\n```ts\nconst answer: number = 42\n```\n\n- [link](https://x.example)\n'],
  ['json', '{ "a": [1, 2.5e3, true, null], "b": { "c": "d\\n" } }\n'],
  ['ts', `const long = '${'é€𝄞'.repeat(40)}'\n`],
]

let engine: ReplayingRegexEngine
let replaying: Highlighter
let plain: Highlighter

beforeAll(async () => {
  engine = replayingRegexEngine(await createOnigurumaEngine(import('shiki/wasm')))
  replaying = await createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: LANGS, engine })
  plain = await createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: LANGS })
})

const dual = (highlighter: Highlighter, code: string, lang: BundledLanguage) =>
  highlighter.codeToHast(code, { lang, themes: SHIKI_THEMES, defaultColor: false, tokenizeTimeLimit: 0 })

describe('the replaying regex engine', () => {
  // Compiling five grammars' regexes (on the first line of each) is slow on a busy machine.
  it('highlights every sample exactly as shiki does on its own, in both themes', () => {
    for (const [lang, code] of SAMPLES) {
      engine.forget()
      expect(dual(replaying, code, lang)).toEqual(dual(plain, code, lang))
    }
  }, 30_000)

  it('answers the second theme from the first theme’s scans', () => {
    const [lang, code] = SAMPLES[0] as [BundledLanguage, string]
    engine.forget()
    let before = engine.innerScans
    replaying.codeToHast(code, { lang, theme: SHIKI_THEMES.light })
    const oneTheme = engine.innerScans - before
    engine.forget()
    before = engine.innerScans
    dual(replaying, code, lang)
    expect(oneTheme).toBeGreaterThan(0)
    expect(engine.innerScans - before).toBe(oneTheme)
  })

  it('keeps nothing after forget(): the next block scans afresh', () => {
    const [lang, code] = SAMPLES[1] as [BundledLanguage, string]
    engine.forget()
    dual(replaying, code, lang)
    engine.forget()
    const before = engine.innerScans
    dual(replaying, code, lang)
    expect(engine.innerScans).toBeGreaterThan(before)
  })
})
