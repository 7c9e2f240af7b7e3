import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import { jsonRow } from '../db/database.ts'
import type { Queryable } from '../db/database.ts'
import { isRecord, stringField } from '../http/respond.ts'
import { requireSession, tokenSettings } from './context.ts'
import type { AuthContext } from './context.ts'
import { AuthError, validationFailed } from './errors.ts'
import {
  addAuthenticationMethod,
  findSession,
  reissueRefreshToken,
  sessionResponse,
} from './sessions.ts'
import { findUserById } from './users.ts'

const CHALLENGE_LIFETIME_SECONDS = 300
const MAX_FACTORS = 10

function totpFor(secret: string, issuer: string, label: string) {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  })
}

interface FactorSecretRow {
  id: string
  user_id: string
  status: string
  secret: string
  friendly_name: string | null
}

/** POST /factors { factor_type: 'totp', friendly_name?, issuer? } */
export async function enroll(ctx: AuthContext, req: Request, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  if (body.factor_type !== 'totp')
    throw validationFailed('Invalid factor type. Only totp is supported by this server.')
  const friendlyName = stringField(body, 'friendly_name') ?? ''
  const issuer = stringField(body, 'issuer') || new URL(ctx.settings.siteUrl).host
  return ctx.db.transaction(async (tx) => {
    const { user } = await requireSession(ctx, req, tx)
    if (user.factors.length >= MAX_FACTORS) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      )
    }
    if (friendlyName && user.factors.some((f) => f.friendly_name === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      )
    }
    const secret = new OTPAuth.Secret({ size: 20 }).base32
    const factor = await jsonRow<{ id: string }>(
      tx,
      `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
       values ($1::uuid, $2, 'totp', 'unverified', $3) returning id`,
      [user.id, friendlyName || null, secret],
    )
    const uri = totpFor(secret, issuer, user.email ?? user.id).toString()
    // GoTrue sends the SVG markup itself; auth-js turns it into a data URL.
    const qrCode = await QRCode.toString(uri, { type: 'svg', margin: 1 })
    return {
      id: factor!.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: qrCode, secret, uri },
    }
  })
}

async function ownFactor(tx: Queryable, userId: string, factorId: string) {
  const factor = await jsonRow<FactorSecretRow>(
    tx,
    `select id, user_id, status, secret, friendly_name from auth.mfa_factors where id::text = $1 and user_id = $2::uuid`,
    [factorId, userId],
  )
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  return factor
}

/** POST /factors/{id}/challenge */
export async function challenge(ctx: AuthContext, req: Request, factorId: string) {
  return ctx.db.transaction(async (tx) => {
    const { user } = await requireSession(ctx, req, tx)
    await ownFactor(tx, user.id, factorId)
    const created = await jsonRow<{ id: string; expires_at: number }>(
      tx,
      `insert into auth.mfa_challenges (factor_id) values ($1::uuid)
       returning id, floor(extract(epoch from created_at))::bigint + ${CHALLENGE_LIFETIME_SECONDS} as expires_at`,
      [factorId],
    )
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1::uuid`, [
      factorId,
    ])
    return { id: created!.id, type: 'totp', expires_at: created!.expires_at }
  })
}

/** POST /factors/{id}/verify { challenge_id, code } → an aal2 session */
export async function verify(ctx: AuthContext, req: Request, factorId: string, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const challengeId = stringField(body, 'challenge_id') ?? ''
  const code = stringField(body, 'code') ?? ''
  const outcome = await ctx.db.transaction(async (tx) => {
    const { user, session } = await requireSession(ctx, req, tx)
    const factor = await ownFactor(tx, user.id, factorId)
    const found = await jsonRow<{ age: number; verified: boolean }>(
      tx,
      `select extract(epoch from now() - created_at)::float8 as age, verified_at is not null as verified
       from auth.mfa_challenges where id::text = $1 and factor_id = $2::uuid`,
      [challengeId, factorId],
    )
    if (!found || found.verified)
      throw new AuthError(404, 'mfa_challenge_not_found', 'Challenge not found')
    if (found.age > CHALLENGE_LIFETIME_SECONDS) {
      await tx.query(`delete from auth.mfa_challenges where id = $1::uuid`, [challengeId])
      return {
        error: new AuthError(
          422,
          'mfa_challenge_expired',
          `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
        ),
      }
    }
    const delta = totpFor(factor.secret, 'x', 'x').validate({ token: code, window: 1 })
    if (delta === null)
      return { error: new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered') }

    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1::uuid`, [
      challengeId,
    ])
    await tx.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1::uuid`,
      [factorId],
    )
    await tx.query(
      `update auth.sessions set aal = 'aal2', factor_id = $2::uuid, updated_at = now() where id = $1::uuid`,
      [session.id, factorId],
    )
    await addAuthenticationMethod(tx, session.id, 'totp')
    const upgraded = (await findSession(tx, session.id))!
    const refreshToken = await reissueRefreshToken(tx, upgraded)
    const fresh = (await findUserById(tx, user.id))!
    return { session: await sessionResponse(tx, tokenSettings(ctx), fresh, upgraded, refreshToken) }
  })
  if ('error' in outcome) throw outcome.error
  return outcome.session
}

/** DELETE /factors/{id}. Removing a verified factor needs an aal2 session. */
export async function unenroll(ctx: AuthContext, req: Request, factorId: string) {
  return ctx.db.transaction(async (tx) => {
    const { user, session } = await requireSession(ctx, req, tx)
    const factor = await ownFactor(tx, user.id, factorId)
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    await tx.query(`delete from auth.mfa_factors where id = $1::uuid`, [factorId])
    // Sessions that stepped up with this factor drop back to aal1 on their next refresh.
    await tx.query(
      `update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1::uuid`,
      [factorId],
    )
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where user_id = $1::uuid and aal = 'aal1')`,
      [user.id],
    )
    return { id: factorId }
  })
}
