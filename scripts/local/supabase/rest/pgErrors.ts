import type { PgError } from '../db/database.ts'
import { RestError } from './restError.ts'

/** PostgREST's table of SQLSTATE → HTTP status (src/library/PostgREST/Error.hs mapSQLtoHTTP). */
function statusFor(code: string, role: string, message: string): number {
  // Cardinality violation: a client error only when it is pg-safeupdate's refusal.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === '42501') return role === 'anon' ? 401 : 403 // insufficient privilege (incl. RLS)
  if (code === '23503' || code === '23505') return 409 // foreign key / unique violation
  if (code === '25006') return 405 // read-only transaction
  if (code === '42883' || code === '42P01') return 404 // undefined function / table
  if (code === '42P17') return 500
  if (code === 'P0001') return 400 // raise exception (our plan limits)
  if (code === '57014') return 500 // query canceled
  const prefix = code.slice(0, 2)
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '22': 400,
    '23': 400,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 413,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
    '42': 400,
  }
  return byClass[prefix] ?? 400
}

export function restErrorFromPg(error: PgError, role: string): RestError {
  return new RestError(
    statusFor(error.code, role, error.message),
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
  )
}
