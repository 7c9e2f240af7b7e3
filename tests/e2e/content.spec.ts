import {
  documentIsMarked,
  expect,
  headerLink,
  markDocument,
  test,
  trackErrors,
  waitForHydration,
} from './fixtures.ts'

test('the blog lists posts newest first, each with date, reading time and tags', async ({
  page,
}) => {
  await page.goto('/blog')
  const cards = page.locator('.post-card')
  await expect(cards).toHaveCount(6)
  const dates = await cards
    .locator('time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') as string))
  expect(dates).toEqual([...dates].sort().reverse())
  await expect(cards.first()).toContainText('min read')
  await expect(cards.first().getByRole('list', { name: 'Tags' })).toBeVisible()
  // Drafts stay out of production builds.
  await expect(page.getByText('What we are building next')).toHaveCount(0)
})

test('a post is a prerendered page with its own metadata and structured data', async ({ page }) => {
  const response = await page.request.get('/blog/introducing-folio/')
  expect(response.status()).toBe(200)
  // The post's HTML is in the page once: the hydration data does not repeat it.
  expect((await response.text()).match(/class="shiki/g)).toHaveLength(1)
  await page.goto('/blog/introducing-folio')
  await expect(page).toHaveTitle('Introducing Folio · Folio')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://folio.example/blog/introducing-folio',
  )
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute(
    'content',
    'Introducing Folio · Folio',
  )
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) as string,
  ) as Record<string, unknown>
  expect(jsonLd).toMatchObject({
    '@type': 'BlogPosting',
    headline: 'Introducing Folio',
    datePublished: '2026-06-02',
  })
  await expect(page.getByRole('heading', { name: 'What you get' })).toHaveAttribute(
    'id',
    'user-content-what-you-get',
  )
  // Hydration keeps the prerendered document (it takes it from the page, not from the data).
  await waitForHydration(page)
  await expect(page.locator('.prose pre.shiki')).toHaveCount(1)
  await expect(page.getByText('folio:prose-in-page')).toHaveCount(0)
})

test("a post with headings named like the page's own elements hydrates, and its anchors scroll", async ({
  page,
}) => {
  const errors = trackErrors(page)
  await page.goto('/blog/sanitising-markdown')
  // The page's boot and state elements are still the ones found by their ids.
  expect(await page.evaluate(() => document.getElementById('folio-boot')?.tagName)).toBe('SCRIPT')
  await waitForHydration(page)
  const heading = page.getByRole('heading', { name: 'Folio SSG state' })
  await expect(heading).toHaveAttribute('id', 'user-content-folio-ssg-state')
  expect(errors).toEqual([])

  // The anchor keeps the short fragment, and following it (or opening it) reaches the heading.
  await page.setViewportSize({ width: 390, height: 500 })
  await heading.getByRole('link').click()
  await expect(page).toHaveURL(/#folio-ssg-state$/)
  await expect(heading).toBeInViewport()
  await page.goto('/blog/sanitising-markdown#folio-boot')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Folio boot' })).toBeInViewport()
})

test('code blocks follow the colour mode', async ({ page }) => {
  await page.goto('/blog/introducing-folio')
  await waitForHydration(page)
  // A keyword: red in the light theme, salmon in the dark one.
  const keyword = page.locator('pre.shiki span[style*="--shiki-light:#CF222E"]').first()
  const colour = () => keyword.evaluate((element) => getComputedStyle(element).color)
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark')
    document.documentElement.classList.add('light')
  })
  const light = await colour()
  await page.evaluate(() => {
    document.documentElement.classList.remove('light')
    document.documentElement.classList.add('dark')
  })
  expect(await colour()).not.toBe(light)
})

test('client navigation to a post loads its payload, not the markdown pipeline', async ({
  page,
}) => {
  await page.goto('/blog')
  await waitForHydration(page)
  await markDocument(page)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  const payload = page.waitForResponse(
    /static-loader-data\/blog\/sanitising-markdown\.[^/]+\.json$/,
  )
  await page.getByRole('link', { name: 'Markdown is code. Treat it like code.' }).click()
  expect((await payload).status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Markdown is code. Treat it like code.',
  )
  await expect(page.locator('pre.shiki').first()).toBeVisible()
  expect(await documentIsMarked(page)).toBe(true)
  // And back to the prerendered page's own document after visiting another.
  await page.goBack()
  await page.getByRole('link', { name: 'Introducing Folio' }).click()
  await expect(page.locator('.prose pre.shiki')).toHaveCount(1)
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text()
    expect(body, url).not.toMatch(/createHighlighter|rehype-sanitize|hast-util-sanitize/)
  }
})

test('the changelog lists releases newest first, each with an anchor', async ({ page }) => {
  await page.goto('/changelog#v0-3-0')
  const versions = await page.locator('.changelog-version').allTextContents()
  expect(versions).toEqual(['0.5.0', '0.4.0', '0.3.0', '0.2.0', '0.1.0'])
  await expect(page.locator('#v0-3-0')).toBeInViewport()
  await expect(page.locator('#v0-3-0 a.changelog-version')).toHaveAttribute('href', '#v0-3-0')
})

test('about and terms come from their documents', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { name: 'What we believe' })).toBeVisible()
  await page.goto('/terms')
  await expect(page.getByText('Last updated October 1, 2026.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your content' })).toBeVisible()
})

test('crawlers find a sitemap, a valid feed and robots.txt', async ({ page }) => {
  const robots = await (await page.request.get('/robots.txt')).text()
  expect(robots).toContain('Sitemap: https://folio.example/sitemap.xml')
  const sitemap = await (await page.request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('<loc>https://folio.example/blog/introducing-folio</loc>')
  const feed = await page.request.get('/rss.xml')
  expect(feed.headers()['content-type']).toMatch(/xml/)
  await page.goto('/')
  const parsed = await page.evaluate(async () => {
    const xml = await (await fetch('/rss.xml')).text()
    const document = new DOMParser().parseFromString(xml, 'application/xml')
    return {
      error: document.querySelector('parsererror')?.textContent ?? null,
      items: document.querySelectorAll('channel > item').length,
      firstLink: document.querySelector('channel > item > link')?.textContent,
    }
  })
  expect(parsed).toEqual({
    error: null,
    items: 6,
    firstLink: 'https://folio.example/blog/writing-runbooks-that-work',
  })
})

test('client-side navigation swaps the head: metadata and structured data follow the page', async ({
  page,
}) => {
  await page.goto('/blog/introducing-folio')
  await waitForHydration(page)
  // Hydration keeps the prerendered tags rather than adding copies.
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1)
  await expect(page.locator('meta[name="description"]')).toHaveCount(1)
  await expect(page.locator('meta[property="article:tag"]')).toHaveCount(2)
  await markDocument(page)

  await headerLink(page, 'Pricing').click()
  await expect(page).toHaveTitle('Pricing · Folio')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://folio.example/pricing',
  )
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website')
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0)
  await expect(page.locator('meta[property="article:tag"]')).toHaveCount(0)
  await expect(page.locator('meta[name="description"]')).toHaveCount(1)
  await expect(page.locator('meta[name="generator"]')).toHaveAttribute('content', 'Folio')
  expect(await documentIsMarked(page)).toBe(true)

  await page.goBack()
  await expect(page).toHaveTitle('Introducing Folio · Folio')
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(page.locator('meta[property="article:tag"]')).toHaveCount(2)
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) as string,
  ) as Record<string, unknown>
  expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: 'Introducing Folio' })
})
