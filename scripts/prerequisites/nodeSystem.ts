/** This machine as the prerequisite check sees it, and a runner that shows what it runs. */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import type { Runner } from './ensurePrerequisites.ts'
import type { System } from './requirements.ts'

export function nodeSystem(): System {
  return {
    platform: process.platform,
    uid: process.getuid?.(),
    nodeVersion: process.version,
    env: process.env,
    fileExists: (file) => existsSync(file),
    listDir: (dir) => {
      try {
        return readdirSync(dir)
      } catch {
        return []
      }
    },
    hasCommand: (command) =>
      spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0,
  }
}

export const consoleRunner: Runner = {
  log: (line) => console.log(line),
  run: (command, args, env = {}) =>
    new Promise((resolve) => {
      const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
      child.on('error', () => resolve(127))
      child.on('exit', (code) => resolve(code ?? 1))
    }),
}
