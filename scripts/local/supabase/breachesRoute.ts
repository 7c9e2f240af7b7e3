import type { BreachCorpus } from './auth/breachedPasswords.ts'
import { isRecord, json, stringField } from './http/respond.ts'
import type { Handler } from './http/server.ts'

/**
 * POST /__breaches `{ "password": "…" }` — a breach has made this password known: from now on
 * the backend treats it as HaveIBeenPwned would (refused when chosen, reported at sign-in). It
 * can only make the backend stricter. The end-to-end tests use it for an account whose password
 * was clean when it was chosen, which no API would accept otherwise.
 */
export function breachesRoute(breaches: BreachCorpus): Handler {
  return async (req) => {
    if (req.method !== 'POST') return json(405, { message: 'Use POST' })
    let body: unknown
    try {
      body = await req.json()
    } catch {
      body = null
    }
    const password = isRecord(body) ? stringField(body, 'password') : undefined
    if (!password) return json(400, { message: 'Send { "password": "…" }' })
    breaches.learn(password)
    return json(200, {})
  }
}
