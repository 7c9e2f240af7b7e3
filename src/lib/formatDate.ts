/**
 * The one way the site writes a date: `March 14, 2026` (Intl's en-US long date), on the
 * blog, the changelog and the terms, and for a subscription's renewal on the checkout
 * confirmation and the account page, so that one reader never meets two spellings of a day.
 */
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

function longDate(year: number, monthIndex: number, day: number): string {
  return `${MONTHS[monthIndex]} ${day}, ${year}`
}

/**
 * `2026-03-14` → `March 14, 2026`, the same on the server and in every browser. Written out
 * rather than with Intl.DateTimeFormat: a page's first date formatter costs Chromium 7–18 ms of
 * main thread on the 2-core machine (loading its ICU data), inside hydration; the result is
 * Intl's en-US long date in UTC (formatDate.test.ts).
 */
export function formatDate(isoDate: string): string {
  const [year = 0, month = 0, day = 0] = isoDate.split('-').map(Number)
  if (!MONTHS[month - 1] || !year || !day) throw new Error(`Not a date: "${isoDate}"`)
  return longDate(year, month - 1, day)
}

/**
 * A moment (`2026-12-28T09:30:00+00:00`, as the database and Stripe give a period's end) as
 * the day it falls on where the reader is: `December 28, 2026`.
 */
export function formatLocalDay(instant: string): string {
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: "${instant}"`)
  return longDate(date.getFullYear(), date.getMonth(), date.getDate())
}
