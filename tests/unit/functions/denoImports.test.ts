import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Hosted Edge Functions resolve packages only through supabase/functions/deno.json, while the
 * local stand-in and the tests run the same files on Node with node_modules: a package missing
 * from the import map, or pinned to another version, would pass here and fail once deployed.
 */
const functionsDir = 'supabase/functions'
const importMap = JSON.parse(readFileSync(`${functionsDir}/deno.json`, 'utf8')) as {
  imports: Record<string, string>
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

const packagesImported = new Set(
  sourceFiles(functionsDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^import[^'"]*['"]([^'".][^'"]*)['"]/gm)].map(
      (match) => match[1] as string,
    ),
  ),
)

describe('the functions import map', () => {
  it('names every package the functions import', () => {
    expect(packagesImported.size).toBeGreaterThan(0)
    for (const name of packagesImported) expect(importMap.imports, name).toHaveProperty(name)
  })

  it('pins each exact version to the one the tests run with', () => {
    for (const [name, target] of Object.entries(importMap.imports)) {
      const pinned = /^npm:(?:@[^/]+\/)?[^@]+@(\d+\.\d+\.\d+)$/.exec(target)?.[1]
      if (!pinned) continue
      const installed = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8'))
      expect(`${name}@${installed.version}`).toBe(`${name}@${pinned}`)
    }
  })
})
