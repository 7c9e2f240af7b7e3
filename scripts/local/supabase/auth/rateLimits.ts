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
 * A fixed window, as GoTrue's IntervalLimiter is (supabase/auth internal/ratelimit/interval.go):
 * `events` allowed per `windowMs`, the count starting over when a whole window has passed.
 */
class FixedWindow {
  private startedAt = Date.now()
  private count = 0

  constructor(
    private readonly events: number,
    private readonly windowMs: number,
  ) {}

  take(): boolean {
    const windows = Math.floor((Date.now() - this.startedAt) / this.windowMs)
    if (windows > 0) {
      this.startedAt += windows * this.windowMs
      this.count = 0
    }
    if (this.count >= this.events) return false
    this.count += 1
    return true
  }
}

/**
 * GoTrue's per-client-address limits (supabase/auth internal/api/apilimiter/apilimiter.go New,
 * applied in internal/api/api.go and, for /token, internal/api/token.go Token), each a bucket
 * with a burst of 30:
 * - every /token grant (password, refresh, PKCE): `[auth.rate_limit] token_refresh` per 5 minutes;
 * - sign-up, magic link (/otp), recovery, resend and PUT /user, a bucket each:
 *   `sign_in_sign_ups` per 5 minutes (GOTRUE_RATE_LIMIT_OTP, newLimiterPer5mOver1h);
 * - email link and code verification (/verify): `token_verifications` per 5 minutes;
 * - TOTP challenge and verification: GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15 a minute
 *   (config.toml has no key for it; internal/conf/configuration.go MFAConfiguration).
 * GoTrue keys them by the first value of its rate-limit header (GOTRUE_RATE_LIMIT_HEADER,
 * `X-Forwarded-For` in its example configuration; internal/api/middleware.go
 * performRateLimitingWithHeader), which hosted's gateway fills with the caller's address. The
 * local backend listens on loopback only, so a request without the header is one caller, the
 * machine; one with it is the caller it names, as a test playing many visitors does.
 */
const MFA_CHALLENGE_AND_VERIFY_PER_MINUTE = 15
const BURST = 30

export type LimitedRoute =
  | 'token'
  | 'signup'
  | 'otp'
  | 'recover'
  | 'resend'
  | 'updateUser'
  | 'verify'
  | 'mfaVerify'
  | 'mfaChallenge'

/** Callers remembered at most: a new one beyond it starts the memory afresh. */
const MAX_CALLERS = 10_000

export class RateLimits {
  private readonly callers = new Map<string, Record<LimitedRoute, TokenBucket>>()
  private readonly newBuckets: () => Record<LimitedRoute, TokenBucket>
  /**
   * `[auth.rate_limit] email_sent` per hour for the whole project (apilimiter.go: Email, an
   * IntervalLimiter), counted once per email action (internal/api/mail.go sendEmail), not per
   * message; hosted skips it while confirmations are automatic.
   */
  private readonly emails: FixedWindow

  constructor(limits: HostedSettings['auth']['rateLimit']) {
    const perFiveMinutes = (count: number) => new TokenBucket(count / 300, BURST)
    const mfa = () => new TokenBucket(MFA_CHALLENGE_AND_VERIFY_PER_MINUTE / 60, BURST)
    this.newBuckets = () => ({
      token: perFiveMinutes(limits.tokenRefresh),
      signup: perFiveMinutes(limits.signInSignUps),
      otp: perFiveMinutes(limits.signInSignUps),
      recover: perFiveMinutes(limits.signInSignUps),
      resend: perFiveMinutes(limits.signInSignUps),
      updateUser: perFiveMinutes(limits.signInSignUps),
      verify: perFiveMinutes(limits.tokenVerifications),
      mfaVerify: mfa(),
      mfaChallenge: mfa(),
    })
    this.emails = new FixedWindow(limits.emailSent, 3_600_000)
  }

  /** Throws GoTrue's 429 when the route's budget of this caller is spent. */
  spend(route: LimitedRoute, caller = 'local'): void {
    let buckets = this.callers.get(caller)
    if (!buckets) {
      if (this.callers.size >= MAX_CALLERS) this.callers.clear()
      buckets = this.newBuckets()
      this.callers.set(caller, buckets)
    }
    if (!buckets[route].take())
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }

  /** Throws GoTrue's 429 when the project's emails for this hour are spent. */
  spendEmail(): void {
    if (!this.tryEmail())
      throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
  }

  /** Takes one of this hour's emails; false when they are spent. */
  tryEmail(): boolean {
    return this.emails.take()
  }
}
