import type { JwtClaims, Keys } from './keys.ts'
import { JwtError } from './keys.ts'

/** Who is calling, as the API gateway (Kong) and then PostgREST/GoTrue work it out. */
export type Caller =
  | { ok: true; claims: JwtClaims; token: string; apiKeyRole: string }
  | {
      ok: false
      status: 401
      kind: 'no_apikey' | 'bad_apikey' | 'jwt_expired' | 'bad_jwt'
      message: string
    }

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.get('authorization') ?? ''
  const match = /^bearer\s+(.+)$/i.exec(header.trim())
  return match?.[1]
}

/**
 * The apikey (header or query) must be one of our keys; the Authorization bearer token,
 * when present, decides the role (a user's access token, or the key itself).
 */
export async function identifyCaller(req: Request, keys: Keys): Promise<Caller> {
  const apiKey = req.headers.get('apikey') ?? new URL(req.url).searchParams.get('apikey')
  if (!apiKey) {
    return { ok: false, status: 401, kind: 'no_apikey', message: 'No API key found in request' }
  }
  let apiKeyClaims: JwtClaims
  try {
    apiKeyClaims = await keys.verify(apiKey)
  } catch {
    return { ok: false, status: 401, kind: 'bad_apikey', message: 'Invalid API key' }
  }
  if (apiKeyClaims.role !== 'anon' && apiKeyClaims.role !== 'service_role') {
    return { ok: false, status: 401, kind: 'bad_apikey', message: 'Invalid API key' }
  }
  const token = bearerToken(req) ?? apiKey
  try {
    const claims = token === apiKey ? apiKeyClaims : await keys.verify(token)
    return { ok: true, claims, token, apiKeyRole: apiKeyClaims.role }
  } catch (error) {
    const expired = error instanceof JwtError && error.reason === 'expired'
    return {
      ok: false,
      status: 401,
      kind: expired ? 'jwt_expired' : 'bad_jwt',
      message: expired ? 'JWT expired' : (error as Error).message,
    }
  }
}

/** Gateway-level refusal (same body for every service, as Kong sends it). */
export function gatewayError(
  caller: Extract<Caller, { ok: false }>,
): Record<string, string> | undefined {
  if (caller.kind === 'no_apikey') {
    return { message: caller.message, hint: 'No `apikey` request header or url param was found.' }
  }
  if (caller.kind === 'bad_apikey') {
    return {
      message: caller.message,
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    }
  }
  return undefined
}
