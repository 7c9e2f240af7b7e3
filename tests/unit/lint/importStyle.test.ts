import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One import style, decided by who runs the importing file. What Vite bundles (src/) imports
 * modules without an extension, as Vite resolves them. What runs as written — scripts/ on Node
 * through tsx, supabase/ on Deno, tests/ in vitest and Playwright, and src/config, which the
 * Vite config loads on Node — names the file with `.ts`, as Deno and Node's loader require.
 */
const trackedSources = execFileSync('git', ['ls-files', 'src', 'scripts', 'supabase', 'tests'])
  .toString()
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && existsSync(file))

const bundledByVite = (file: string) => file.startsWith('src/') && !file.startsWith('src/config/')

const IMPORT =
  /^(?:import|export)\b[^'"]*?from\s*'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/gm

/** The module a specifier names, if it is one of ours (a test's sample code names none). */
function isModule(file: string, specifier: string): boolean {
  const target = path.join(path.dirname(file), specifier)
  return ['', '.ts', '.tsx', '/index.ts'].some((suffix) => existsSync(`${target}${suffix}`))
}

function misnamedImports(file: string): string[] {
  const found: string[] = []
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = (match[1] ?? match[2]) as string
    const named = /\.tsx?$/.test(specifier)
    if (!named && /\.[a-z0-9]+$/.test(specifier)) continue // a stylesheet, JSON, …
    if (!isModule(file, specifier)) continue
    if (bundledByVite(file) === named) found.push(`${file}: '${specifier}'`)
  }
  return found
}

describe('relative imports', () => {
  it('leave the extension out in bundled code and name it everywhere else', () => {
    expect(trackedSources.length).toBeGreaterThan(300)
    expect(trackedSources.flatMap(misnamedImports)).toEqual([])
  })
})
