import { isRecord, stringField } from '../http/respond.ts'
import { requireSession } from './context.ts'
import { checkPasswordStrength } from './passwordStrength.ts'
import type { AuthContext } from './context.ts'
import { mailEmailChange, sendNotice } from './emailRoutes.ts'
import { clearAllTokens } from './oneTimeTokens.ts'
import { AuthError, validationFailed } from './errors.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { readChallenge } from './pkce.ts'
import { allowedRedirect } from './redirects.ts'
import { signOut } from './sessions.ts'
import { userJson } from './userJson.ts'
import { findUserByEmail, findUserById, checkEmail, updateUser } from './users.ts'

/** GET /user */
export async function getUser(ctx: AuthContext, req: Request) {
  return ctx.db.transaction(async (tx) => userJson((await requireSession(ctx, req, tx)).user))
}

/** Top-level merge as GoTrue does it: a null value removes the key. */
function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

/** PUT /user { email?, password?, data? } */
export async function updateCurrentUser(ctx: AuthContext, req: Request, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const password = stringField(body, 'password')
  const email = stringField(body, 'email')?.trim()
  if (password !== undefined) checkPasswordStrength(password, ctx.settings.password)
  if (email !== undefined) checkEmail(email)
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined
  const redirectTo = allowedRedirect(
    new URL(req.url).searchParams.get('redirect_to'),
    ctx.settings.siteUrl,
    ctx.settings.additionalRedirectUrls,
  )

  let owner: string | null = null
  const updated = await ctx.db.transaction(async (tx) => {
    const { user, session } = await requireSession(ctx, req, tx)
    // Only an admin may change app_metadata; GoTrue refuses the whole request rather than ignore
    // the field (supabase/auth internal/api/user.go v2.196, UserUpdate: `params.AppData != nil`).
    if (body.app_metadata !== undefined && body.app_metadata !== null)
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
    owner = user.email
    const hasVerifiedFactor = user.factors.some((f) => f.status === 'verified')
    if (
      (password !== undefined || email !== undefined) &&
      hasVerifiedFactor &&
      session.aal !== 'aal2'
    ) {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      )
    }
    if (password !== undefined && (await verifyPassword(password, user.encrypted_password))) {
      throw new AuthError(
        422,
        'same_password',
        'New password should be different from the old password.',
      )
    }
    await updateUser(tx, user.id, {
      passwordHash,
      userMetadata: isRecord(body.data)
        ? mergeMetadata(user.raw_user_meta_data, body.data)
        : undefined,
    })
    // A new password means the old one may be known to someone else: GoTrue's
    // User.UpdatePassword (supabase/auth, internal/models/user.go) clears every outstanding
    // link and code (an email change started elsewhere included) and ends every other session.
    if (passwordHash !== undefined) {
      await clearAllTokens(tx, user.id)
      await signOut(tx, user.id, session.id, 'others')
    }
    if (email !== undefined && email.toLowerCase() !== user.email?.toLowerCase()) {
      const taken = await findUserByEmail(tx, email)
      if (taken)
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        )
      // The new address must prove itself before it replaces the old one, and with
      // double_confirm_changes the current address must agree too (emailRoutes.ts).
      await mailEmailChange(ctx, tx, user, email, redirectTo, readChallenge(body))
    }
    return userJson((await findUserById(tx, user.id))!)
  })
  // Sent once the new password is kept, as GoTrue's UserUpdate does (internal/api/user.go).
  if (passwordHash !== undefined) sendNotice(ctx, 'password_changed', { to: owner })
  return updated
}

/** POST /logout?scope=global|local|others → 204 */
export async function logout(ctx: AuthContext, req: Request): Promise<void> {
  const scope = new URL(req.url).searchParams.get('scope') ?? 'global'
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope "${scope}"`)
  }
  await ctx.db.transaction(async (tx) => {
    const { user, session } = await requireSession(ctx, req, tx)
    await signOut(tx, user.id, session.id, scope)
  })
}
