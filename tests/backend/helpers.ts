import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import * as OTPAuth from 'otpauth'
import { expect, inject } from 'vitest'
import WebSocket from 'ws'
import {
  startBackend,
  type Backend,
  type BackendOptions,
} from '../../scripts/local/supabase/index.ts'
import { uniqueEmail } from '../uniqueEmail.ts'
import { visitorAddress } from '../visitorAddress.ts'
import { workerDatabaseUrl } from './suiteDatabases.setup.ts'

export { uniqueEmail }

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * An in-memory backend on a free port, or with DATABASE_URL this worker's database on that
 * server, reset first.
 */
export function startTestBackend(overrides: Partial<BackendOptions> = {}): Promise<Backend> {
  const serverUrl = process.env.DATABASE_URL
  return startBackend({
    port: 0,
    memory: true,
    emptyCluster: inject('emptyPgliteCluster'),
    databaseUrl: serverUrl ? workerDatabaseUrl(serverUrl) : undefined,
    reset: Boolean(serverUrl),
    envFile: undefined,
    refreshTokenReuseInterval: 0,
    functionsDir: path.join(here, 'fixtures/functions'),
    log: () => undefined,
    ...overrides,
  })
}

/**
 * A copy of supabase/config.toml with one value changed, for `startTestBackend({ configFile })`.
 * It lies in a repository of its own (a temporary folder, left to the system to clear) with the
 * email templates the file names beside it.
 */
export async function configWith(replace: [RegExp, string]): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'folio-config-'))
  const dir = path.join(root, 'supabase')
  await cp(path.resolve('supabase/templates'), path.join(dir, 'templates'), { recursive: true })
  const text = await readFile(path.resolve('supabase/config.toml'), 'utf8')
  expect(text).toMatch(replace[0])
  const file = path.join(dir, 'config.toml')
  await writeFile(file, text.replace(replace[0], replace[1]))
  return file
}

/**
 * A supabase-js client as the browser would have it, minus storage and timers. Each client is
 * a visitor of its own (tests/visitorAddress.ts); tests of Auth's request budgets pass one
 * `visitor` to every client they make.
 */
export function client(
  backend: Backend,
  key = backend.anonKey,
  flowType: 'implicit' | 'pkce' = 'implicit',
  visitor = visitorAddress(),
): SupabaseClient {
  const memory = new Map<string, string>()
  return createClient(backend.url, key, {
    global: { headers: { 'x-forwarded-for': visitor } },
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType,
      // Node has no localStorage: keep the session (and PKCE verifier) in memory.
      storage: {
        getItem: (k) => memory.get(k) ?? null,
        setItem: (k, v) => void memory.set(k, v),
        removeItem: (k) => void memory.delete(k),
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

export function serviceClient(backend: Backend): SupabaseClient {
  return createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/** A confirmed user (created through the admin API) and a client signed in as them. */
export async function signedInUser(
  backend: Backend,
  label = 'user',
  password = 'correct horse battery',
) {
  const email = uniqueEmail(label)
  const admin = serviceClient(backend)
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  if (created.error) throw created.error
  const supabase = client(backend)
  const signedIn = await supabase.auth.signInWithPassword({ email, password })
  if (signedIn.error) throw signedIn.error
  return { supabase, email, password, id: created.data.user!.id, session: signedIn.data.session! }
}

/** Makes a user Pro the way the Stripe webhook would: an active subscription row. */
export async function makePro(backend: Backend, userId: string): Promise<void> {
  const admin = serviceClient(backend)
  const { error } = await admin.from('subscriptions').insert({
    id: `sub_${userId.slice(0, 8)}`,
    user_id: userId,
    status: 'active',
    price_id: 'price_FolioProMonthly',
    quantity: 1,
  })
  if (error) throw new Error(error.message)
}

/** Follows an email link to /auth/v1/verify and returns where it redirects. */
export async function followLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' })
  const location = response.headers.get('location')
  if (!location) throw new Error(`verify did not redirect (status ${response.status})`)
  return new URL(location)
}

export function fragmentParams(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.replace(/^#/, ''))
}

const lastTotpStep = new Map<string, number>()

/**
 * A TOTP code for `secret` that the backend will accept: each time step works once per factor
 * (RFC 6238 §5.2), so a second code within 30 s is the next step's (one step of clock skew is
 * allowed), and a third waits for the clock.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) })
  for (;;) {
    const current = Math.floor(Date.now() / 30_000)
    const step = Math.max(current, (lastTotpStep.get(secret) ?? -Infinity) + 1)
    if (step <= current + 1) {
      lastTotpStep.set(secret, step)
      return totp.generate({ timestamp: step * 30_000 })
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * 30_000 - Date.now() + 50))
  }
}

/** Enrols and verifies a TOTP factor for a signed-in client, leaving it at aal2. */
export async function enrolTotp(supabase: SupabaseClient, friendlyName = 'phone') {
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (enrolled.error) throw enrolled.error
  const { id: factorId, totp } = enrolled.data
  const verified = await supabase.auth.mfa.challengeAndVerify({
    factorId,
    code: await freshTotpCode(totp.secret),
  })
  if (verified.error) throw verified.error
  return { factorId, secret: totp.secret, uri: totp.uri, qrCode: totp.qr_code }
}

/** A 1×1 transparent PNG: the smallest image the attachments bucket accepts. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)
