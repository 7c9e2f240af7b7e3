import { randomUUID } from 'node:crypto'
import { jsonRow } from '../db/database.ts'
import type { Queryable } from '../db/database.ts'
import { validationFailed } from './errors.ts'
import type { UserRow } from './userJson.ts'

const SELECT_USER = `
  select u.id, u.aud, u.role, u.email, u.encrypted_password, u.email_confirmed_at,
         u.confirmation_sent_at, u.recovery_sent_at, u.email_change, u.email_change_sent_at,
         coalesce(u.email_change_confirm_status, 0)::int as email_change_confirm_status,
         u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.created_at, u.updated_at,
         u.phone, u.confirmed_at, u.banned_until, u.is_anonymous,
         coalesce((
           select json_agg(json_build_object(
             'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type,
             'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
             'last_challenged_at', f.last_challenged_at) order by f.created_at)
           from auth.mfa_factors f where f.user_id = u.id
         ), '[]'::json) as factors
  from auth.users u`

/** Whether the user is banned now (GoTrue's User.IsBanned: `banned_until` still ahead). */
export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && Date.parse(user.banned_until) > Date.now()
}

export function findUserById(tx: Queryable, id: string): Promise<UserRow | undefined> {
  return jsonRow<UserRow>(tx, `${SELECT_USER} where u.id = $1::uuid and u.deleted_at is null`, [id])
}

export function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | undefined> {
  return jsonRow<UserRow>(
    tx,
    `${SELECT_USER} where lower(u.email) = lower($1) and u.deleted_at is null`,
    [email],
  )
}

export interface NewUser {
  email: string
  passwordHash: string | null
  confirmed: boolean
  userMetadata: Record<string, unknown>
  appMetadata?: Record<string, unknown>
}

export async function createUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata }
  // auth.users has no defaults for these, as on hosted: GoTrue supplies the id, audience,
  // role, timestamps and empty tokens itself (supabase/auth internal/models/user.go NewUser).
  const inserted = await jsonRow<{ id: string }>(
    tx,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_user_meta_data, raw_app_meta_data, created_at, updated_at, confirmation_token,
       recovery_token, email_change_token_new, email_change, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $6::uuid, 'authenticated', 'authenticated',
       $1, $2, case when $3::boolean then now() end, $4::jsonb, $5::jsonb, now(), now(), '', '', '', '',
       false, false) returning id`,
    [
      user.email.toLowerCase(),
      user.passwordHash,
      user.confirmed,
      JSON.stringify(user.userMetadata),
      JSON.stringify(appMetadata),
      randomUUID(),
    ],
  )
  return (await findUserById(tx, inserted!.id))!
}

/** Applies the given columns (fixed names chosen by callers, values as parameters). */
export async function updateUser(
  tx: Queryable,
  id: string,
  changes: {
    passwordHash?: string
    email?: string
    emailChange?: string | null
    /** 0, or 1 once one of an email change's two addresses has confirmed it. */
    emailChangeConfirmStatus?: 0 | 1
    confirmEmail?: boolean
    userMetadata?: Record<string, unknown>
    lastSignIn?: boolean
    confirmationSent?: boolean
    recoverySent?: boolean
    emailChangeSent?: boolean
  },
): Promise<void> {
  const sets: string[] = ['updated_at = now()']
  const params: unknown[] = [id]
  const add = (sql: string, value: unknown) => {
    params.push(value)
    sets.push(sql.replace('?', `$${params.length}`))
  }
  if (changes.passwordHash !== undefined) add('encrypted_password = ?', changes.passwordHash)
  if (changes.email !== undefined) add('email = ?', changes.email.toLowerCase())
  if (changes.emailChange !== undefined) add('email_change = ?', changes.emailChange)
  if (changes.emailChangeConfirmStatus !== undefined)
    add('email_change_confirm_status = ?', changes.emailChangeConfirmStatus)
  if (changes.userMetadata !== undefined)
    add('raw_user_meta_data = ?::jsonb', JSON.stringify(changes.userMetadata))
  if (changes.confirmEmail) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())')
  if (changes.lastSignIn) sets.push('last_sign_in_at = now()')
  if (changes.confirmationSent) sets.push('confirmation_sent_at = now()')
  if (changes.recoverySent) sets.push('recovery_sent_at = now()')
  if (changes.emailChangeSent) sets.push('email_change_sent_at = now()')
  await tx.query(`update auth.users set ${sets.join(', ')} where id = $1::uuid`, params)
}

// badoux/checkmail at the version GoTrue pins (d0a7596, ValidateFormat): the WHATWG pattern.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/**
 * GoTrue's validateEmail (supabase/auth internal/api/mail.go): over 255 bytes is "too long",
 * then checkmail's format. Throws the 400 `validation_failed` GoTrue answers with.
 */
export function checkEmail(email: string): void {
  if (Buffer.byteLength(email, 'utf8') > 255) throw validationFailed('An email address is too long')
  if (!EMAIL_PATTERN.test(email))
    throw validationFailed('Unable to validate email address: invalid format')
}
