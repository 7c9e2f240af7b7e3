import type { Queryable } from '../db/database.ts'
import { isRecord, redirect, stringField } from '../http/respond.ts'
import { tokenSettings } from './context.ts'
import { checkPasswordStrength } from './passwordStrength.ts'
import type { AuthContext } from './context.ts'
import { sendAccountNotice, sendAuthEmail } from './emails.ts'
import type { AccountNotice, EmailType } from './emails.ts'
import {
  AuthError,
  emailLoginsDisabled,
  otpExpired,
  signupsDisabled,
  userBanned,
  validationFailed,
} from './errors.ts'
import {
  PURPOSES_BY_VERIFY_TYPE,
  clearAllTokens,
  clearToken,
  consumeToken,
  issueToken,
} from './oneTimeTokens.ts'
import type { ConsumedToken, IssuedToken } from './oneTimeTokens.ts'
import { hashPassword } from './passwords.ts'
import { issueAuthCode, readChallenge, saveFlowState } from './pkce.ts'
import type { PkceChallenge } from './pkce.ts'
import { allowedRedirect } from './redirects.ts'
import { signIn } from './sessions.ts'
import { obfuscatedUserJson, userJson } from './userJson.ts'
import type { UserRow } from './userJson.ts'
import {
  createUser,
  findUserByEmail,
  findUserById,
  checkEmail,
  isBanned,
  updateUser,
} from './users.ts'

const PURPOSE_OF = {
  signup: 'confirmation',
  magiclink: 'magiclink',
  recovery: 'recovery',
} as const

/**
 * What verify answers when one address of a double-confirmed email change has confirmed it
 * (supabase/auth internal/api/verify.go, singleConfirmationAccepted).
 */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/** GoTrue's authentication method names (they end up in flow_state and the `amr` claim). */
const METHOD_OF: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  email: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
}

function redirectOf(ctx: AuthContext, req: Request, body?: Record<string, unknown>): string {
  const fromQuery = new URL(req.url).searchParams.get('redirect_to')
  const fromBody = body ? stringField(body, 'redirect_to') : undefined
  return allowedRedirect(
    fromQuery ?? fromBody,
    ctx.settings.siteUrl,
    ctx.settings.additionalRedirectUrls,
  )
}

/** When the last email of this kind went to the user (GoTrue keeps one timestamp per kind). */
function lastSentAt(user: UserRow, type: EmailType): string | null {
  if (type === 'signup') return user.confirmation_sent_at
  if (type === 'email_change') return user.email_change_sent_at
  return user.recovery_sent_at // recovery and magic links share it in GoTrue
}

/**
 * `[auth.email] max_frequency`: another email of the same kind within that time is refused
 * with GoTrue's 429 and the seconds left (supabase/auth internal/api/mail.go,
 * validateSentWithinFrequencyLimit / generateFrequencyLimitErrorMessage).
 */
