/**
 * The stand-in's fixed development keys, and the only part of it the build may import: the
 * build refuses a `dist/` that carries the development secret or service key, so it must know
 * them without loading the stand-in. Not secrets: they open nothing but this machine's
 * stand-in, and the stand-in refuses to listen beyond loopback with this secret.
 */
import { SignJWT } from 'jose'

export const LOCAL_JWT_SECRET = 'folio-local-development-secret-at-least-32-characters'

/**
 * The long-lived API keys Supabase hands out (`anon`, `service_role`) are JWTs with these
 * claims. Fixed iat/exp so the same secret always gives the same keys and `.env` and
 * `.env.local` stay stable across restarts.
 */
export function devApiKeyClaims(role: 'anon' | 'service_role') {
  return { iss: 'supabase-demo', role, iat: 1735689600, exp: 2051222400 }
}

/** The API key for `role`, signed with `secret` (the development secret unless given). */
export function devApiKey(
  role: 'anon' | 'service_role',
  secret: string = LOCAL_JWT_SECRET,
): Promise<string> {
  return new SignJWT(devApiKeyClaims(role))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}
