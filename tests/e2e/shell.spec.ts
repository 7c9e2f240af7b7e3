import {
  documentIsMarked,
  expect,
  headerLink,
  markDocument,
  test,
  trackErrors,
  waitForHydration,
} from './fixtures.ts'

test('a page whose parsing is held up while the app starts keeps its prerendered data', async ({
  page,
}) => {
  // A script the parser must wait for, after the boot script: the document stays "loading"
  // while the boot script's timers start the app (a busy browser can get there on its own).
  await page.route('**/blog', async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(
      '</body>',
      '<script src="/e2e-slow.js"></script></body>',
    )
    await route.fulfill({ response, body: html })
  })
  let appStartedWhileLoading = false
  await page.route('**/e2e-slow.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    appStartedWhileLoading = await page.evaluate(
      () =>
        document.readyState === 'loading' &&
        performance.getEntriesByType('resource').some((entry) => /\/assets\/app-/.test(entry.name)),
    )
    await route.fulfill({ contentType: 'text/javascript', body: '' })
  })
  const errors = trackErrors(page)
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))

  await page.goto('/blog')
  await waitForHydration(page)
  expect(appStartedWhileLoading).toBe(true)
  await expect(page.locator('.post-card').first()).toBeVisible()
  // The router has the page's data: it fetched no loader data of its own.
  expect(requested.filter((path) => path.includes('static-loader-data'))).toEqual([])
  expect(errors).toEqual([])
})

test('client-side navigation keeps the document and scrolls to the top', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await markDocument(page)
  await page.evaluate(() => window.scrollTo(0, 600))
  await headerLink(page, 'Pricing').click()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Start free. Upgrade when your notes outgrow it.',
  )
  await expect(page).toHaveTitle('Pricing · Folio')
  expect(await documentIsMarked(page)).toBe(true)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a hash in the address scrolls to its element', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 })
  await page.goto('/pricing#faq-title')
  await waitForHydration(page)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
})

test('an unknown path gets the 404 page with the spec text', async ({ page, request }) => {
  const response = await request.get('/no/such/page')
  expect(response.status()).toBe(404)
  const errors = trackErrors(page)
  await page.goto('/no/such/page?x=1')
  await expect(page.getByText('Page not found: /no/such/page?x=1')).toBeVisible()
  await expect(page.getByText('Oops.')).toBeVisible()
  await page.getByRole('button', { name: 'Go Home .....' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Write markdown with real code',
  )
  expect(errors.filter((e) => !e.includes('404'))).toEqual([])
})

test('client navigation to an unknown route shows the 404 screen', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  await page.evaluate(() => {
    history.pushState({}, '', '/missing-page')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByText('Page not found: /missing-page')).toBeVisible()
})

test('a route whose validation fails shows the validation 404', async ({ page }) => {
  await page.goto('/subscribe/stripe?plan=gold')
  await expect(page.getByText('Page Not Found: /subscribe/stripe?plan=gold')).toBeVisible()
  await expect(page.getByText('404')).toBeVisible()
})

test('offline, a move to another page says Folio cannot be reached, in words', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  await page.context().setOffline(true)
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Changelog' })
    .click()
  // The site's error screen, not the browser's offline page after a reload, and not its
  // "Failed to fetch".
  await expect(
    page.getByText(
      'This page could not be loaded: Folio cannot be reached. Check your connection, then try again.',
    ),
  ).toBeVisible()
  await expect(page.getByText('Oops.')).toBeVisible()
  await expect(page.getByText('Failed to fetch')).toHaveCount(0)
  await page.context().setOffline(false)
})
