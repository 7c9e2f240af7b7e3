/**
 * An address from the range kept for benchmarks (RFC 2544), a new one each call, sent as
 * `X-Forwarded-For`: each test's visitor is one of their own, as each browser is on hosted.
 * Auth keeps its request budgets per address (scripts/local/supabase/auth/rateLimits.ts), and a
 * run signs in hundreds of times from one machine.
 */
export function visitorAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 17)
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`
}
