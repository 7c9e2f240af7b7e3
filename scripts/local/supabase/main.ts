/**
 * The local Supabase stand-in, on one port:
 *   npm run backend -- [--port 54321] [--reset] [--memory] [--auto-confirm]   (--help: all)
 * DATABASE_URL=postgres://… uses that PostgreSQL server instead of PGlite.
 */
import { startBackend } from './startBackend.ts'
import { portFlag, readCommandLine, readFlags } from '../../cliFlags.ts'

const values = readCommandLine({
  usage: `Usage: npm run backend -- [flags]
  --port <n>        port to listen on; 0 takes a free one (default 54321)
  --host <addr>     address to bind (default 127.0.0.1)
  --reset           wipe the local data (.folio-data/, or the DATABASE_URL schemas) first
  --memory          keep everything in memory (nothing written to disk)
  --auto-confirm    sign-ups need no email confirmation
  --no-env-file     do not write VITE_SUPABASE_* to .env.local

Settings (passwords, confirmations, two-factor, rate limits, bucket limits) come from
supabase/config.toml. Environment: FOLIO_SITE_URL (the site email links lead to, and the
browser origin allowed to call the backend), FOLIO_ALLOWED_ORIGINS (more origins, comma-
separated), FOLIO_JWT_SECRET (required to listen on anything but loopback).`,
  options: {
    port: { type: 'string', default: process.env.FOLIO_BACKEND_PORT ?? '54321' },
    host: { type: 'string', default: '127.0.0.1' },
    reset: { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    'auto-confirm': { type: 'boolean', default: process.env.FOLIO_AUTH_AUTOCONFIRM === 'true' },
    'no-env-file': { type: 'boolean', default: false },
  },
})

// Port 0: any free port (the API URL it prints names it).
const port = readFlags(() => portFlag('--port', values.port, { min: 0 }))

const backend = await startBackend({
  port,
  host: values.host,
  reset: values.reset,
  memory: values.memory,
  autoConfirm: values['auto-confirm'],
  ...(values['no-env-file'] ? { envFile: undefined } : {}),
}).catch((error: unknown) => {
  // One readable line instead of a driver dump (PGlite errors carry the whole script).
  const code = (error as { code?: string }).code
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} is already in use: stop the other backend or pass --port <n>.`
      : `The backend could not start: ${(error as Error).message}`,
  )
  process.exit(1)
})

console.log(`
Folio local backend (${backend.db.engine}) is running.
  API URL:          ${backend.url}
  anon key:         ${backend.anonKey}
  service_role key: ${backend.serviceRoleKey}
  mailbox:          ${backend.url}/__mailbox?email=you@example.com
${values['no-env-file'] ? 'Not writing .env.local (--no-env-file).' : 'Wrote VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY to .env.local.'}
`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void backend.stop().finally(() => process.exit(0))
  })
}
