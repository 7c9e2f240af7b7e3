import { readFileSync } from 'node:fs'
import { expect, headerLink, test, waitForHydration } from './fixtures.ts'

/** The header set the build emitted for dist/ (scripts/build/securityHeaders.ts). */
function emittedHeaders(): Record<string, string> {
  return (
    JSON.parse(readFileSync('dist/.folio/headers.json', 'utf8')) as {
      headers: Record<string, string>
    }
  ).headers
}

type CspWindow = Window & { __cspViolations?: string[]; __injected?: number }

test('the site works under the CDN security headers, which block injected scripts', async ({
  page,
}) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const target = window as CspWindow
      ;(target.__cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  const response = await page.goto('/')
  const headers = response?.headers() ?? {}
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/)
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  await waitForHydration(page)
  await headerLink(page, 'Pricing').click()
  await expect(page).toHaveURL(/\/pricing$/)
  await headerLink(page, 'Blog').click()
  await expect(page).toHaveURL(/\/blog$/)
  expect(await page.evaluate(() => (window as CspWindow).__cspViolations ?? [])).toEqual([])

  const injected = await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.__injected = 1'
    document.body.append(script)
    return (window as CspWindow).__injected ?? null
  })
  expect(injected).toBeNull()
})

test('every response carries exactly the headers the build emitted', async ({ page }) => {
  const emitted = emittedHeaders()
  expect(Object.keys(emitted)).toEqual(
    expect.arrayContaining([
      'Content-Security-Policy',
      'Strict-Transport-Security',
      'Referrer-Policy',
      'Permissions-Policy',
    ]),
  )
  for (const path of ['/', '/blog/sanitising-markdown', '/favicon.svg', '/no-such-page']) {
    const response = await page.request.get(path)
    const served = response.headers()
    for (const [name, value] of Object.entries(emitted)) {
      expect(served[name.toLowerCase()], `${name} on ${path}`).toBe(value)
    }
  }
})
