import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EDITOR_BUDGET } from '../../../scripts/size/budgets.ts'
import { EDITOR_MODULE, editorLoad } from '../../../scripts/size/editorLoad.ts'
import { editorProblemsOf } from '../../../scripts/size/main.ts'
import { CHUNK_PACKAGES_FILE } from '../../../scripts/vite/chunkPackagesPlugin.ts'

let distDir: string
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'folio-editor-size-'))
  await mkdir(join(distDir, 'assets'))
  await mkdir(join(distDir, '.vite'))
  await mkdir(join(distDir, 'dashboard'))
  for (const file of ['app', 'editor', 'codemirror', 'html', 'python'])
    await writeFile(join(distDir, 'assets', `${file}.js`), `export const ${file}=1`)
  // The dashboard already has app.js; the editor imports codemirror and html statically and
  // python only when a fence asks for it.
  await writeFile(
    join(distDir, 'dashboard', 'index.html'),
    '<html><head><script type="module" src="/assets/app.js"></script></head></html>',
  )
  await writeFile(
    join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      [EDITOR_MODULE]: {
        file: 'assets/editor.js',
        imports: ['_codemirror.js', '_app.js'],
        dynamicImports: ['_python.js'],
      },
      '_codemirror.js': { file: 'assets/codemirror.js', imports: ['_html.js'] },
      '_html.js': { file: 'assets/html.js' },
      '_python.js': { file: 'assets/python.js' },
      '_app.js': { file: 'assets/app.js' },
    }),
  )
  await writeFile(
    join(distDir, CHUNK_PACKAGES_FILE),
    JSON.stringify({
      'assets/codemirror.js': ['@codemirror/view'],
      'assets/html.js': ['@codemirror/lang-html'],
      'assets/python.js': ['@codemirror/lang-python'],
    }),
  )
})
afterAll(() => rm(distDir, { recursive: true, force: true }))

describe('what opening a note loads', () => {
  it('is the editor and its static imports, less what the dashboard already loaded', async () => {
    const load = await editorLoad(distDir)
    expect(load.files.sort()).toEqual([
      'assets/codemirror.js',
      'assets/editor.js',
      'assets/html.js',
    ])
    expect(load.packages).toEqual(['@codemirror/lang-html', '@codemirror/view'])
    expect(load.gzipBytes).toBeGreaterThan(0)
  })

  it('fails on a fenced language that rides along, and on going over budget', async () => {
    const load = await editorLoad(distDir)
    expect(editorProblemsOf(load, { ...EDITOR_BUDGET, maxGzipBytes: 1_000_000 })).toEqual([
      'loads @codemirror/lang-html',
    ])
    expect(
      editorProblemsOf(
        { ...load, packages: ['@codemirror/view'] },
        { ...EDITOR_BUDGET, maxGzipBytes: load.gzipBytes - 1 },
      ),
    ).toEqual(['JavaScript over budget'])
    expect(
      editorProblemsOf(
        { ...load, packages: ['@codemirror/view'] },
        { ...EDITOR_BUDGET, maxGzipBytes: load.gzipBytes },
      ),
    ).toEqual([])
  })
})
