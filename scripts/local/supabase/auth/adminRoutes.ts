import { isRecord, stringField } from '../http/respond.ts'
import type { AuthContext } from './context.ts'
import { AuthError, validationFailed } from './errors.ts'
import { checkPasswordStrength } from './passwordStrength.ts'
import { hashPassword } from './passwords.ts'
import { userJson } from './userJson.ts'
import { createUser, findUserByEmail, findUserById, checkEmail } from './users.ts'

/** POST /admin/users { email, password?, email_confirm?, user_metadata?, app_metadata? } (service role) */
export async function adminCreateUser(ctx: AuthContext, body: unknown) {
  if (!isRecord(body)) throw validationFailed('Request body must be a JSON object')
  const email = stringField(body, 'email')?.trim() ?? ''
  checkEmail(email)
  const password = stringField(body, 'password')
  if (password !== undefined) checkPasswordStrength(password, ctx.settings.password)
  const passwordHash = password !== undefined ? await hashPassword(password) : null
  return ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) {
      throw new AuthError(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      )
    }
    const user = await createUser(tx, {
      email,
      passwordHash,
      confirmed: body.email_confirm === true,
      userMetadata: isRecord(body.user_metadata) ? body.user_metadata : {},
      appMetadata: isRecord(body.app_metadata) ? body.app_metadata : {},
    })
    return userJson(user)
  })
}

/** GET /admin/users/{id} */
export async function adminGetUser(ctx: AuthContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await findUserById(tx, id) : undefined
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    return userJson(user)
  })
}

/** DELETE /admin/users/{id} */
export async function adminDeleteUser(ctx: AuthContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await findUserById(tx, id) : undefined
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    await tx.query(`delete from auth.users where id = $1::uuid`, [id])
    return userJson(user)
  })
}
