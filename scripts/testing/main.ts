/** `npm test` (see runTestStages.ts). */
import { spawn } from 'node:child_process'
import { ensurePrerequisites } from '../prerequisites/ensurePrerequisites'
import { consoleRunner, nodeSystem } from '../prerequisites/nodeSystem'
import { runTestStages } from './runTestStages'

const code = await runTestStages({
  ensurePrerequisites: () => ensurePrerequisites('test', nodeSystem(), consoleRunner),
  runStage: (stage) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', stage], { stdio: 'inherit' })
      child.on('error', () => resolve(127))
      child.on('exit', (exitCode) => resolve(exitCode ?? 1))
    }),
  log: (line) => console.log(line),
  now: () => Date.now(),
})
process.exit(code)
