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
 * (scripts/local/supabase/functions/router.ts), so the tests exercise this code as deployed.
 */

/** Entries the platform appends after the client's own; one: its gateway. */
const TRUSTED_HOPS = 1

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/
const IPV6_GROUP = /^[0-9a-f]{1,4}$/

/**
 * The /64 an IPv6 address belongs to, written one way (`2001:db8:1:2::/64`): one host is
 * usually given a whole /64 and can send from any address in it, so counting single addresses
 * would give it billions of allowances.
 */
function ipv6Network(address: string): string | null {
  const halves = address.toLowerCase().split('::')
  if (halves.length > 2) return null
  const [head = '', tail] = halves
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 1) return null
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right]
  if (!groups.every((group) => IPV6_GROUP.test(group))) return null
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`
}

/**
 * The network the request came from: the IPv4 address, or the IPv6 /64; null when the
 * platform's hop is missing or is not an address.
 */
export function clientAddress(req: Request): string | null {
  const hops = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const appended = hops.at(-TRUSTED_HOPS)
  if (!appended) return null
  // The same IPv4 client may arrive IPv6-mapped (::ffff:203.0.113.7); count it once.
  const ipv4 = appended.replace(/^::ffff:/i, '')
  if (IPV4.test(ipv4)) return ipv4
  return ipv6Network(appended)
}
