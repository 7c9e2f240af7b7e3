import { expect, headerLink, test, waitForHydration } from './fixtures'

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
