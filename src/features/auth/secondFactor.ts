/**
 * Raising a session to aal2 with the user's TOTP factor: what signing in and the password reset
 * both do when the account has two-factor authentication on.
 */
import type { SupabaseClient } from '@supabase/supabase-js'

/** The digits of a code as people paste or type it ("123 456", " 123-456\n"), at most six. */
export function totpDigits(input: string): string {
  return input.replace(/\D+/g, '').slice(0, 6)
}

export const TOTP_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.'

/**
 * A code the auth service checked and refused, or whose challenge had expired: what is wrong is
 * what the code field holds, so the form says it there (GoTrue v2.196 internal/api/mfa.go:
 * verifyTOTPFactor's mfa_verification_failed, validateChallenge's mfa_challenge_expired).
 */
export function refusesCode(failure: unknown): boolean {
  const code = (failure as { code?: unknown } | null)?.code
  return code === 'mfa_verification_failed' || code === 'mfa_challenge_expired'
}

/** True when the session must pass the second factor before the account can be changed. */
export async function needsStepUp(supabase: SupabaseClient): Promise<boolean> {
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  return data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2'
}

export class NoVerifiedFactorError extends Error {
  override name = 'NoVerifiedFactorError'
  /** GoTrue's code for a factor that is gone, so it is put into words like the service's. */
  readonly code = 'mfa_factor_not_found'
  constructor() {
    super('This account has no verified authenticator. Sign in again.')
  }
}

/** Challenges and verifies the verified TOTP factor with `code`; throws what the service says. */
export async function verifySecondFactor(supabase: SupabaseClient, code: string): Promise<void> {
  const { data: factors, error: listError } = await supabase.auth.mfa.listFactors()
  if (listError) throw listError
  const factor = factors.totp.find((candidate) => candidate.status === 'verified')
  if (!factor) throw new NoVerifiedFactorError()
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
  if (error) throw error
}
