import { createRequire } from 'node:module'
import { createHighlighterCore, type ThemeRegistration } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import { describe, expect, it } from 'vitest'
import { shikiThemesPlugin, shikiReadsColor } from '../../../scripts/vite/shikiThemesPlugin.ts'
import { SHIKI_THEMES } from '../../../src/features/content/themes.ts'

const require = createRequire(import.meta.url)
const themeFile = (name: string) => require.resolve(`@shikijs/themes/${name}`)

/** A theme module as the plugin hands it to the preview worker's build, evaluated. */
async function shipped(name: string): Promise<ThemeRegistration> {
  const plugin = shikiThemesPlugin()
  const load = plugin.load as (id: string) => Promise<string | null>
  const code = await load(themeFile(name))
  if (!code) throw new Error(`the plugin left ${name} alone`)
  const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
    default: ThemeRegistration
  }
  return module.default
}

const published = async (name: string) =>
  ((await import(themeFile(name))) as { default: ThemeRegistration }).default

const SAMPLES: [lang: string, code: string][] = [
  ['typescript', 'export const answer: number = 42 // why\nclass A<T> { #x = `t${1}` }\n'],
  ['shellscript', '#!/usr/bin/env bash\nset -euo pipefail\necho "$HOME" | grep -c x || true\n'],
  ['ansi', '\u001b[31mred\u001b[0m \u001b[1;32mbold green\u001b[0m \u001b[44mon blue\u001b[0m\n'],
  ['markdown', '# Title\n\n- *a* **b** `c`\n\n> quote [link](https://x.example)\n'],
]

async function highlighterWith(themes: ThemeRegistration[]) {
  return createHighlighterCore({
    themes,
    langs: [
      import('@shikijs/langs/typescript'),
      import('@shikijs/langs/shellscript'),
      import('@shikijs/langs/markdown'),
    ],
    engine: createJavaScriptRegexEngine(),
  })
}

describe("the preview's shiki themes", () => {
  it('keep only the colours shiki reads, and every token colour', async () => {
    for (const name of Object.values(SHIKI_THEMES)) {
      const full = await published(name)
      const slim = await shipped(name)
      expect(Object.keys(slim.colors ?? {}).sort()).toEqual(
        Object.keys(full.colors ?? {})
          .filter(shikiReadsColor)
          .sort(),
      )
      expect(slim.colors?.['editor.background']).toBe(full.colors?.['editor.background'])
      expect(slim.colors?.['terminal.ansiRed']).toBe(full.colors?.['terminal.ansiRed'])
      expect(slim.tokenColors).toEqual(full.tokenColors)
      expect(Object.isFrozen(slim)).toBe(true)
    }
  })

  it('colour code exactly as the published themes do, in both colour modes', async () => {
    const names = Object.values(SHIKI_THEMES)
    const full = await highlighterWith(await Promise.all(names.map(published)))
    const slim = await highlighterWith(await Promise.all(names.map(shipped)))
    // No time limit: a line that takes shiki over 500 ms (the first, while its regexes compile,
    // on a busy machine) is otherwise left as one token, in one highlighter and not the other.
    const options = { themes: SHIKI_THEMES, defaultColor: false, tokenizeTimeLimit: 0 } as const
    for (const [lang, code] of SAMPLES) {
      const html = slim.codeToHtml(code, { lang, ...options })
      expect(html, lang).toBe(full.codeToHtml(code, { lang, ...options }))
      expect(html).toContain('--shiki-dark-bg:#0d1117')
    }
  })

  it('leave every other module to Vite', async () => {
    const load = shikiThemesPlugin().load as (id: string) => Promise<string | null>
    expect(await load(require.resolve('shiki/core'))).toBeNull()
  })
})
