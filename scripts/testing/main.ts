/** `npm test` (see runTestStages.ts). */
import { spawn } from 'node:child_process'
import { readCommandLine } from '../cliFlags.ts'
import { ensurePrerequisites } from '../prerequisites/ensurePrerequisites.ts'
import { consoleRunner, nodeSystem } from '../prerequisites/nodeSystem.ts'
import { runTestStages } from './runTestStages.ts'
import { E2E_STAND_IN_PORT } from '../local/stripe/index.ts'

// The suite's build loads Stripe.js and the portal from the Stripe stand-in the end-to-end
// stage starts, as `npm start` does; only that stage's build gets it (a production build never
// does, and the unit tests check the production defaults).
function stageEnv(stage: string): NodeJS.ProcessEnv {
  if (stage !== 'build') return process.env
  return {
    ...process.env,
    VITE_STRIPE_STAND_IN_URL:
      process.env.VITE_STRIPE_STAND_IN_URL ?? `http://127.0.0.1:${E2E_STAND_IN_PORT}`,
  }
}

// It takes no flags; `-- --help` says what it runs instead of starting a ten-minute run.
readCommandLine({
  usage: `Usage: npm test
  Every check CI runs, in stages: the prerequisites (Chromium's headless shell, PostgreSQL 15),
  the backend suite on PGlite and PostgreSQL beside typecheck, lint and unit tests, then build,
  size and the end-to-end tests. It stops at the first failure and ends with a summary.
  FOLIO_SKIP_POSTGRES=1 leaves the PostgreSQL run out; CHROMIUM_PATH and FOLIO_POSTGRES_BIN_DIR
  point at a browser and a PostgreSQL installed elsewhere (README, "Quick start").`,
  options: {},
})

const code = await runTestStages({
  ensurePrerequisites: () => ensurePrerequisites('test', nodeSystem(), consoleRunner),
  runStage: (stage, { held }) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', stage], {
        stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: stageEnv(stage),
      })
      // A held stage's output and errors, in the order they came.
      const output: string[] = []
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      child.on('error', (error) => resolve({ code: 127, output: error.message }))
      child.on('close', (exitCode) =>
        resolve({ code: exitCode ?? 1, output: held ? output.join('') : undefined }),
      )
    }),
  log: (line) => console.log(line),
  now: () => Date.now(),
})
process.exit(code)
