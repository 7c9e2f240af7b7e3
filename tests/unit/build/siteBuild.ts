/**
 * A real build of the site in a child process, as `npm run build` runs it (its environment
 * included), for the tests that check what whole builds write.
 */
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { npmScriptEnv } from '../../../scripts/bench/npmScriptEnv.ts'

const VITE_REACT_SSG = join(process.cwd(), 'node_modules/vite-react-ssg/bin/vite-react-ssg.js')

/** Builds `content` into `out` with the caches in `cache`, and returns what the build logged. */
export async function buildSite(content: string, out: string, cache: string): Promise<string> {
  const script = (
    JSON.parse(await readFile('package.json', 'utf8')) as { scripts: { build: string } }
  ).scripts.build
  // Not Vitest's mode, nor an id given to this process: the build's own.
  const { FOLIO_BUILD_ID: _id, MODE: _mode, ...env } = process.env
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE_REACT_SSG, 'build'], {
      env: {
        ...env,
        ...npmScriptEnv(script),
        FOLIO_CONTENT_DIR: content,
        FOLIO_CACHE_DIR: cache,
        FOLIO_OUT_DIR: out,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`build failed (${code}):\n${output}`)),
    )
  })
}
