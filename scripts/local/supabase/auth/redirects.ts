/**
 * redirect_to is honoured only if it points at the site or an allowed pattern (GoTrue's
 * URI allow list); anything else falls back to the site URL, so email links cannot be
 * turned into open redirects.
 */
export function allowedRedirect(
  candidate: string | null | undefined,
  siteUrl: string,
  patterns: string[],
): string {
  if (!candidate) return siteUrl
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return siteUrl
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl
  if (url.origin === new URL(siteUrl).origin) return url.toString()
  for (const pattern of patterns) {
    const regex = new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/?#@]*')}(?:[/?#].*)?$`,
    )
    if (regex.test(url.toString())) return url.toString()
  }
  return siteUrl
}
