/**
 * A visitor whose connection drops between two pages: the page that cannot be fetched says so
 * in words, inside the site's header and footer (as the 404 does), and loads once the
 * connection is back, by a click on "Try again" or by itself when the browser is online again.
 */
import type { Page } from '@playwright/test'
import { createUser } from './backend.ts'
import { expect, headerLink, test, trackErrors, waitForHydration } from './fixtures.ts'

const UNREACHABLE =
  'This page could not be loaded: Folio cannot be reached. Check your connection, then try again.'

async function expectUnreachableInsideTheSite(page: Page) {
  const main = page.getByRole('main')
  await expect(main.getByText(UNREACHABLE, { exact: true })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Oops.' })).toBeVisible()
  await expect(page.getByRole('main')).toHaveCount(1)
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(
    page.getByRole('banner').getByRole('button', { name: /^Colour mode:|^This page is always/ }),
  ).toBeVisible()
  await expect(page.getByRole('contentinfo').getByRole('navigation')).toBeVisible()
  await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(page.getByText('Failed to fetch')).toHaveCount(0)
}

test('offline, a page of another layout keeps the header and footer, and loads once back online', async ({
  page,
}) => {
  await page.goto('/blog')
  await waitForHydration(page)
  await page.context().setOffline(true)
  // /blog has the default layout, /pricing the marketing one: a move that changes layouts.
  // Its code and stylesheet not fetched ahead yet (the prefetch waits a second after load).
  await headerLink(page, 'Pricing').click()
  await expect(page).toHaveURL(/\/pricing\/?$/)
  await expectUnreachableInsideTheSite(page)

  // The browser says it is back: the page loads without a click.
  await page.context().setOffline(false)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Start free. Upgrade when your notes outgrow it.',
  )
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0)
  // Whole: the page's own stylesheet, which could not be fetched offline, is there too.
  await expect(page.locator('.billing-toggle')).toHaveCSS('display', 'inline-flex')
})

test('offline, a move that changes the query keeps the site around the error screen', async ({
  page,
}) => {
  await page.goto('/about')
  await waitForHydration(page)
  await page.context().setOffline(true)
  // Same layout, but a new query: the router runs the loaders above the page again too.
  await page.evaluate(() => {
    history.pushState({}, '', '/terms?from=about')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expectUnreachableInsideTheSite(page)
  await page.context().setOffline(false)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service')
})

test('"Try again" loads the page once Folio answers, and says so while it does not', async ({
  page,
}) => {
  const errors = trackErrors(page)
  await page.goto('/about')
  await waitForHydration(page)
  // Folio unreachable while the browser believes it is online: no "online" event comes.
  const unreachable = ['**/static-loader-data/**', '**/changelog']
  for (const url of unreachable) await page.route(url, (route) => route.abort('connectionrefused'))
  await headerLink(page, 'Changelog').click()
  await expectUnreachableInsideTheSite(page)

  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Still no connection. This page loads by itself once you are back online.',
  )
  await expectUnreachableInsideTheSite(page)

  for (const url of unreachable) await page.unroute(url)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What’s new in Folio')
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0)
  expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([])
})

test('offline, signing in blames the connection, not Folio, and keeps what was typed', async ({
  page,
}) => {
  const user = await createUser('offline-sign-in')
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(
    page.getByText('We cannot reach Folio right now. Check your connection and try again.'),
  ).toBeVisible()
  await expect(page.getByText(/on our side/)).toHaveCount(0)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email)
  await page.context().setOffline(false)
})

test('offline, a page without data whose code came ahead opens: nothing else is fetched for it', async ({
  page,
}) => {
  // The pages linked from this one are fetched ahead a second after load (src/app/prefetch.ts).
  const pricingAhead = page.waitForResponse((response) =>
    /\/assets\/PricingPage-[\w-]+\.js$/.test(response.url()),
  )
  await page.goto('/blog')
  await waitForHydration(page)
  await pricingAhead
  // The page's module is one of several fetched ahead (its imports, its stylesheet): all of
  // them must be in before the connection goes, or the move shows the error screen.
  await page.waitForLoadState('networkidle')
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
  await page.context().setOffline(true)
  await headerLink(page, 'Pricing').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Start free. Upgrade when your notes outgrow it.',
  )
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0)
  expect(fetched.filter((path) => path.includes('static-loader-data'))).toEqual([])
})
