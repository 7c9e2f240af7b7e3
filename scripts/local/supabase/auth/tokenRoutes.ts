import type { Queryable } from '../db/database.ts'
import { isRecord, stringField } from '../http/respond.ts'
import { tokenSettings } from './context.ts'
import type { AuthContext } from './context.ts'
import { AuthError, emailLoginsDisabled, invalidCredentials, validationFailed } from './errors.ts'
import { verifyPassword } from './passwords.ts'
import { weaknessOnSignIn } from './passwordStrength.ts'
import { redeemAuthCode } from './pkce.ts'
import { findSession, rotateRefreshToken, sessionResponse, signIn } from './sessions.ts'
import { findUserByEmail, findUserById, isBanned } from './users.ts'

/** Auth codes from email links must be exchanged promptly (GoTrue: 5 minutes). */
const AUTH_CODE_LIFETIME_SECONDS = 300

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(
  ctx: AuthContext,
  req: Request,
  body: unknown,
): Promise<Record<string, unknown>> {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const grantType = new URL(req.url).searchParams.get('grant_type')
  switch (grantType) {
    case 'password':
      return passwordGrant(ctx, body)
    case 'refresh_token':
      return refreshGrant(ctx, body)
    case 'pkce':
      return pkceGrant(ctx, body)
    default:
      throw validationFailed(`unsupported_grant_type`)
  }
}

async function passwordGrant(ctx: AuthContext, body: Record<string, unknown>) {
  const email = stringField(body, 'email')
  const password = stringField(body, 'password')
  if (!email || !password) throw validationFailed('missing email or phone')
  // [auth.email] enable_signup = false turns email sign-in off (token.go
  // ResourceOwnerPasswordGrant, v2.196), before the address is looked up.
  if (!ctx.settings.emailProvider) throw emailLoginsDisabled(422)
  // Hash before touching the database so the queue is not held during the slow part,
  // and so a missing user costs as much time as a wrong password.
  const user = await ctx.db.transaction((tx) => findUserByEmail(tx, email))
  const matches = await verifyPassword(password, user?.encrypted_password)
  if (!user || !matches) throw invalidCredentials()
  if (!user.email_confirmed_at)
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned')
  // A correct password that the rules (or a breach) have since overtaken still signs in, and
  // the answer says so (passwordStrength.ts weaknessOnSignIn).
  const weakness = weaknessOnSignIn(password, ctx.settings.password)
  const session = await ctx.db.transaction((tx) => signIn(tx, tokenSettings(ctx), user, 'password'))
  return weakness ? { ...session, weak_password: weakness } : session
}

async function refreshGrant(ctx: AuthContext, body: Record<string, unknown>) {
  const presented = stringField(body, 'refresh_token')
  if (!presented) throw validationFailed('Refresh Token is required')
  const outcome = await ctx.db.transaction(async (tx) => {
    const rotated = await rotateRefreshToken(tx, presented, ctx.settings.refreshTokenReuseInterval)
    if (!rotated.ok) return rotated
    return {
      ok: true as const,
      session: await sessionFor(ctx, tx, rotated.sessionId, rotated.userId, rotated.token),
    }
  })
  if (!outcome.ok) throw outcome.error
  return outcome.session
}

async function sessionFor(
  ctx: AuthContext,
  tx: Queryable,
  sessionId: string,
  userId: string,
  refreshToken: string,
) {
  const [user, session] = [await findUserById(tx, userId), await findSession(tx, sessionId)]
  if (!user || !session)
    throw new AuthError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    )
  // supabase/auth internal/tokens/service.go RefreshTokenGrant: a banned user's token is refused
  // and not spent (thrown, so the rotation above is rolled back).
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned')
  return sessionResponse(tx, tokenSettings(ctx), user, session, refreshToken)
}

async function pkceGrant(ctx: AuthContext, body: Record<string, unknown>) {
  const authCode = stringField(body, 'auth_code')
  const codeVerifier = stringField(body, 'code_verifier')
  if (!authCode || !codeVerifier)
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty')
  return ctx.db.transaction(async (tx) => {
    const flow = await redeemAuthCode(tx, authCode, codeVerifier, AUTH_CODE_LIFETIME_SECONDS)
    const user = await findUserById(tx, flow.user_id)
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    return signIn(tx, tokenSettings(ctx), user, flow.authentication_method)
  })
}
