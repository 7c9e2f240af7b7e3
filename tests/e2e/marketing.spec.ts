import type { Page } from '@playwright/test'
import { expect, headerLink, test, waitForHydration } from './fixtures.ts'

/** Public pages that may show code, each as the CDN serves it (before any JavaScript runs). */
const PUBLIC_PAGES = [
  '/',
  '/home',
  '/about',
  '/blog',
  '/blog/why-we-render-markdown-at-build-time',
  '/blog/writing-runbooks-that-work',
  '/blog/introducing-folio',
  '/changelog',
  '/pricing',
  '/terms',
]

/** A span shiki wrote: a token coloured for both themes. */
const SHIKI_TOKEN = 'span[style*="--shiki-light:"][style*="--shiki-dark:"]'

/** The capabilities /home shows, each beside its own mock. */
const TOUR_CAPABILITIES = ['editor', 'conflicts', 'realtime', 'attachments', 'two-factor']

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
}

test('every code sample on the public pages is highlighted in the HTML the build wrote', async ({
  request,
}) => {
  for (const path of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text()
    const blocks = html.match(/<pre\b[^>]*>/g) ?? []
    for (const block of blocks) expect(block, `a code block on ${path}`).toMatch(/class="shiki\b/)
  }
})

test('the landing page shows its code sample highlighted, as the blog does', async ({ page }) => {
  await page.goto('/')
  const sample = page.locator('#sample-title').locator('xpath=ancestor::section[1]')
  const code = sample.locator('pre.shiki')
  await expect(code.first()).toBeVisible()
  await expect(code.locator(SHIKI_TOKEN).first()).toBeVisible()
  // The markdown is rendered, not shown as markdown: no fences, a real heading.
  await expect(sample).not.toContainText('```')
  await expect(sample.locator('.prose h3')).toHaveText(/Rotate the database password/)
})

test('“Read how we render markdown” opens that post', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('link', { name: /Read how we render markdown/ }).click()
  await expect(page).toHaveURL(/\/blog\/why-we-render-markdown-at-build-time$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('render markdown')
})

test('the hero shows the product: the note highlighted in the editor beside its rendered preview', async ({
  page,
  request,
}) => {
  // In the prerendered page itself, so it paints before any JavaScript.
  const html = await (await request.get('/')).text()
  expect(html).toMatch(/data-prose-slot="sample:retry:editor"><pre class="shiki/)
  expect(html).toMatch(/data-prose-slot="sample:retry:preview"><h2/)

  await page.goto('/')
  await waitForHydration(page)
  const shot = page.locator('.hero .product-shot')
  await expect(shot).toBeVisible()
  const editor = shot.locator('.mock-editor pre.shiki[data-language="md"]')
  await expect(editor).toContainText('## Retry with backoff')
  await expect(editor.locator(SHIKI_TOKEN).first()).toBeVisible()
  const preview = shot.locator('.mock-preview .prose')
  await expect(preview.locator('h2')).toHaveText(/Retry with backoff/)
  await expect(
    preview.locator('pre.shiki[data-language="ts"]').locator(SHIKI_TOKEN).first(),
  ).toBeVisible()
  // A picture of the product, said once by the page's own text: hidden from screen readers and
  // out of the tab order.
  await expect(shot).toHaveAttribute('aria-hidden', 'true')
  await expect(shot).toHaveAttribute('inert', '')
})

test('the mocks arrive with client navigation too, from the page payload', async ({ page }) => {
  await page.goto('/pricing')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Folio home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('.hero .mock-editor').locator(SHIKI_TOKEN).first()).toBeVisible()
  await headerLink(page, 'Product').click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.locator('.tour .mock-editor').locator(SHIKI_TOKEN).first()).toBeVisible()
})

test('the feature grid has no empty cells at any width', async ({ page }) => {
  for (const width of [1280, 1024, 800, 600, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    const rows = await page.locator('.feature-grid > li').evaluateAll((cards) => {
      const perRow = new Map<number, number>()
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top)
        perRow.set(top, (perRow.get(top) ?? 0) + 1)
      }
      return [...perRow.values()]
    })
    expect(new Set(rows).size, `rows at ${width}px: ${rows.join(' + ')}`).toBe(1)
  }
})

for (const path of ['/', '/home']) {
  test(`${path} fits a 390 px phone without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(path)
    await waitForHydration(page)
    expect(await hasHorizontalScroll(page)).toBe(false)
  })
}

test('the hero’s picture is not what the page waits for (largest contentful paint)', async ({
  page,
}) => {
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport)
    await page.goto('/')
    const largest = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[]
            const element = entries.at(-1)?.element
            if (!element) resolve('none')
            else if (element.closest('.product-shot')) resolve('the product picture')
            else resolve(`${element.tagName}.${element.className}`)
          }).observe({ type: 'largest-contentful-paint', buffered: true })
        }),
    )
    // The hero's own words: the title, or on a phone its longer lead paragraph.
    expect(largest, `at ${viewport.width}px`).toMatch(/^(H1\.hero__title|P\.hero__lead)$/)
  }
})

test('the tour shows each capability beside a picture of it', async ({ page }) => {
  await page.goto('/home')
  await waitForHydration(page)
  for (const capability of TOUR_CAPABILITIES) {
    const section = page.locator(`[data-capability="${capability}"]`)
    await expect(section.getByRole('heading', { level: 2 })).toBeVisible()
    const shot = section.locator('.product-shot')
    await expect(shot).toBeVisible()
    await expect(shot).toHaveAttribute('aria-hidden', 'true')
  }
  // The editor and the preview side by side, from the same build-time render as the landing.
  const editing = page.locator('[data-capability="editor"] .product-shot')
  await expect(editing.locator('.mock-editor').locator(SHIKI_TOKEN).first()).toBeVisible()
  await expect(
    editing.locator('.mock-preview pre.shiki').locator(SHIKI_TOKEN).first(),
  ).toBeVisible()
  // A conflict shows what differs, highlighted.
  await expect(
    page.locator('[data-capability="conflicts"] pre.shiki[data-language="diff"]'),
  ).toContainText('Root cause')
  // Nothing in a picture can take focus.
  const focusableInMocks = await page
    .locator('.product-shot')
    .evaluateAll((shots) =>
      shots.filter((shot) => !shot.hasAttribute('inert')).map((shot) => shot.className),
    )
  expect(focusableInMocks).toEqual([])
})
