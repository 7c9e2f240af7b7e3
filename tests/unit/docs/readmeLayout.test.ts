/**
 * README's layout section is the tree a newcomer reads first: every path it names exists, and
 * every folder at the top, and under scripts/, src/, supabase/ and tests/, is named.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** The paths the README's layout block names, as repository paths without a trailing slash. */
function layoutPaths(readme: string): string[] {
  const section = readme.split('## Layout\n')[1]
  if (!section) throw new Error('README.md has no "## Layout" section')
  const block = /```text\n([\s\S]*?)```/.exec(section)?.[1]
  if (!block) throw new Error('the layout section has no text block')
  const paths: string[] = []
  let parent = ''
  for (const line of block.split('\n').filter(Boolean)) {
    const nested = line.startsWith('  ')
    const name = line.trim().split(/\s+/)[0]!.replace(/\/$/, '')
    if (!nested) parent = name
    paths.push(nested ? `${parent}/${name}` : name)
  }
  return paths
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(path.join(repoRoot, file)))
}

const listed = layoutPaths(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'))

describe("README's layout", () => {
  it('names only paths that exist', () => {
    const missing = listed.filter((entry) => !existsSync(path.join(repoRoot, entry)))
    expect(missing).toEqual([])
  })

  it('names every folder at the top and under scripts, src, supabase and tests', () => {
    const folders = new Set<string>()
    for (const file of trackedFiles()) {
      const parts = file.split('/')
      if (parts.length > 1) folders.add(parts[0]!)
      if (parts.length > 2 && ['scripts', 'src', 'supabase', 'tests'].includes(parts[0]!))
        folders.add(`${parts[0]}/${parts[1]}`)
    }
    const unnamed = [...folders].filter(
      (folder) => !listed.some((entry) => entry === folder || entry.startsWith(`${folder}/`)),
    )
    expect(unnamed).toEqual([])
  })
})
