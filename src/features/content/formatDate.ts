const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * `2026-03-14` → `March 14, 2026`, the same on the server and in every browser. Written out
 * rather than with Intl.DateTimeFormat: a page's first date formatter costs Chromium 7–18 ms of
 * main thread on the 2-core machine (loading its ICU data), inside hydration; the result is
 * Intl's en-US long date in UTC (formatDate.test.ts).
 */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  const name = MONTHS[(month ?? 0) - 1]
  if (!name || !year || !day) throw new Error(`Not a date: "${isoDate}"`)
  return `${name} ${day}, ${year}`
}
