/**
 * Hosted Realtime's check of a channel's token, made when the channel joins, when the client
 * sends a new token (`access_token`), and again when the token expires. A token passes if it
 * verifies and carries `role` and `exp`; otherwise the join is refused, or a joined channel is
 * shut, with hosted's words. See supabase/realtime, lib/realtime_web/channels/
 * realtime_channel.ex (confirm_token/1; join/3 and handle_in("access_token") for the texts)
 * and channels/auth/channels_authorization.ex (authorize_conn/3: "Token has expired N seconds
 * ago", `required = ["role", "exp"]`).
 */
import { decodeJwt } from 'jose'
import { JwtError } from '../keys.ts'
import type { JwtClaims, Keys } from '../keys.ts'

export type ChannelClaims = JwtClaims & { exp: number }

export type Confirmation =
  | { claims: ChannelClaims }
  /** `joinReason`: the join's error reply; `closeMessage`: the system message that shuts. */
  | { claims?: undefined; joinReason: string; closeMessage: string }

const MALFORMED = 'The token provided is not a valid JWT'
const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT'

const nowSeconds = () => Math.floor(Date.now() / 1000)

export async function confirmToken(keys: Keys, token: string): Promise<Confirmation> {
  let exp: unknown
  try {
    exp = decodeJwt(token).exp
  } catch {
    return { joinReason: `MalformedJWT: ${MALFORMED}`, closeMessage: MALFORMED }
  }
  try {
    const claims = await keys.verify(token)
    if (typeof claims.exp !== 'number')
      return { joinReason: `InvalidJWTToken: ${MISSING_CLAIMS}`, closeMessage: MISSING_CLAIMS }
    return { claims: claims as ChannelClaims }
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') {
      const message = `Token has expired ${nowSeconds() - Number(exp)} seconds ago`
      return { joinReason: `InvalidJWTToken: ${message}`, closeMessage: message }
    }
    if (error instanceof JwtError && error.reason === 'unclaimed')
      return { joinReason: `InvalidJWTToken: ${MISSING_CLAIMS}`, closeMessage: MISSING_CLAIMS }
    // A bad signature, or one this server does not sign with. A refresh shuts the channel
    // with `inspect(error)` of Joken's reason, as hosted's last clause does.
    return {
      joinReason: 'JwtSignatureError: Failed to validate JWT signature',
      closeMessage: ':signature_error',
    }
  }
}

/** Expired as hosted's exp check has it (`exp > current_time`, in whole seconds). */
export function hasExpired(claims: ChannelClaims): boolean {
  return claims.exp <= nowSeconds()
}
