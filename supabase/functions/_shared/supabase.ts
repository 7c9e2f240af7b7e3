/**
 * Database access for functions: a service-role client (it bypasses RLS, so every query here
 * filters by the user it acts for) and the signed-in caller from the request's JWT.
 */
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js'
import { requireEnv } from './env.ts'
import { HttpError } from './http.ts'

/** Functions never use realtime; Node 20 (tests) has no WebSocket for supabase-js to find. */
class NoWebSocket {
  constructor() {
    throw new Error('Realtime is not available inside edge functions.')
  }
}

export function serviceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: {
      transport: (globalThis.WebSocket ?? NoWebSocket) as unknown as typeof WebSocket,
    },
  })
}

/**
 * The user whose access token came with the request; 401 for anything else. A user who turned
 * on two-factor authentication must have passed it in this session (aal2), as the database's
 * policies require for their data: a stolen password alone must not open the billing portal
 * or start a checkout.
 */
export async function requireUser(req: Request, db: SupabaseClient): Promise<User> {
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]
  if (!token) throw new HttpError(401, 'not_signed_in', 'Sign in first.')
  const { data, error } = await db.auth.getUser(token)
  if (error || !data.user) throw new HttpError(401, 'not_signed_in', 'Sign in first.')
  const hasVerifiedFactor = (data.user.factors ?? []).some((f) => f.status === 'verified')
  if (hasVerifiedFactor && assuranceLevel(token) !== 'aal2')
    throw new HttpError(
      403,
      'aal2_required',
      'Enter the code from your authenticator app to finish signing in, then try again.',
    )
  return data.user
}

/** The `aal` claim of a token that getUser has just accepted (its signature is checked). */
function assuranceLevel(token: string): string | undefined {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')
    const claims = JSON.parse(atob(payload)) as { aal?: unknown }
    return typeof claims.aal === 'string' ? claims.aal : undefined
  } catch {
    return undefined
  }
}

export { LIVE_SUBSCRIPTION_STATUSES, PRO_STATUSES } from './subscriptionStatuses.ts'
