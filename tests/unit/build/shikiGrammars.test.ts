import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { bundledLanguages } from 'shiki/langs'
import { describe, expect, it } from 'vitest'
import { gzipSync } from 'node:zlib'
import {
  GRAMMARS_PATH,
  grammarFiles,
  shikiGrammarsModule,
  shippedGrammars,
} from '../../../scripts/vite/shikiGrammarsPlugin.ts'

const grammarsDir = dirname(createRequire(import.meta.url).resolve('@shikijs/langs'))

describe('the shipped shiki grammars', () => {
  it('name a file for every language and alias shiki bundles, and every file exists', () => {
    const files = grammarFiles()
    expect(Object.keys(files).sort()).toEqual(Object.keys(bundledLanguages).sort())
    expect(files.ts).toBe('typescript.mjs')
    expect(files.sh).toBe('shellscript.mjs')
    for (const file of new Set(Object.values(files))) {
      expect(existsSync(join(grammarsDir, file)), file).toBe(true)
    }
  })

  it('are every file a language loads, with all it imports, and no file that only names an alias', () => {
    const shipped = new Set(shippedGrammars().keys())
    for (const file of Object.values(grammarFiles())) expect(shipped, file).toContain(file)
    // Every import of a shipped file is shipped: a language with embedded ones loads whole.
    for (const file of shipped) {
      const source = readFileSync(join(grammarsDir, file), 'utf8')
      for (const [, imported] of source.matchAll(/from\s+['"]\.\/([^'"]+)['"]/g))
        expect(shipped, `${file} imports ${imported}`).toContain(imported)
    }
    expect(shipped).toContain('angular-expression.mjs') // embedded only, not a language of its own
    // The alias files (`ts.mjs`: a re-export of typescript.mjs) stay behind.
    const aliases = readdirSync(grammarsDir).filter((file) =>
      readFileSync(join(grammarsDir, file), 'utf8').startsWith('/* Alias '),
    )
    expect(aliases).toContain('ts.mjs')
    for (const alias of aliases) expect(shipped, alias).not.toContain(alias)
  })

  it('live under a folder named for the shiki version, as assets/ is cached forever', () => {
    expect(GRAMMARS_PATH).toMatch(/^assets\/shiki-grammars-\d+\.\d+\.\d+\/$/)
  })
})

describe("the preview worker's map of grammar files", () => {
  async function virtualModule(): Promise<string> {
    const plugin = shikiGrammarsModule()
    ;(plugin.configResolved as (config: { base: string }) => void)({ base: '/' })
    return (plugin.load as (id: string) => string)('\0virtual:folio-shiki-grammars')
  }

  it('names the same file for every language and alias as grammarFiles', async () => {
    const code = await virtualModule()
    const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
      grammarBase: string
      grammarFiles: Record<string, string>
    }
    expect(module.grammarFiles).toEqual(grammarFiles())
    expect(module.grammarBase).toBe(`/${GRAMMARS_PATH}`)
  })

  // Every note loads it with the worker: 2.0 KB gzip as a map of names to files.
  it('weighs at most 1.4 KB gzip', async () => {
    expect(gzipSync(await virtualModule(), { level: 9 }).length).toBeLessThanOrEqual(1434)
  })
})
