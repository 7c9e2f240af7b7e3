import { createHash, randomUUID } from 'node:crypto'
import { jsonRow } from '../db/database.ts'
import type { Queryable } from '../db/database.ts'
import { AuthError } from './errors.ts'

export interface PkceChallenge {
  codeChallenge: string
  method: 's256' | 'plain'
}

/** Reads `code_challenge` / `code_challenge_method` from a request body, if the client uses PKCE. */
export function readChallenge(body: Record<string, unknown>): PkceChallenge | undefined {
  const codeChallenge = body.code_challenge
  if (typeof codeChallenge !== 'string' || codeChallenge === '') return undefined
  const method = String(body.code_challenge_method ?? 's256').toLowerCase()
  if (method !== 's256' && method !== 'plain') {
    throw new AuthError(400, 'validation_failed', 'Code challenge method not supported')
  }
  return { codeChallenge, method }
}

export async function saveFlowState(
  tx: Queryable,
  userId: string,
  challenge: PkceChallenge,
  authenticationMethod: string,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
     values ($1::uuid, $2, $3, $4, $5)`,
    [userId, randomUUID(), challenge.method, challenge.codeChallenge, authenticationMethod],
  )
}

/** The email link was followed: hand out the latest flow's code for the client to exchange. */
export async function issueAuthCode(tx: Queryable, userId: string, authenticationMethod: string) {
  return jsonRow<{ auth_code: string }>(
    tx,
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1::uuid and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, authenticationMethod],
  )
}

/** grant_type=pkce: the verifier must hash to the saved challenge; codes are single use. */
export async function redeemAuthCode(
  tx: Queryable,
  authCode: string,
  codeVerifier: string,
  maxAgeSeconds: number,
): Promise<{ user_id: string; authentication_method: string }> {
  const flow = await jsonRow<{
    user_id: string
    authentication_method: string
    code_challenge: string
    code_challenge_method: string
    age: number
  }>(
    tx,
    `delete from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null
     returning user_id, authentication_method, code_challenge, code_challenge_method,
               extract(epoch from now() - auth_code_issued_at)::float8 as age`,
    [authCode],
  )
  if (!flow)
    throw new AuthError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    )
  if (flow.age > maxAgeSeconds)
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
  const expected =
    flow.code_challenge_method === 'plain'
      ? codeVerifier
      : createHash('sha256').update(codeVerifier).digest('base64url')
  if (expected !== flow.code_challenge) {
    throw new AuthError(
      403,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    )
  }
  return { user_id: flow.user_id, authentication_method: flow.authentication_method }
}