function checkSendFrequency(ctx: AuthContext, user: UserRow, type: EmailType): void {
  const sentAt = lastSentAt(user, type)
  if (!sentAt) return
  const waited = (Date.now() - Date.parse(sentAt)) / 1000
  const left = ctx.settings.emailMaxFrequency - waited
  if (left > 0)
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(left)} seconds.`,
    )
}

/**
 * The project's hourly email budget (`[auth.rate_limit] email_sent`), spent once per email
 * action, after the per-user max_frequency check, as GoTrue's sendEmail does (thrown inside the
 * transaction, so nothing is issued when it is spent). Not while confirmations are automatic.
 */
function spendEmail(ctx: AuthContext): void {
  if (!ctx.settings.autoConfirm) ctx.limits?.spendEmail()
}

/**
 * A notice that the account changed (emails.ts sendAccountNotice). It spends the hour's email
 * budget too, but a spent budget only leaves it unsent: GoTrue logs the 429 and the change
 * stands (internal/api/user.go and mfa.go, after sendEmail).
 */
export function sendNotice(
  ctx: AuthContext,
  notice: AccountNotice,
  options: { to: string | null; factorType?: string },
): void {
  sendAccountNotice(ctx.mailbox, ctx.settings.email, notice, options, () =>
    ctx.settings.autoConfirm ? true : (ctx.limits?.tryEmail() ?? true),
  )
}

/** Issues a token, remembers a PKCE challenge if any, and mails the link (not for email changes). */
export async function mailToken(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  type: Exclude<EmailType, 'email_change'>,
  redirectTo: string,
  challenge: PkceChallenge | undefined,
): Promise<void> {
  checkSendFrequency(ctx, user, type)
  spendEmail(ctx)
  const to = user.email ?? ''
  const token = await issueToken(tx, user.id, PURPOSE_OF[type], to)
  if (challenge) await saveFlowState(tx, user.id, challenge, METHOD_OF[type] ?? type)
  await updateUser(tx, user.id, {
    confirmationSent: type === 'signup',
    recoverySent: type === 'recovery' || type === 'magiclink',
  })
  sendAuthEmail(ctx.mailbox, ctx.settings.email, {
    to,
    type,
    token,
    redirectTo,
    authUrl: ctx.authUrl(),
    pkce: challenge !== undefined,
  })
}

/**
 * Starts (or restarts) an email change as GoTrue's sendEmailChange does (supabase/auth
 * internal/api/mail.go): a link and code for the new address and, with `[auth.email]
 * double_confirm_changes` (Mailer.SecureEmailChangeEnabled), another for the current address,
 * each mailed to its own address in the one email_change template (internal/mailer/
 * templatemailer/templatemailer.go EmailChangeMail). Asking again replaces both tokens and puts
 * email_change_confirm_status back to 0, so a confirmation given earlier no longer counts.
 */
export async function mailEmailChange(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  challenge: PkceChallenge | undefined,
): Promise<void> {
  checkSendFrequency(ctx, user, 'email_change')
  spendEmail(ctx)
  const current = ctx.settings.doubleConfirmChanges && user.email ? user.email : undefined
  const toNew = await issueToken(tx, user.id, 'email_change', newEmail)
  const toCurrent = current
    ? await issueToken(tx, user.id, 'email_change_current', current)
    : undefined
  if (!current) await clearToken(tx, user.id, 'email_change_current')
  if (challenge) await saveFlowState(tx, user.id, challenge, METHOD_OF.email_change!)
  await updateUser(tx, user.id, {
    emailChange: newEmail.toLowerCase(),
    emailChangeConfirmStatus: 0,
    emailChangeSent: true,
  })
  const mail = (to: string, token: IssuedToken) =>
    sendAuthEmail(ctx.mailbox, ctx.settings.email, {
      to,
      type: 'email_change',
      token,
      redirectTo,
      authUrl: ctx.authUrl(),
      pkce: challenge !== undefined,
      change: { from: user.email ?? '', to: newEmail },
    })
  mail(newEmail, toNew)
  if (current && toCurrent) mail(current, toCurrent)
}

function requireEmail(body: Record<string, unknown>): string {
  const email = stringField(body, 'email')?.trim()
  if (!email) throw validationFailed('To signup, please provide your email')
  checkEmail(email)
  return email
}

/** POST /signup */
export async function signup(ctx: AuthContext, req: Request, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  // [auth] enable_signup, then the email provider ([auth.email] enable_signup), after the
  // address and password are checked (supabase/auth internal/api/signup.go Signup, v2.196).
  if (!ctx.settings.enableSignup) throw signupsDisabled()
  const email = requireEmail(body)
  const password = stringField(body, 'password') ?? ''
  checkPasswordStrength(password, ctx.settings.password)
  if (!ctx.settings.emailProvider)
    throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled')
  const metadata = isRecord(body.data) ? body.data : {}
  const challenge = readChallenge(body)
  const redirectTo = redirectOf(ctx, req, body)
  const passwordHash = await hashPassword(password)

  return ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email)
    if (existing?.email_confirmed_at) {
      if (ctx.settings.autoConfirm)
        throw new AuthError(422, 'user_already_exists', 'User already registered')
      return obfuscatedUserJson(email, metadata)
    }
    // Unconfirmed: signing up again only re-sends the link. Whoever asks may not be whoever
    // signed up first, so the password and metadata stay theirs; were they replaced, the owner
    // would confirm an account with a stranger's password (supabase/auth internal/api/signup.go
    // Signup: "do not update the user because we can't be sure of their claimed identity").
    const user =
      existing ??
      (await createUser(tx, {
        email,
        passwordHash,
        confirmed: ctx.settings.autoConfirm,
        userMetadata: metadata,
      }))
    if (ctx.settings.autoConfirm) return signIn(tx, tokenSettings(ctx), user, 'password')
    await mailToken(ctx, tx, user, 'signup', redirectTo, challenge)
    return userJson((await findUserById(tx, user.id))!)
  })
}

/** POST /otp (magic link). Creates the user unless create_user is false. */
export async function otp(ctx: AuthContext, req: Request, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const email = requireEmail(body)
  const createIfMissing = body.create_user !== false
  const challenge = readChallenge(body)
  const redirectTo = redirectOf(ctx, req, body)
  const metadata = isRecord(body.data) ? body.data : {}
  await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email)
    // GoTrue's order (internal/api/otp.go Otp, magic_link.go MagicLink, v2.196): an unknown
    // address with create_user false, then email sign-in switched off, then an address with no
    // confirmed account goes through Signup, which [auth] enable_signup = false refuses.
    if (!user && !createIfMissing)
      throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
    if (!ctx.settings.emailProvider) throw emailLoginsDisabled(422)
    if (!user?.email_confirmed_at && !ctx.settings.enableSignup) throw signupsDisabled()
    if (!user) {
      user = await createUser(tx, {
        email,
        passwordHash: null,
        confirmed: false,
        userMetadata: metadata,
      })
    }
    await mailToken(
      ctx,
      tx,
      user,
      user.email_confirmed_at ? 'magiclink' : 'signup',
      redirectTo,
      challenge,
    )
  })
  return {}
}

/** POST /recover. Answers the same whether or not the address has an account. */
export async function recover(ctx: AuthContext, req: Request, body: unknown) {
  // GoTrue mounts /recover behind requireEmailProvider (internal/api/api.go), before anything.
  if (!ctx.settings.emailProvider) throw emailLoginsDisabled(400)
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  // GoTrue's words for a reset without an address (internal/api/recover.go, Validate).
  if (!stringField(body, 'email')?.trim())
    throw validationFailed('Password recovery requires an email')
  const email = requireEmail(body)
  const challenge = readChallenge(body)
  const redirectTo = redirectOf(ctx, req, body)
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (user) await mailToken(ctx, tx, user, 'recovery', redirectTo, challenge)
  })
  return {}
}

/** POST /resend { type: signup | email_change, email } */
export async function resend(ctx: AuthContext, req: Request, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const type = stringField(body, 'type')
  const email = stringField(body, 'email')
  // GoTrue's checks and words, in its order (internal/api/resend.go, Validate); the phone types
  // it names are off in this project, and refused with the address missing below.
  if (type !== 'signup' && type !== 'email_change')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change')
  if (!email && type === 'signup') throw validationFailed('Type provided requires an email address')
  if (!email) throw validationFailed('Missing email address or phone number')
  if (!ctx.settings.emailProvider) throw emailLoginsDisabled(400)
  checkEmail(email)
  const challenge = readChallenge(body)
  const redirectTo = redirectOf(ctx, req, body)
  await ctx.db.transaction(async (tx) => {
    if (type === 'signup') {
      const user = await findUserByEmail(tx, email)
      if (user && !user.email_confirmed_at)
        await mailToken(ctx, tx, user, 'signup', redirectTo, challenge)
      return
    }
    const user = await jsonUserWithPendingEmail(tx, email)
    // GoTrue's Resend calls sendEmailChange again: both addresses, from the start.
    if (user?.email_change)
      await mailEmailChange(ctx, tx, user, user.email_change, redirectTo, challenge)
  })
  return {}
}

async function jsonUserWithPendingEmail(tx: Queryable, email: string) {
  const direct = await findUserByEmail(tx, email)
  if (direct) return direct
  const row = await tx.query<{ id: string }>(
    `select id::text from auth.users where lower(email_change) = lower($1)`,
    [email],
  )
  return row.rows[0] ? findUserById(tx, row.rows[0].id) : undefined
}

/** What a spent token did: signed the user in, or half of a double-confirmed email change. */
type Applied = { user: UserRow } | { halfway: true }

/**
 * Marks the email as proven and applies what the token was for. An email change is GoTrue's
 * emailChangeVerify (supabase/auth internal/api/verify.go): with double_confirm_changes on
 * (and confirmations not automatic) the first of the two addresses only sets
 * email_change_confirm_status to 1 (its token is already spent) and the email stays; the second
 * makes the change and clears every outstanding token (User.ConfirmEmailChange,
 * internal/models/user.go).
 */
async function applyToken(
  ctx: AuthContext,
  tx: Queryable,
  consumed: ConsumedToken,
): Promise<Applied> {
  const user = await findUserById(tx, consumed.user_id)
  if (!user) throw otpExpired()
  // Thrown, so the token is not spent (hosted checks before it looks at the token).
  if (isBanned(user)) throw userBanned()
  if (consumed.purpose !== 'email_change' && consumed.purpose !== 'email_change_current') {
    await updateUser(tx, user.id, { confirmEmail: true })
    return { user: (await findUserById(tx, user.id))! }
  }
  if (!user.email_change) throw otpExpired()
  if (
    ctx.settings.doubleConfirmChanges &&
    !ctx.settings.autoConfirm &&
    user.email_change_confirm_status === 0 &&
    user.email
  ) {
    await updateUser(tx, user.id, { emailChangeConfirmStatus: 1 })
    return { halfway: true }
  }
  await updateUser(tx, user.id, {
    email: user.email_change,
    emailChange: null,
    emailChangeConfirmStatus: 0,
    confirmEmail: true,
  })
  await clearAllTokens(tx, user.id)
  return { user: (await findUserById(tx, user.id))! }
}

/** POST /verify { type, token_hash } or { type, email, token } → a session. */
export async function verifyPost(ctx: AuthContext, _req: Request, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const type = stringField(body, 'type') ?? ''
  const purposes = PURPOSES_BY_VERIFY_TYPE[type]
  if (!purposes) throw validationFailed(`Verify requires a verification type`)
  const tokenHash = stringField(body, 'token_hash')
  const email = stringField(body, 'email')
  const code = stringField(body, 'token')
  const lookup = tokenHash ? { tokenHash } : email && code ? { email, otp: code } : undefined
  if (!lookup) throw validationFailed('Verify requires either a token or a token hash')
  return ctx.db.transaction(async (tx) => {
    const consumed = await consumeToken(tx, lookup, purposes, ctx.settings.otpExpiry)
    if (!consumed) throw otpExpired()
    const applied = await applyToken(ctx, tx, consumed)
    // GoTrue's verifyPost answers the first of two email-change confirmations with no session.
    if ('halfway' in applied) return { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' }
    return signIn(tx, tokenSettings(ctx), applied.user, METHOD_OF[type] ?? 'otp')
  })
}

/**
 * GET /verify?token&type&redirect_to — the email link. Redirects to the app with the
 * session in the fragment (implicit flow) or a `?code=` to exchange (PKCE).
 */
export async function verifyGet(ctx: AuthContext, req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams
  const type = params.get('type') ?? ''
  const token = params.get('token') ?? ''
  const redirectTo = redirectOf(ctx, req)
  const purposes = PURPOSES_BY_VERIFY_TYPE[type]
  const pkce = token.startsWith('pkce_')
  const result = purposes
    ? await ctx.db
        .transaction(async (tx) => {
          const consumed = await consumeToken(
            tx,
            { tokenHash: token },
            purposes,
            ctx.settings.otpExpiry,
          )
          if (!consumed) return undefined
          const applied = await applyToken(ctx, tx, consumed)
          if ('halfway' in applied) return applied
          const { user } = applied
          const method = METHOD_OF[type] ?? 'otp'
          if (pkce) {
            const code = await issueAuthCode(tx, user.id, method)
            if (code) return { code: code.auth_code }
          }
          return { session: await signIn(tx, tokenSettings(ctx), user, method) }
        })
        // A banned user's link says so (prepErrorRedirectURL: 403 is `access_denied`); any
        // other failure reads as a spent or expired link.
        .catch((error: unknown) =>
          error instanceof AuthError && error.errorCode === 'user_banned' ? error : undefined,
        )
    : undefined

  const target = new URL(redirectTo)
  if (!result || result instanceof AuthError) {
    const error = new URLSearchParams({
      error: 'access_denied',
      error_code: result?.errorCode ?? 'otp_expired',
      error_description: result?.message ?? 'Email link is invalid or has expired',
    })
    if (pkce) for (const [k, v] of error) target.searchParams.set(k, v)
    target.hash = error.toString()
    return redirect(target.toString())
  }
  if ('halfway' in result) {
    // GoTrue's prepRedirectURL: the message in the fragment, and in the query for PKCE; the
    // query re-encoded in key order, as Go's url.Values does.
    if (pkce) target.searchParams.set('message', SINGLE_CONFIRMATION_ACCEPTED)
    target.searchParams.sort()
    target.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: '' }).toString()
    return redirect(target.toString())
  }
  if ('code' in result && result.code) {
    target.searchParams.set('code', result.code)
    return redirect(target.toString())
  }
  const session = result.session as Record<string, unknown>
  target.hash = new URLSearchParams({
    access_token: String(session.access_token),
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: String(session.refresh_token),
    token_type: 'bearer',
    type,
  }).toString()
  return redirect(target.toString())
}
