/**
 * The network a request came from, for rate limits. Only the hop the platform appends can be
 * trusted: hosted Supabase's gateway adds the address of the connection it accepted at the
 * right-hand end of X-Forwarded-For, and everything to its left is whatever the client chose
 * to send. Taking the leftmost entry (as this code once did) let anyone pick a new "address"
 * per request, or name someone else's to lock them out.
 *
 * Sources: Supabase's proxy config appends the connecting address to X-Forwarded-For
 * (supabase/postgres pull request 1593, "envoy external ip headers": the client is the entry
 * before the last hop); supabase/auth pull request 2295 on why the leftmost entry is not to be
 * trusted (it "can be (and frequently is) rewritten by proxies or otherwise spoofed"); and the
 * question of which header to trust in managed Edge Functions, supabase discussion 52040, where
 * Supabase documents no other contract. The local backend appends the peer the same way
 * (scripts/backend/functions/router.ts), so the tests exercise this code as deployed.
 */

/** Entries the platform appends after the client's own; one: its gateway. */
const TRUSTED_HOPS = 1

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/

export function clientAddress(req: Request): string | null {
  const hops = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const appended = hops.at(-TRUSTED_HOPS)
  if (!appended || !ADDRESS.test(appended)) return null
  // The same IPv4 client may arrive IPv6-mapped (::ffff:203.0.113.7); count it once.
  return appended.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase()
}
