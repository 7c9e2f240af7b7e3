import { randomBytes } from 'node:crypto'
import { jsonRow, jsonRows } from '../db/database.ts'
import type { Queryable } from '../db/database.ts'
import type { JwtClaims, Keys } from '../keys.ts'
import { AuthError } from './errors.ts'
import { userJson } from './userJson.ts'
import type { UserRow } from './userJson.ts'

export interface SessionRow {
  id: string
  user_id: string
  aal: 'aal1' | 'aal2'
  factor_id: string | null
  not_after: string | null
}

export interface TokenSettings {
  keys: Keys
  /** Access token lifetime in seconds. */
  jwtExpiry: number
}

export async function createSession(
  tx: Queryable,
  userId: string,
  method: string,
): Promise<SessionRow> {
  const session = await jsonRow<SessionRow>(
    tx,
    `insert into auth.sessions (user_id) values ($1::uuid) returning id, user_id, aal, factor_id, not_after`,
    [userId],
  )
  await addAuthenticationMethod(tx, session!.id, method)
  return session!
}

export async function addAuthenticationMethod(
  tx: Queryable,
  sessionId: string,
  method: string,
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1::uuid, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  )
}

export function findSession(tx: Queryable, sessionId: string): Promise<SessionRow | undefined> {
  return jsonRow<SessionRow>(
    tx,
    `select id, user_id, aal, factor_id, not_after from auth.sessions where id = $1::uuid`,
    [sessionId],
  )
}

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url')
}

async function insertRefreshToken(
  tx: Queryable,
  session: SessionRow,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2::uuid, $3::uuid, $4)`,
    [token, session.user_id, session.id, parent],
  )
  return token
}

async function accessToken(
  tx: Queryable,
  settings: TokenSettings,
  user: UserRow,
  session: SessionRow,
): Promise<{ token: string; iat: number; exp: number }> {
  // Most recent method first, as GoTrue orders `amr`.
  const amr = await jsonRows<{ method: string; timestamp: number }>(
    tx,
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint as timestamp
     from auth.mfa_amr_claims where session_id = $1::uuid order by updated_at desc`,
    [session.id],
  )
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + settings.jwtExpiry
  const claims: JwtClaims = {
    aud: 'authenticated',
    exp,
    iat,
    iss: settings.keys.issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: session.aal,
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  }
  return { token: await settings.keys.sign(claims), iat, exp }
}

/** The session object GoTrue returns from /token, /verify and factor verification. */
export async function sessionResponse(
  tx: Queryable,
  settings: TokenSettings,
  user: UserRow,
  session: SessionRow,
  refreshToken?: string,
): Promise<Record<string, unknown>> {
  const token = refreshToken ?? (await insertRefreshToken(tx, session, null))
  const access = await accessToken(tx, settings, user, session)
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: access.exp,
    refresh_token: token,
    user: userJson(user),
  }
}

/** Starts a session for a user who just proved who they are with `method`. */
export async function signIn(
  tx: Queryable,
  settings: TokenSettings,
  user: UserRow,
  method: string,
): Promise<Record<string, unknown>> {
  await tx.query(`update auth.users set last_sign_in_at = now() where id = $1::uuid`, [user.id])
  const session = await createSession(tx, user.id, method)
  return sessionResponse(
    tx,
    settings,
    { ...user, last_sign_in_at: new Date().toISOString() },
    session,
  )
}

interface RefreshTokenRow {
  id: number
  token: string
  user_id: string
  session_id: string
  parent: string | null
  revoked: boolean
  revoked_seconds_ago: number
}

export type RefreshOutcome =
  { ok: true; sessionId: string; userId: string; token: string } | { ok: false; error: AuthError }

const notFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
const alreadyUsed = () =>
  new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')

/**
 * Rotates a refresh token: the presented one is revoked and a child issued. Presenting a
 * revoked token again is treated as theft (someone else holds the rotated one), so the
 * whole session is revoked — except within the reuse interval, where a client that lost
 * the response of a concurrent refresh gets the current child back (as GoTrue allows).
 * Returns the failure instead of throwing, because the revocation must be committed.
 */
export async function rotateRefreshToken(
  tx: Queryable,
  presented: string,
  reuseIntervalSeconds: number,
): Promise<RefreshOutcome> {
  const row = await jsonRow<RefreshTokenRow>(
    tx,
    `select id, token, user_id, session_id, parent, revoked,
            extract(epoch from now() - updated_at)::float8 as revoked_seconds_ago
     from auth.refresh_tokens where token = $1 for update`,
    [presented],
  )
  if (!row) return { ok: false, error: notFound() }
  const session = await findSession(tx, row.session_id)
  if (!session) return { ok: false, error: notFound() }
  if (session.not_after && Date.parse(session.not_after) < Date.now()) {
    return {
      ok: false,
      error: new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
    }
  }
  if (row.revoked) {
    const child = await jsonRow<{ token: string; revoked: boolean }>(
      tx,
      `select token, revoked from auth.refresh_tokens where parent = $1 order by id desc limit 1`,
      [row.token],
    )
    if (child && !child.revoked && row.revoked_seconds_ago <= reuseIntervalSeconds) {
      return { ok: true, sessionId: row.session_id, userId: row.user_id, token: child.token }
    }
    await tx.query(`delete from auth.sessions where id = $1::uuid`, [row.session_id])
    return { ok: false, error: alreadyUsed() }
  }
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`,
    [row.id],
  )
  await tx.query(`update auth.sessions set updated_at = now() where id = $1::uuid`, [
    row.session_id,
  ])
  const token = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2::uuid, $3::uuid, $4)`,
    [token, row.user_id, row.session_id, row.token],
  )
  return { ok: true, sessionId: row.session_id, userId: row.user_id, token }
}

/** After a step-up (MFA), older refresh tokens of the session must not mint aal2 tokens silently. */
export async function reissueRefreshToken(tx: Queryable, session: SessionRow): Promise<string> {
  const latest = await jsonRow<{ token: string }>(
    tx,
    `update auth.refresh_tokens set revoked = true, updated_at = now()
     where session_id = $1::uuid and not revoked returning token`,
    [session.id],
  )
  return insertRefreshToken(tx, session, latest?.token ?? null)
}

export async function signOut(
  tx: Queryable,
  userId: string,
  sessionId: string,
  scope: 'global' | 'local' | 'others',
) {
  if (scope === 'local') {
    await tx.query(`delete from auth.sessions where id = $1::uuid`, [sessionId])
  } else if (scope === 'others') {
    await tx.query(`delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid`, [
      userId,
      sessionId,
    ])
  } else {
    await tx.query(`delete from auth.sessions where user_id = $1::uuid`, [userId])
  }
}
