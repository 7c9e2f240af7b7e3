/**
 * What opening a note adds to the dashboard's first load: the editor's module and every chunk
 * it imports statically, read from Vite's manifest. Fenced languages and grammars are not in
 * it: they load when a document first uses them.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readViteManifest } from '../build/frameworkPreloads.ts'
import { firstLoadScripts, gzipSize, readChunkPackages } from './firstLoad.ts'

/** The editor's module, as the manifest names it. */
export const EDITOR_MODULE = 'src/features/workspace/editor/createMarkdownEditor.ts'

export interface EditorLoad {
  /** Chunk files the editor loads that the dashboard had not. */
  files: string[]
  gzipBytes: number
  /** npm packages in those chunks. */
  packages: string[]
}

export async function editorLoad(distDir: string): Promise<EditorLoad> {
  const manifest = readViteManifest(distDir)
  const chunkPackages = await readChunkPackages(distDir)
  if (!manifest[EDITOR_MODULE]) throw new Error(`${EDITOR_MODULE} is not in the build's manifest`)
  const dashboard = new Set(
    firstLoadScripts(await readFile(join(distDir, 'dashboard', 'index.html'), 'utf8')).map((src) =>
      src.replace(/^\//, ''),
    ),
  )
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file) || dashboard.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(EDITOR_MODULE)
  let gzipBytes = 0
  const packages = new Set<string>()
  for (const file of files) {
    gzipBytes += await gzipSize(join(distDir, file))
    for (const name of chunkPackages[file] ?? []) packages.add(name)
  }
  return { files: [...files], gzipBytes, packages: [...packages].sort() }
}
