/**
 * `npm start`: the whole product on one machine. Starts the local backend (data kept in
 * .folio-data/ between runs; `npm start -- --reset` wipes it) and, without STRIPE_SECRET_KEY,
 * the Stripe stand-in with its test-mode Stripe.js and customer portal, so the whole journey
 * works offline; builds the site against them and serves dist/ like the CDN would, with the
 * production security headers (naming the stand-in instead of Stripe's hosts when it is used).
 * Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readHeaderSet } from './build/securityHeaders.ts'
import { ensurePrerequisites } from './prerequisites/ensurePrerequisites.ts'
import { consoleRunner, nodeSystem } from './prerequisites/nodeSystem.ts'
import { startStaticServer } from './serve/staticServer.ts'
import { STAND_IN_PORT, standInFunctionEnv } from './local/stripe/index.ts'
import { portFlag, readCommandLine, readFlags } from './cliFlags.ts'

const values = readCommandLine({
  usage: `Usage: npm start -- [flags]
  --port <n>           the site's port (default 4173)
  --backend-port <n>   the local backend's port (default 54321)
  --stripe-port <n>    the Stripe stand-in's port (default ${STAND_IN_PORT})
  --reset              wipe the local data (.folio-data/) first
Without STRIPE_SECRET_KEY in the environment, Stripe is the local stand-in.`,
  options: {
    port: { type: 'string', default: '4173' },
    'backend-port': { type: 'string', default: '54321' },
    'stripe-port': { type: 'string', default: String(STAND_IN_PORT) },
    reset: { type: 'boolean', default: false },
  },
})

// Each is in a URL before its server starts, so none may be 0 ("any free port").
const ports = readFlags(() => ({
  site: portFlag('--port', values.port),
  backend: portFlag('--backend-port', values['backend-port']),
  stripe: portFlag('--stripe-port', values['stripe-port']),
}))

// Nothing beyond Node today (the backend is PGlite, the browser is the visitor's): keep it so.
if (!(await ensurePrerequisites('start', nodeSystem(), consoleRunner)).ok) process.exit(1)

const siteUrl = `http://127.0.0.1:${ports.site}`
const backendUrl = `http://127.0.0.1:${ports.backend}`
const children: ChildProcess[] = []

function stopAll(code: number): never {
  for (const child of children) child.kill('SIGTERM')
  process.exit(code)
}
process.once('SIGINT', () => stopAll(0))
process.once('SIGTERM', () => stopAll(0))

function step(message: string): void {
  console.log(`\n==> ${message}`)
}

async function waitForBackend(backend: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (backend.exitCode !== null) throw new Error('the backend exited (see its message above)')
    const healthy = await fetch(`${backendUrl}/auth/v1/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the backend did not answer at ${backendUrl} within 60 s`)
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    )
  })
}

try {
  // Unless real Stripe test keys are given, Stripe's API is the local stand-in (scripts/local/stripe),
  // which also sends the signed webhooks back to the backend.
  const useStandIn = !process.env.STRIPE_SECRET_KEY
  const stripePort = ports.stripe
  const stripeEnv = useStandIn ? standInFunctionEnv(stripePort) : {}
  // The build loads Stripe.js from the stand-in only when it is told to; with real keys it
  // is the production path, js.stripe.com.
  const stripeStandInUrl = useStandIn ? `http://127.0.0.1:${stripePort}` : undefined
  if (useStandIn) {
    step(`Starting the Stripe stand-in (API, test-mode checkout and portal) on ${stripeStandInUrl}`)
    children.push(
      spawn(
        'tsx',
        [
          'scripts/local/stripe/main.ts',
          '--port',
          String(stripePort),
          '--serve-pages',
          '--webhook-url',
          `${backendUrl}/functions/v1/stripe-webhook`,
        ],
        { stdio: 'inherit' },
      ),
    )
  }

  step(`Starting the local backend on ${backendUrl}`)
  const backend = spawn(
    'tsx',
    [
      'scripts/local/supabase/main.ts',
      '--port',
      String(ports.backend),
      ...(values.reset ? ['--reset'] : []),
    ],
    // Email links lead back to this site.
    { stdio: 'inherit', env: { ...process.env, ...stripeEnv, FOLIO_SITE_URL: siteUrl } },
  )
  children.push(backend)
  await waitForBackend(backend)

  step('Building the site against it')
  const buildEnv = { ...process.env }
  if (stripeStandInUrl) buildEnv.VITE_STRIPE_STAND_IN_URL = stripeStandInUrl
  else delete buildEnv.VITE_STRIPE_STAND_IN_URL
  await run('npm', ['run', 'build'], buildEnv)

  step('Serving dist/')
  await startStaticServer({
    root: 'dist',
    port: ports.site,
    host: '127.0.0.1',
    gzip: true,
    // Exactly the headers the build emitted for these pages (its connect-src names the backend).
    headers: (await readHeaderSet('dist')).headers,
  })
  console.log(`
Folio is running at ${siteUrl}
  Sign up there; emails land in the mailbox at ${backendUrl}/__mailbox
  ${stripeStandInUrl ? `Stripe is the local stand-in (${stripeStandInUrl}): pay with 4242 4242 4242 4242` : 'Stripe: your test keys (real Stripe pages)'}
  Ctrl-C stops the site and the backend.`)
} catch (error) {
  console.error(`\nnpm start failed: ${(error as Error).message}`)
  stopAll(1)
}
