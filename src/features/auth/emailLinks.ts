/**
 * The email links this browser asked for. Each request (sign-up confirmation, magic link,
 * password reset) gets a random nonce, sent along in the link's return address (`flow=`) and
 * kept here with the address the email went to. /confirm then knows that a link was started
 * here, and for whom, before it lets the address sign anyone in.
 *
 * Kept in localStorage, not sessionStorage: the link opens from the mail client in a new tab,
 * and every tab starts with an empty sessionStorage. supabase-js keeps its PKCE code verifier in
 * localStorage for the same reason.
 */
export const EMAIL_LINK_PARAM = 'flow'
/**
 * What the link was sent for, also in its return address: /confirm words what it says by it
 * (a sign-up link opened in another browser has confirmed the address even though it cannot
 * sign in there). Anyone can write it into an address, so it decides nothing else.
 */
export const EMAIL_LINK_KIND_PARAM = 'link'
const EMAIL_LINK_KINDS = ['signup', 'magic-link', 'recovery'] as const
export type EmailLinkKind = (typeof EMAIL_LINK_KINDS)[number]

export function readEmailLinkKind(value: string | null): EmailLinkKind | null {
  return EMAIL_LINK_KINDS.find((kind) => kind === value) ?? null
}
export const EMAIL_LINKS_KEY = 'folio-email-links'
/** GoTrue's email links last at most a day (mailer OTP expiry is capped at 86400 s). */
export const EMAIL_LINK_LIFETIME_SECONDS = 24 * 60 * 60
/** A few requests in flight at once (resends) are remembered; older ones drop off. */
const REMEMBERED = 5

export interface PendingEmailLink {
  nonce: string
  /** Lower-cased, as GoTrue stores addresses. */
  email: string
  startedAt: number
}

interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

function isPending(value: unknown): value is PendingEmailLink {
  if (typeof value !== 'object' || value === null) return false
  const link = value as Partial<PendingEmailLink>
  return (
    typeof link.nonce === 'string' &&
    typeof link.email === 'string' &&
    typeof link.startedAt === 'number'
  )
}

function readAll(storage: KeyValueStorage, nowSeconds: number): PendingEmailLink[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(storage.getItem(EMAIL_LINKS_KEY) ?? '[]')
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  return parsed
    .filter(isPending)
    .filter((link) => nowSeconds - link.startedAt <= EMAIL_LINK_LIFETIME_SECONDS)
}

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Records a link about to be requested for `email`; returns the nonce to put in its address. */
export function rememberEmailLink(
  storage: KeyValueStorage,
  email: string,
  nowSeconds: number,
): string {
  const nonce = newNonce()
  const links = [
    ...readAll(storage, nowSeconds),
    { nonce, email: email.trim().toLowerCase(), startedAt: nowSeconds },
  ]
  storage.setItem(EMAIL_LINKS_KEY, JSON.stringify(links.slice(-REMEMBERED)))
  return nonce
}

export function findEmailLink(
  storage: KeyValueStorage,
  nonce: string | null,
  nowSeconds: number,
): PendingEmailLink | null {
  if (!nonce) return null
  return readAll(storage, nowSeconds).find((link) => link.nonce === nonce) ?? null
}

/** A link is good for one sign-in. */
export function forgetEmailLink(storage: KeyValueStorage, nonce: string, nowSeconds: number): void {
  const links = readAll(storage, nowSeconds).filter((link) => link.nonce !== nonce)
  storage.setItem(EMAIL_LINKS_KEY, JSON.stringify(links))
}
