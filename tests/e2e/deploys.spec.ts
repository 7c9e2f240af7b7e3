import {
  documentIsMarked,
  expect,
  headerLink,
  markDocument,
  test,
  waitForHydration,
} from './fixtures.ts'

test('a new build id makes the next navigation a full page load', async ({ page }) => {
  await page.clock.install()
  let served = 0
  await page.route('**/builds/latest.json', async (route) => {
    served += 1
    await route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } })
  })
  await page.goto('/about')
  await waitForHydration(page)
  await markDocument(page)

  // Nothing is fetched before the hour is up.
  await page.clock.fastForward('59:00')
  expect(served).toBe(0)
  await page.clock.fastForward('01:01')
  await expect.poll(() => served).toBe(1)

  await headerLink(page, 'Blog').click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notes from the Folio team')
  expect(await documentIsMarked(page)).toBe(false)
})

test('the same build id keeps navigation client-side', async ({ page }) => {
  await page.clock.install()
  const current = await (await page.request.get('/builds/latest.json')).json()
  let served = 0
  await page.route('**/builds/latest.json', async (route) => {
    served += 1
    await route.fulfill({ json: current })
  })
  await page.goto('/about')
  await waitForHydration(page)
  await markDocument(page)
  await page.clock.fastForward('01:00:01')
  await expect.poll(() => served).toBe(1)
  await headerLink(page, 'Blog').click()
  await expect(page).toHaveURL(/\/blog$/)
  expect(await documentIsMarked(page)).toBe(true)
})

test('a blocked page chunk leads to one full reload of the target route', async ({ page }) => {
  let blocked = 0
  await page.route(/\/assets\/BlogIndexPage-[^/]+\.js$/, async (route) => {
    if (blocked === 0) {
      blocked += 1
      return route.abort('failed')
    }
    return route.continue()
  })
  const documentLoads: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads.push(new URL(request.url()).pathname)
  })
  // No prefetch: the click must be what hits the blocked chunk.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' } })
  })
  await page.goto('/about')
  await waitForHydration(page)
  await markDocument(page)
  await headerLink(page, 'Blog').click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notes from the Folio team')
  expect(await documentIsMarked(page)).toBe(false)
  expect(blocked).toBe(1)
  expect(documentLoads).toEqual(['/about', '/blog'])
})

test('linked pages are prefetched one second after load, but not on slow-2g', async ({
  browser,
}) => {
  for (const [effectiveType, expectPrefetch] of [
    ['4g', true],
    ['slow-2g', false],
  ] as const) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript((type) => {
      Object.defineProperty(navigator, 'connection', { value: { effectiveType: type } })
    }, effectiveType)
    const chunks: string[] = []
    page.on('request', (request) => {
      if (/PricingPage-/.test(request.url())) chunks.push(request.url())
    })
    await page.goto('/about')
    await waitForHydration(page)
    await page.waitForTimeout(1800)
    expect(chunks.length > 0, `prefetch on ${effectiveType}`).toBe(expectPrefetch)
    await context.close()
  }
})
