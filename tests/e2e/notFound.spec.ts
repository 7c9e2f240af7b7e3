/**
 * One not-found experience: however a visitor reaches an address that leads nowhere (typed,
 * followed from elsewhere, or clicked inside the site, including a blog post that does not
 * exist), they get the site's header and footer around the spec's 404 screen.
 */
import type { Page } from '@playwright/test'
import { expect, test, trackErrors, waitForHydration } from './fixtures.ts'

async function expectNotFoundScreen(page: Page, fullPath: string) {
  const main = page.getByRole('main')
  await expect(main.getByText(`Page not found: ${fullPath}`, { exact: true })).toBeVisible()
  await expect(main.getByText('404', { exact: true })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Oops.' })).toBeVisible()
  await expect(page.getByRole('main')).toHaveCount(1)
  // The site around it: header with the main navigation, footer with its links.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Folio home' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('contentinfo').getByRole('navigation')).toBeVisible()
  await expect(page).toHaveTitle('404 · Folio')
}

async function goHome(page: Page) {
  await page.getByRole('button', { name: 'Go Home .....' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Write markdown with real code',
  )
}

async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

test('a typed unknown address gets 404.html with the header, footer and the spec texts', async ({
  page,
  request,
}) => {
  const response = await request.get('/no/such/page')
  expect(response.status()).toBe(404)
  const html = await response.text()
  // Before any script runs, the CDN's page already carries the site around the message.
  expect(html).toContain('class="site-header')
  expect(html).toContain('class="site-footer')
  expect(html).toContain('Oops.')

  const errors = trackErrors(page)
  await page.goto('/no/such/page?x=1#top')
  await expectNotFoundScreen(page, '/no/such/page?x=1#top')
  await goHome(page)
  expect(errors.filter((error) => !error.includes('404'))).toEqual([])
})

test('following a link inside the site to an unknown route shows the same screen', async ({
  page,
}) => {
  await page.goto('/about')
  await waitForHydration(page)
  await navigateInApp(page, '/missing-page?from=about')
  await expectNotFoundScreen(page, '/missing-page?from=about')
  await goHome(page)
})

test('an unknown blog post is the same 404, whether typed or reached inside the site', async ({
  page,
  request,
}) => {
  expect((await request.get('/blog/no-such-post')).status()).toBe(404)
  await page.goto('/blog/no-such-post')
  await expectNotFoundScreen(page, '/blog/no-such-post')

  await page.goto('/blog')
  await waitForHydration(page)
  await navigateInApp(page, '/blog/another-missing-post')
  await expectNotFoundScreen(page, '/blog/another-missing-post')
  await goHome(page)
})

test('a refused address (failed validation) keeps the header and footer too', async ({ page }) => {
  const errors = trackErrors(page)
  await page.goto('/subscribe/stripe?plan=gold')
  await expect(
    page.getByRole('main').getByText('Page Not Found: /subscribe/stripe?plan=gold'),
  ).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Folio home' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  // The page was prerendered without the query: it hydrates as it was, then the address is
  // refused. Refused during hydration, it was reported as a prerender the app disagreed with.
  await waitForHydration(page)
  expect(errors).toEqual([])
})
