/**
 * Two-factor users for the end-to-end tests: a confirmed user with a verified TOTP factor,
 * enrolled through the API (the enrolment screens have their own test in auth.spec.ts).
 */
import * as OTPAuth from 'otpauth'
import { createUser, visitorClient, type TestUser } from './backend.ts'

const TIME_STEP_MS = 30_000

export interface TwoFactorUser extends TestUser {
  totp: OTPAuth.TOTP
}

export async function createTwoFactorUser(label: string): Promise<TwoFactorUser> {
  const user = await createUser(label)
  const supabase = await visitorClient()
  const signedIn = await supabase.auth.signInWithPassword(user)
  if (signedIn.error) throw new Error(`sign-in for ${label}: ${signedIn.error.message}`)
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
  if (enrolled.error) throw new Error(`enrol for ${label}: ${enrolled.error.message}`)
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data.totp.secret) })
  // The previous time step's code (still accepted), so the code the test types next in the
  // browser is a newer one even where a code may be used only once. A second try covers a step
  // boundary passing between making the code and the server checking it.
  let failure = ''
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const verified = await supabase.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totp.generate({ timestamp: Date.now() - TIME_STEP_MS }),
    })
    if (!verified.error) return { ...user, totp }
    failure = verified.error.message
  }
  throw new Error(`verify for ${label}: ${failure}`)
}

/** True when `password` signs `email` in (checked from Node, not through the page). */
export async function passwordWorks(email: string, password: string): Promise<boolean> {
  const supabase = await visitorClient()
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  return error === null
}
