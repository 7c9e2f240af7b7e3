import { randomUUID } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { jsonRow } from '../db/database.ts'
import type { Queryable } from '../db/database.ts'
import { isRecord, stringField } from '../http/respond.ts'
import { requireSession, tokenSettings } from './context.ts'
import type { AuthContext } from './context.ts'
import { sendNotice } from './emailRoutes.ts'
import { AuthError, validationFailed } from './errors.ts'
import {
  addAuthenticationMethod,
  findSession,
  reissueRefreshToken,
  sessionResponse,
} from './sessions.ts'
import type { SessionRow } from './sessions.ts'
import { totpQrCodeSvg } from './totpQrCode.ts'
import type { UserRow } from './userJson.ts'
import { findUserById } from './users.ts'

// supabase/auth internal/conf/configuration.go MFAConfiguration: ChallengeExpiryDuration 300,
// FactorExpiryDuration 300s (unverified factors older than that are dropped at the next
// enrolment), MaxVerifiedFactors 10. MaxEnrolledFactors comes from config.toml.
const CHALLENGE_LIFETIME_SECONDS = 300
const UNVERIFIED_FACTOR_LIFETIME_SECONDS = 300
const MAX_VERIFIED_FACTORS = 10
const TOTP_PERIOD_SECONDS = 30

function totpFor(secret: string, issuer: string, label: string) {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  })
}

interface FactorSecretRow {
  id: string
  user_id: string
  status: string
  factor_type: string
  secret: string
  friendly_name: string | null
}

/** GoTrue's answer for factor types this project does not enable (config.toml [auth.mfa.*]). */
function disabledFactorType(factorType: unknown, action: 'enroll' | 'verification'): AuthError {
  const [code, label] =
    factorType === 'phone'
      ? ['phone', 'Phone']
      : factorType === 'webauthn'
        ? ['webauthn', 'WebAuthn']
        : ['totp', 'TOTP']
  return action === 'enroll'
    ? new AuthError(422, `mfa_${code}_enroll_disabled`, `MFA enroll is disabled for ${label}`)
    : new AuthError(422, `mfa_${code}_verify_disabled`, `MFA verification is disabled for ${label}`)
}

/**
 * GoTrue's validateFactors (supabase/auth internal/api/mfa.go), in its order: a name already
 * used (an empty name included), too many factors, and — the rule that keeps a stolen password
 * from replacing the owner's authenticator — a new factor next to a verified one needs aal2.
 */
async function validateNewFactor(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  session: SessionRow,
  friendlyName: string,
): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified'
     and created_at < now() - make_interval(secs => $2)`,
    [user.id, UNVERIFIED_FACTOR_LIFETIME_SECONDS],
  )
  const factors = (await findUserById(tx, user.id))?.factors ?? []
  if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
    throw new AuthError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
    )
  }
  const verified = factors.filter((f) => f.status === 'verified').length
  if (factors.length >= ctx.settings.mfa.maxEnrolledFactors || verified >= MAX_VERIFIED_FACTORS) {
    throw new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    )
  }
  if (verified > 0 && session.aal !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
  }
}

/** POST /factors { factor_type: 'totp', friendly_name?, issuer? } */
export async function enroll(ctx: AuthContext, req: Request, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const factorType = body.factor_type
  if (factorType !== 'totp' && factorType !== 'phone' && factorType !== 'webauthn')
    throw validationFailed('factor_type needs to be totp, phone, or webauthn')
  if (factorType !== 'totp' || !ctx.settings.mfa.totp.enrollEnabled)
    throw disabledFactorType(factorType, 'enroll')
  const friendlyName = stringField(body, 'friendly_name') ?? ''
  const issuer = stringField(body, 'issuer') || new URL(ctx.settings.siteUrl).host
  return ctx.db.transaction(async (tx) => {
    const { user, session } = await requireSession(ctx, req, tx)
    await validateNewFactor(ctx, tx, user, session, friendlyName)
    const secret = new OTPAuth.Secret({ size: 20 }).base32
    const factorId = randomUUID()
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
       values ($1::uuid, $2::uuid, $3, 'totp', 'unverified', $4)`,
      [factorId, user.id, friendlyName, secret],
    )
    const uri = totpFor(secret, issuer, user.email ?? '').toString()
    return {
      id: factorId,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: totpQrCodeSvg(uri), secret, uri },
    }
  })
}

async function ownFactor(tx: Queryable, userId: string, factorId: string) {
  const factor = await jsonRow<FactorSecretRow>(
    tx,
    `select id, user_id, status, factor_type, secret, friendly_name from auth.mfa_factors
     where id::text = $1 and user_id = $2::uuid`,
    [factorId, userId],
  )
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  return factor
}

