import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { bundledLanguages } from 'shiki/langs'
import { describe, expect, it } from 'vitest'
import { GRAMMARS_PATH, grammarFiles } from '../../../scripts/vite/shikiGrammarsPlugin.ts'

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

  it('live under a folder named for the shiki version, as assets/ is cached forever', () => {
    expect(GRAMMARS_PATH).toMatch(/^assets\/shiki-grammars-\d+\.\d+\.\d+\/$/)
  })
})
