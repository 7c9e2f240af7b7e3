/**
 * The end-to-end tests' handle on the local backend that playwright.config.ts starts (in
 * memory, on the port the build's .env points at). Users are created through the admin API
 * with the service-role key, which only this Node side ever holds.
 */
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { LOCAL_JWT_SECRET, Keys, type MailMessage } from '../../scripts/local/supabase/index.ts'
import { storageKeyFor } from '../../src/features/auth/sessionKey.ts'
import { uniqueEmail } from '../uniqueEmail.ts'
import { visitorAddress } from '../visitorAddress.ts'

export { uniqueEmail }

export const BACKEND_URL = `http://127.0.0.1:${process.env.E2E_BACKEND_PORT ?? 54321}`

export interface TestUser {
  id: string
  email: string
  password: string
}

const keys = new Keys(LOCAL_JWT_SECRET, () => `${BACKEND_URL}/auth/v1`)

/** The public (anon) API key, as the site sends it. */
export function anonKey(): Promise<string> {
  return keys.apiKey('anon')
}

export async function adminClient(): Promise<SupabaseClient> {
  return createClient(BACKEND_URL, await keys.apiKey('service_role'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket of its own; realtime-js wants one even when unused.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/**
 * A supabase-js client with the public key, as a visitor of its own (`X-Forwarded-For`,
 * tests/visitorAddress.ts): what a test signs in with from Node.
 */
export async function visitorClient(): Promise<SupabaseClient> {
  return createClient(BACKEND_URL, await keys.apiKey('anon'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': visitorAddress() } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/** A confirmed user made through the admin API; `plan: 'pro'` adds an active subscription. */
export async function createUser(
  label: string,
  {
    plan = 'free',
    confirmed = true,
  }: {
    plan?: 'free' | 'pro'
    /** False: the address is not confirmed yet, as after signing up, but no email went out. */
    confirmed?: boolean
  } = {},
): Promise<TestUser> {
  const admin = await adminClient()
  const email = uniqueEmail(label)
  // Any valid password, tests read it back from the returned user; each user's own, so a test
  // that puts one in a breach (breachPassword) leaves every other account's alone.
  const password = `correct-horse-${randomUUID().slice(0, 8)}-battery`
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: confirmed,
  })
  if (error || !data.user) throw new Error(`createUser(${label}) failed: ${error?.message}`)
  if (plan === 'pro') {
    const { error: subscriptionError } = await admin.from('subscriptions').insert({
      id: `sub_e2e_${data.user.id.slice(0, 8)}`,
      user_id: data.user.id,
      status: 'active',
      price_id: 'price_FolioProMonthly',
      current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    })
    if (subscriptionError) throw new Error(`pro plan for ${label}: ${subscriptionError.message}`)
  }
  return { id: data.user.id, email, password }
}

/**
 * Makes `password` known from a breach from now on (the local stand-in for HaveIBeenPwned):
 * how an account's password, clean when chosen, turns up in a breach later. The backend is
 * shared by the whole run: only ever a password no other test uses (createUser's are unique).
 */
export async function breachPassword(password: string): Promise<void> {
  const response = await fetch(`${BACKEND_URL}/__breaches`, {
    method: 'POST',
    body: JSON.stringify({ password }),
  })
  if (!response.ok) throw new Error(`breaching a password failed: ${response.status}`)
}

/** A real session for `user`, got by signing in from Node: what an attacker would paste into a link. */
export async function sessionTokensFor(
  user: TestUser,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${BACKEND_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: await keys.apiKey('anon'),
      'content-type': 'application/json',
      'x-forwarded-for': visitorAddress(),
    },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  if (!response.ok) throw new Error(`sign-in for ${user.email} failed: ${response.status}`)
  return (await response.json()) as { access_token: string; refresh_token: string }
}

/** Signs in through the /login form and waits until the browser is at `redirect`. */
export async function signInThroughForm(
  page: Page,
  user: TestUser,
  redirect = '/dashboard',
): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`)
  await page.locator('html[data-hydrated="true"]').waitFor()
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL((url) => url.pathname === redirect.split('?')[0])
}

/**
 * Opens `redirect` as `user`, a returning visitor: the session supabase-js would have stored
 * is put in this browser's localStorage first, then the page is loaded and hydrated. Tests
 * of signing in itself use signInThroughForm (and auth.spec and authJourney.spec walk the
 * form); every other test saves the /login page's load, which costs this machine a second or
 * two each time.
 */
export async function signIn(page: Page, user: TestUser, redirect = '/dashboard'): Promise<void> {
  const session = await sessionTokensFor(user)
  // An empty document of the site's origin, for its localStorage at a fraction of a page's
  // cost (a real text file would make the browser ask for a /favicon.ico the site lacks).
  const blank = '/__e2e-blank'
  await page.route(blank, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><link rel="icon" href="data:,">',
    }),
  )
  await page.goto(blank)
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    storageKeyFor(BACKEND_URL),
    JSON.stringify(session),
  ] as const)
  await page.unroute(blank)
  await page.goto(redirect)
  await page.locator('html[data-hydrated="true"]').waitFor()
  await expect(page).toHaveURL((url) => url.pathname === redirect.split('?')[0])
}

/** The newest message the local mailbox holds for `email`, waiting briefly for it to arrive. */
export async function latestEmail(email: string, type?: string): Promise<MailMessage> {
  let found: MailMessage | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${BACKEND_URL}/__mailbox?email=${encodeURIComponent(email)}`)
        const { messages } = (await response.json()) as { messages: MailMessage[] }
        found = messages.filter((message) => !type || message.type === type).at(-1)
        return Boolean(found)
      },
      { message: `an email${type ? ` of type ${type}` : ''} to ${email}` },
    )
    .toBe(true)
  return found as MailMessage
}
