import type { HostedSettings } from '../supabaseConfig.ts'
import { AuthError } from './errors.ts'

/**
 * A token bucket, as GoTrue's tollbooth limiters are: `burst` requests at once, then `perSecond`
 * refilled. The bucket starts full.
 */
class TokenBucket {
  private tokens: number
  private updatedAt = Date.now()

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst
  }

  take(): boolean {
    const now = Date.now()
    this.tokens = Math.min(
      this.burst,
      this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond,
    )
    this.updatedAt = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}

/**
 * GoTrue's per-client-address limits on the routes where guessing pays: email link and code
 * verification (/verify, `[auth.rate_limit] token_verifications` per 5 minutes) and TOTP
 * challenge and verification (GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15 a minute by
 * default; config.toml has no key for it). Both with a burst of 30
 * (supabase/auth internal/api/options.go, internal/conf/configuration.go MFAConfiguration).
 * The local backend listens on loopback only, so every caller is the same address: one bucket
 * per route stands for GoTrue's bucket per IP.
 */
const MFA_CHALLENGE_AND_VERIFY_PER_MINUTE = 15
const BURST = 30

export class RateLimits {
  private readonly verify: TokenBucket
  private readonly mfaVerify: TokenBucket
  private readonly mfaChallenge: TokenBucket

  constructor(limits: HostedSettings['auth']['rateLimit']) {
    this.verify = new TokenBucket(limits.tokenVerifications / 300, BURST)
    this.mfaVerify = new TokenBucket(MFA_CHALLENGE_AND_VERIFY_PER_MINUTE / 60, BURST)
    this.mfaChallenge = new TokenBucket(MFA_CHALLENGE_AND_VERIFY_PER_MINUTE / 60, BURST)
  }

  /** Throws GoTrue's 429 when the route's budget is spent. */
  spend(route: 'verify' | 'mfaVerify' | 'mfaChallenge'): void {
    if (!this[route].take())
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
}
