/**
 * Every command in package.json that runs one of our scripts answers `-- --help` with its usage
 * and starts nothing: `npm test -- --help` once started the whole ten-minute run, and
 * `npm run size -- --help` read the flag as a folder and died in a stack trace.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The script's output and exit code. A command that ignored --help would start its real work,
 * children and all: after 20 s its whole process group is stopped.
 */
function runWithHelp(file: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/tsx', [file, '--help'], { detached: true })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const stop = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 20_000)
    child.on('close', (code) => {
      clearTimeout(stop)
      resolve({ code, stdout })
    })
  })
}

const scripts = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts
const ourCommands = Object.entries(scripts).filter(([, command]) =>
  /^tsx scripts\/\S+\.ts$/.test(command),
)

describe('every command of ours', () => {
  it('is found in package.json', () => {
    expect(ourCommands.map(([name]) => name)).toEqual(
      expect.arrayContaining(['start', 'test', 'size', 'bench', 'deploy']),
    )
  })

  // Side by side: each is a second or so of tsx starting up.
  it.concurrent.each(ourCommands)(
    '%s answers --help with its usage',
    async (_name, command) => {
      const file = command.replace(/^tsx /, '')
      const { code, stdout } = await runWithHelp(file)
      expect(stdout).toMatch(/^Usage: /)
      expect(code).toBe(0)
    },
    30_000,
  )
})
