/**
 * Runs a command against a throwaway PostgreSQL server:
 *   npx tsx scripts/testing/withPostgres.ts -- <command> [args…]
 * It creates a cluster in a temporary folder with Debian's PostgreSQL binaries (15 preferred),
 * starts it on a free port, runs the command with DATABASE_URL pointing at it, then stops and
 * deletes it. The backend suite runs this way so every migration and RLS policy is also
 * proven on the PostgreSQL that Supabase runs, not only on PGlite.
 *
 * Without PostgreSQL installed it explains how to install it and fails when
 * FOLIO_REQUIRE_POSTGRES=1 (CI), or steps aside with a warning on a developer's machine.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'

function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  const preferred = versions.includes('15') ? ['15', ...versions] : versions
  return preferred
    .map((version) => path.join(root, version, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')))
}

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

const binDir = findBinDir()
if (!binDir) {
  const advice =
    'PostgreSQL is not installed: `apt-get install -y postgresql-15` to run the backend suite on it.'
  if (process.env.FOLIO_REQUIRE_POSTGRES === '1') {
    console.error(advice)
    process.exit(1)
  }
  console.warn(`⚠ ${advice} Skipping the PostgreSQL run; the PGlite run covers the same tests.`)
  process.exit(0)
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
