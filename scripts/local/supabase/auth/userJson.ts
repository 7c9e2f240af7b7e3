/** A row of auth.users joined with its factors, as read by users.ts. */
export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: string | null
  confirmation_sent_at: string | null
  recovery_sent_at: string | null
  email_change: string | null
  email_change_sent_at: string | null
  /** 1 once one address of a double-confirmed email change has confirmed it (not in the JSON). */
  email_change_confirm_status: number
  last_sign_in_at: string | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: string
  updated_at: string
  phone: string | null
  confirmed_at: string | null
  banned_until: string | null
  is_anonymous: boolean
  factors: FactorRow[]
}

export interface FactorRow {
  id: string
  friendly_name: string | null
  factor_type: string
  status: 'verified' | 'unverified'
  created_at: string
  updated_at: string
  last_challenged_at: string | null
}

/** The user object GoTrue returns (and auth-js types as `User`). */
export function userJson(user: UserRow): Record<string, unknown> {
  const identityData = {
    email: user.email,
    email_verified: user.email_confirmed_at !== null,
    phone_verified: false,
    sub: user.id,
  }
  const body: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: user.email_confirmed_at ?? undefined,
    phone: user.phone ?? '',
    confirmation_sent_at: user.confirmation_sent_at ?? undefined,
    confirmed_at: user.confirmed_at ?? undefined,
    recovery_sent_at: user.recovery_sent_at ?? undefined,
    new_email: user.email_change ?? undefined,
    email_change_sent_at: user.email_change_sent_at ?? undefined,
    last_sign_in_at: user.last_sign_in_at ?? undefined,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: user.last_sign_in_at ?? user.created_at,
        created_at: user.created_at,
        updated_at: user.updated_at,
        email: user.email,
      },
    ],
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: user.is_anonymous,
  }
  if (user.factors.length > 0) {
    body.factors = user.factors.map((f) => ({
      id: f.id,
      friendly_name: f.friendly_name ?? undefined,
      factor_type: f.factor_type,
      status: f.status,
      created_at: f.created_at,
      updated_at: f.updated_at,
      last_challenged_at: f.last_challenged_at ?? undefined,
    }))
  }
  return JSON.parse(JSON.stringify(body)) as Record<string, unknown> // drops the undefined fields
}

/**
 * What /signup answers for an address that already has a confirmed account when email
 * confirmation is on: a user-shaped object with a random id and no identities, so the
 * response does not reveal whether the address is registered (GoTrue does the same).
 */
export function obfuscatedUserJson(
  email: string,
  metadata: Record<string, unknown>,
): Record<string, unknown> {
  const now = new Date().toISOString()
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}
