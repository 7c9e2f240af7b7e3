/**
 * Runs a command against a throwaway PostgreSQL server:
 *   npx tsx scripts/testing/withPostgres.ts -- <command> [args…]
 * It creates a cluster in a temporary folder with PostgreSQL's binaries (FOLIO_POSTGRES_BIN_DIR,
 * or Debian's with 15 preferred: see scripts/prerequisites), starts it on a free port, runs
 * the command with DATABASE_URL pointing at it, then stops and deletes it. The backend suite runs this way so every migration and RLS policy is also
 * proven on the PostgreSQL that Supabase runs, not only on PGlite.
 *
 * Both databases run by default. FOLIO_SKIP_POSTGRES=1 leaves this run out on purpose (npm test
 * says so in its summary); without that, a missing PostgreSQL fails with how to install it
 * (`npm test` installs it first where it can).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, chownSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { aptCommand } from '../prerequisites/ensurePrerequisites.ts'
import { nodeSystem } from '../prerequisites/nodeSystem.ts'
import { findPostgresBinDir } from '../prerequisites/requirements.ts'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** PostgreSQL refuses to run as root: as root, run its binaries as the `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return userInfo().uid === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
}

function run(command: string, args: string[]): void {
  const [file, argv] = asServerUser(command, args)
  const result = spawnSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} failed:\n${result.stderr || result.stdout}`)
  }
}

const separator = process.argv.indexOf('--')
const command = separator === -1 ? [] : process.argv.slice(separator + 1)
if (command.length === 0) {
  console.error('Usage: npx tsx scripts/testing/withPostgres.ts -- <command> [args…]')
  process.exit(2)
}

if (process.env.FOLIO_SKIP_POSTGRES === '1') {
  console.warn('⚠ FOLIO_SKIP_POSTGRES=1: the PostgreSQL run is left out; only PGlite was checked.')
  process.exit(0)
}
const system = nodeSystem()
const binDir = findPostgresBinDir(system)
if (!binDir) {
  console.error(
    `PostgreSQL is not installed, and the backend suite runs on it too.\n` +
      `  Install it: ${aptCommand(['postgresql-15'], system)}\n` +
      `  (or set FOLIO_POSTGRES_BIN_DIR to the folder with its initdb; or FOLIO_SKIP_POSTGRES=1 to leave this run out)`,
  )
  process.exit(1)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-pg-'))
if (userInfo().uid === 0) chownSync(dataDir, Number(spawnSync('id', ['-u', 'postgres']).stdout), 0)
const pgCtl = path.join(binDir, 'pg_ctl')
const port = await freePort()
let exitCode = 1
let started = false
try {
  console.log(`==> PostgreSQL (${binDir}) on port ${port}`)
  // The superuser is supabase_admin, as on hosted Supabase: `postgres` must be an ordinary
  // role there, the one the backend applies migrations as.
  run(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'supabase_admin',
    '--auth=trust',
    '-E',
    'UTF8',
  ])
  // Throwaway data: durability costs time and buys nothing here.
  const serverOptions = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c log_min_messages=error`
  run(pgCtl, [
    '-D',
    dataDir,
    '-o',
    serverOptions,
    '-l',
    path.join(dataDir, 'server.log'),
    '-w',
    'start',
  ])
  started = true
  const [program, ...args] = command as [string, ...string[]]
  const child = spawn(program, args, {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: `postgres://supabase_admin@127.0.0.1:${port}/postgres` },
  })
  exitCode = await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)))
} catch (error) {
  console.error((error as Error).message)
} finally {
  if (started) run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
