/**
 * `npm run bench:editor`: how fast the editor answers the keyboard in long notes. Builds the
 * site against the local backend (skip with --no-build when dist/ was built for the same
 * ports), then Playwright opens a 10 KB, a 100 KB and a 1 MB note with TypeScript and Bash
 * fences, types into the middle of each at a person's uneven pace and prints input-to-paint
 * latency per keystroke (p50/p95/max), the main thread's CPU time per keystroke, and the
 * JavaScript (gzip) the browser loaded to open each note, and a note without code
 * (scripts/bench/editor/).
 * The ports are the end-to-end suite's: E2E_PORT, E2E_BACKEND_PORT, E2E_STRIPE_PORT.
 */
import { spawnSync } from 'node:child_process'
import { E2E_STAND_IN_PORT } from '../local/stripe/index.ts'
import { MAX_DOCUMENT_BYTES } from '../../src/features/workspace/documentLimits.ts'
import { countFlag, countsFlag, readCommandLine, readFlags } from '../cliFlags.ts'

const values = readCommandLine({
  usage: `Usage: npm run bench:editor -- [flags]
  --sizes <n,n>      notes' sizes in bytes, separated by commas (default 10000,100000,998000)
  --keystrokes <n>   how many keys to type in each note (default 120)
  --no-build         use dist/ as it is (built for the end-to-end suite's ports)
  --profile          print the main thread's busiest functions while typing
  --list-scripts     list the scripts each note loaded, with their gzip sizes`,
  options: {
    sizes: { type: 'string', default: '10000,100000,998000' },
    keystrokes: { type: 'string', default: '120' },
    'no-build': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'list-scripts': { type: 'boolean', default: false },
  },
})
const backendPort = process.env.E2E_BACKEND_PORT ?? '54321'

// Said before the build, not as the database's refusal a minute into the first note.
readFlags(() => {
  countsFlag(
    '--sizes',
    values.sizes,
    `notes' sizes in bytes, from 1 to ${MAX_DOCUMENT_BYTES.toLocaleString('en')} (the most a note may hold), separated by commas`,
    { max: MAX_DOCUMENT_BYTES },
  )
  countFlag('--keystrokes', values.keystrokes, 'how many keys to type in each note (120)')
})

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (!values['no-build'])
  run('npm', ['run', 'build'], {
    VITE_SUPABASE_URL: `http://127.0.0.1:${backendPort}`,
    VITE_STRIPE_STAND_IN_URL: `http://127.0.0.1:${E2E_STAND_IN_PORT}`,
  })
run('npx', ['playwright', 'test', '-c', 'scripts/bench/editor/playwright.config.ts'], {
  BENCH_EDITOR_SIZES: values.sizes,
  BENCH_EDITOR_KEYSTROKES: values.keystrokes,
  ...(values.profile ? { BENCH_EDITOR_PROFILE: '1' } : {}),
  ...(values['list-scripts'] ? { BENCH_EDITOR_LIST_SCRIPTS: '1' } : {}),
})