/** POST /factors/{id}/challenge */
export async function challenge(ctx: AuthContext, req: Request, factorId: string) {
  return ctx.db.transaction(async (tx) => {
    const { user } = await requireSession(ctx, req, tx)
    const factor = await ownFactor(tx, user.id, factorId)
    if (factor.factor_type !== 'totp' || !ctx.settings.mfa.totp.verifyEnabled)
      throw disabledFactorType(factor.factor_type, 'verification')
    const created = await jsonRow<{ id: string; expires_at: number }>(
      tx,
      `insert into auth.mfa_challenges (id, factor_id) values ($1::uuid, $2::uuid)
       returning id, floor(extract(epoch from created_at))::bigint + ${CHALLENGE_LIFETIME_SECONDS} as expires_at`,
      [randomUUID(), factorId],
    )
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1::uuid`, [
      factorId,
    ])
    return { id: created!.id, type: 'totp', expires_at: created!.expires_at }
  })
}

/**
 * The time step a code belongs to, if it is valid now (one step of clock skew either way, as
 * GoTrue's totp.ValidateCustom with Skew 1).
 */
function matchedStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpFor(secret, 'x', 'x').validate({ token: code, timestamp: now, window: 1 })
  return delta === null ? undefined : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta
}

/**
 * Refuses a code whose time step was already accepted for this factor, and records it.
 * RFC 6238 §5.2: "The verifier MUST NOT accept the second attempt of the OTP after the
 * successful validation has been issued for the first OTP". Hosted GoTrue's verifyTOTPFactor
 * keeps no such record (a captured code works on a fresh challenge for up to 90 s); the local
 * backend is stricter here on purpose, and the app never needs one code twice. Kept in memory:
 * the window is 90 seconds, far shorter than any restart.
 */
function claimStep(ctx: AuthContext, factorId: string, step: number): boolean {
  const steps = ctx.acceptedTotpSteps!
  if ((steps.get(factorId) ?? -Infinity) >= step) return false
  steps.set(factorId, step)
  return true
}

const invalidCode = () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')

/** POST /factors/{id}/verify { challenge_id, code } → an aal2 session */
export async function verify(ctx: AuthContext, req: Request, factorId: string, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const challengeId = stringField(body, 'challenge_id') ?? ''
  const code = stringField(body, 'code') ?? ''
  if (code === '') throw validationFailed('Code needs to be non-empty')
  const outcome = await ctx.db.transaction(async (tx) => {
    const { user, session } = await requireSession(ctx, req, tx)
    const factor = await ownFactor(tx, user.id, factorId)
    if (factor.factor_type !== 'totp' || !ctx.settings.mfa.totp.verifyEnabled)
      throw disabledFactorType(factor.factor_type, 'verification')
    const found = await jsonRow<{ age: number; verified: boolean }>(
      tx,
      `select extract(epoch from now() - created_at)::float8 as age, verified_at is not null as verified
       from auth.mfa_challenges where id::text = $1 and factor_id = $2::uuid`,
      [challengeId, factorId],
    )
    // supabase/auth internal/api/mfa.go validateChallenge: these three answers, in this order.
    if (!found)
      throw new AuthError(
        422,
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      )
    if (found.verified)
      throw new AuthError(
        422,
        'mfa_ip_address_mismatch',
        'Challenge and verify IP addresses mismatch.',
      )
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
    const step = matchedStep(factor.secret, code)
    // A replayed code is answered like a wrong one: it tells a thief nothing.
    if (step === undefined || !claimStep(ctx, factorId, step)) return { error: invalidCode() }

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
    // GoTrue then ends the user's other aal1 sessions (InvalidateSessionsWithAALLessThan) and
    // drops their unfinished TOTP enrolments (DeleteUnverifiedFactors).
    await tx.query(
      `delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid and aal = 'aal1'`,
      [user.id, session.id],
    )
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified' and factor_type = 'totp'`,
      [user.id],
    )
    await addAuthenticationMethod(tx, session.id, 'totp')
    const upgraded = (await findSession(tx, session.id))!
    const refreshToken = await reissueRefreshToken(tx, upgraded)
    const fresh = (await findUserById(tx, user.id))!
    return {
      session: await sessionResponse(tx, tokenSettings(ctx), fresh, upgraded, refreshToken),
      enrolled: factor.status === 'unverified' ? fresh.email : undefined,
    }
  })
  if ('error' in outcome) throw outcome.error
  // Sent once the factor's first verification is kept, as GoTrue's verifyTOTPFactor does.
  if (outcome.enrolled !== undefined)
    sendNotice(ctx, 'mfa_factor_enrolled', {
      to: outcome.enrolled,
      factorType: 'totp',
    })
  return outcome.session
}

/**
 * DELETE /factors/{id}. Removing a verified factor needs an aal2 session: GoTrue answers 422
 * `insufficient_aal` (supabase/auth internal/api/mfa.go UnenrollFactor).
 */
export async function unenroll(ctx: AuthContext, req: Request, factorId: string) {
  return ctx.db.transaction(async (tx) => {
    const { user, session } = await requireSession(ctx, req, tx)
    const factor = await ownFactor(tx, user.id, factorId)
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
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
    ctx.acceptedTotpSteps?.delete(factorId)
    return { id: factorId }
  })
}
