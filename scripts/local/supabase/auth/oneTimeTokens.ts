import { createHash, randomInt, randomUUID } from 'node:crypto'
import { jsonRow } from '../db/database.ts'
import type { Queryable } from '../db/database.ts'

/**
 * What an emailed link or code is for; one outstanding token per user and purpose. An email
 * change has two: `email_change` for the new address and `email_change_current` for the
 * current one (GoTrue's email_change_token_new and email_change_token_current, supabase/auth
 * internal/models/one_time_token.go).
 */
export type TokenPurpose =
  'confirmation' | 'magiclink' | 'recovery' | 'email_change' | 'email_change_current'

/**
 * GoTrue's verify `type`s and the purposes each one accepts (supabase/auth internal/api/verify.go
 * v2.196, verifyUserAndToken and verifyTokenHash). `magiclink` and `recovery` are checked against
 * GoTrue's recovery token, which holds a magic link's or a reset's: a sign-up confirmation is never
 * a magic link. Hosted also takes a magic link as `recovery` and a reset as `magiclink` or
 * `email`; refusing those here is stricter.
 */
export const PURPOSES_BY_VERIFY_TYPE: Record<string, TokenPurpose[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  magiclink: ['magiclink'],
  email: ['magiclink', 'confirmation'],
  recovery: ['recovery'],
  // Either address's link or code (FindUserByEmailChangeToken, FindUserForEmailChange).
  email_change: ['email_change', 'email_change_current'],
}

export interface IssuedToken {
  /** Six digits, for verifyOtp({ email, token }). */
  otp: string
  /** What links carry (`token=` / `token_hash`), as GoTrue's `{{ .TokenHash }}`. */
  tokenHash: string
}

function hashFor(email: string, otp: string): string {
  return createHash('sha224').update(`${email.toLowerCase()}${otp}`).digest('hex')
}

export async function issueToken(
  tx: Queryable,
  userId: string,
  purpose: TokenPurpose,
  email: string,
): Promise<IssuedToken> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  // The hash mixes in a random nonce so links cannot be derived from the 6-digit code.
  const tokenHash = hashFor(email, `${otp}:${randomUUID()}`)
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     values ($1::uuid, $2, $3, $4)
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now()`,
    [userId, purpose, `${tokenHash}:${hashFor(email, otp)}`, email.toLowerCase()],
  )
  return { otp, tokenHash }
}

export interface ConsumedToken {
  user_id: string
  purpose: TokenPurpose
  relates_to: string
}

/**
 * Finds and deletes a live token (single use), by link hash or by email + code.
 * Stored as `<link hash>:<code hash>` so one row answers both ways of verifying.
 */
export async function consumeToken(
  tx: Queryable,
  lookup: { tokenHash: string } | { email: string; otp: string },
  purposes: TokenPurpose[],
  maxAgeSeconds: number,
): Promise<ConsumedToken | undefined> {
  const [condition, value] =
    'tokenHash' in lookup
      ? [`split_part(token_hash, ':', 1) = $1`, lookup.tokenHash.replace(/^pkce_/, '')]
      : [`split_part(token_hash, ':', 2) = $1`, hashFor(lookup.email, lookup.otp)]
  return jsonRow<ConsumedToken>(
    tx,
    `delete from auth.one_time_tokens
     where ${condition} and token_type = any($2::text[]) and created_at > now() - make_interval(secs => $3::float8)
     returning user_id, token_type as purpose, relates_to`,
    [value, `{${purposes.join(',')}}`, maxAgeSeconds],
  )
}

/** The user's outstanding token for one purpose, as GoTrue's ClearOneTimeTokenForUser. */
export async function clearToken(
  tx: Queryable,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await tx.query(`delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2`, [
    userId,
    purpose,
  ])
}

/** Every outstanding link and code of the user, as GoTrue's ClearAllOneTimeTokensForUser. */
export async function clearAllTokens(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`delete from auth.one_time_tokens where user_id = $1::uuid`, [userId])
}
