/**
 * The prerender renders every page with React and the browser hydrates it with preact/compat
 * (docs/decisions/0019). Hydration must take the prerendered page as it is: nothing reported
 * in the console on any public page, a page that disagrees with the app is reported (as
 * React does), and ids written by the prerender still match what the browser renders later.
 */
import { readdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { bootManifestOf } from '../../scripts/build/deferHydration.ts'
import {
  documentIsMarked,
  expect,
  headerLink,
  markDocument,
  test,
  trackErrors,
  waitForHydration,
} from './fixtures.ts'
import { GUARDED_PATHS, SITE_PAGES, UNKNOWN_PATH } from './sitePages.ts'

/** Console errors and warnings, uncaught exceptions included. */
function trackConsole(page: Page): string[] {
  const messages = trackErrors(page)
  page.on('console', (message) => {
    if (message.type() === 'warning') messages.push(`warning: ${message.text()}`)
  })
  return messages
}

/** Every id an element refers to (label, description, controls) that no element has. */
async function danglingIdReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dangling: string[] = []
    const attributes = ['for', 'aria-describedby', 'aria-labelledby', 'aria-controls']
    for (const element of document.querySelectorAll('#root *')) {
      for (const attribute of attributes) {
        const value = element.getAttribute(attribute)
        if (!value) continue
        for (const id of value.split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) dangling.push(`${attribute}="${id}"`)
        }
      }
    }
    return dangling
  })
}

/** Once hydrated: nothing in the console (but the `expected` lines) and no dangling id. */
async function expectSilentHydration(page: Page, messages: string[], expected: string[] = []) {
  await waitForHydration(page)
  // Effects after hydration (the account menu, the colour toggle) have had their turn.
  await page.waitForLoadState('networkidle')
  expect(messages.filter((message) => !expected.includes(message))).toEqual([])
  expect(await danglingIdReferences(page)).toEqual([])
}

for (const { path, title, text } of SITE_PAGES) {
  test(`${path} is served as its own page and hydrates with nothing in the console`, async ({
    page,
    request,
  }) => {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-server-rendered="true"')
    expect(html).toMatch(/<link[^>]+rel="canonical"[^>]+href="https?:\/\/[^"]+"/)
    expect(html).toContain('property="og:title"')
    expect(html).toMatch(/<meta[^>]+name="description"/)
    // The text is in what the CDN serves, before any script runs.
    expect(html.slice(html.indexOf('<body'))).toContain(text)

    const messages = trackConsole(page)
    await page.goto(path)
    await expect(page).toHaveTitle(title)
    if (GUARDED_PATHS.has(path)) {
      // Once hydrated, a guarded page sends a visitor to sign in (and back afterwards), so
      // its own text may already be gone by the time the page is read.
      await expect(page).toHaveURL(new RegExp(`/login/?\\?redirect=${encodeURIComponent(path)}$`))
    } else {
      await expect(page.locator('body')).toContainText(text)
    }
    await expectSilentHydration(page, messages)
  })
}

test('moving from page to page in the app says nothing in the console either', async ({ page }) => {
  // Each page below has data (a loader while prerendering, a payload file in the browser):
  // react-router warned on every such move that the page module's loader would be ignored.
  const messages = trackConsole(page)
  await page.goto('/pricing')
  await waitForHydration(page)
  await markDocument(page)
  for (const [link, heading] of [
    [headerLink(page, 'Blog'), 'Notes from the Folio team'],
    [page.getByRole('main').getByRole('link', { name: 'Introducing Folio' }), 'Introducing Folio'],
    [headerLink(page, 'Changelog'), 'What’s new in Folio'],
    [headerLink(page, 'About'), 'About us'],
  ] as const) {
    await link.click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading)
  }
  await page.waitForLoadState('networkidle')
  expect(await documentIsMarked(page)).toBe(true)
  expect(messages).toEqual([])
})

test('the 404 page hydrates with nothing in the console but its own status', async ({ page }) => {
  const messages = trackConsole(page)
  await page.goto(UNKNOWN_PATH)
  // The browser logs the unknown address's own 404 status; nothing else may appear.
  const ownStatus = 'Failed to load resource: the server responded with a status of 404 (Not Found)'
  await expectSilentHydration(page, messages, [ownStatus])
})

// The header hydrates in a task of its own (a part), the page around it with the first
// hydration: a disagreement is reported from either.
for (const [where, from, to, role] of [
  [
    'a part hydrated in its turn (the main column)',
    '<h1>About us</h1>',
    '<h1>About them</h1>',
    'heading',
  ],
  [
    'the first hydration (the page around its parts)',
    '<div class="layout layout--default">',
    '<div class="layout layout--default"><span>stray</span>',
    '',
  ],
] as const) {
  test(`a prerendered page that disagrees with the app is reported: ${where}`, async ({ page }) => {
    await page.route('**/about', async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      expect(html).toContain(from)
      await route.fulfill({ response, body: html.replace(from, to) })
    })
    const messages = trackConsole(page)
    await page.goto('/about')
    await waitForHydration(page)
    if (role) await expect(page.getByRole(role, { level: 1 })).toHaveText('About us')
    else await expect(page.getByText('stray')).toHaveCount(0)
    expect(messages.join('\n')).toMatch(/hydrat|#41[89]|#42[0-5]/i)
  })
}

test('a page hydrates in turns: the page first, then each part in page order, one at a time', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  const measures = await page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith('hydrate '))
      .map(({ name, startTime, duration }) => ({
        name,
        start: startTime,
        end: startTime + duration,
      })),
  )
  expect(measures.map((measure) => measure.name)).toEqual([
    'hydrate page',
    'hydrate header',
    'hydrate main',
    'hydrate section',
    'hydrate section',
    'hydrate section',
    'hydrate section',
    'hydrate footer',
  ])
  // One after another, never one inside another: each part is a task of its own.
  for (const [index, measure] of measures.entries()) {
    const previous = measures[index - 1]
    if (previous) expect(measure.start).toBeGreaterThanOrEqual(previous.end)
  }
  // Parts hydrated in their turn work: the hero's link navigates in the page.
  await markDocument(page)
  await page.getByRole('link', { name: 'See plans' }).click()
  await expect(page).toHaveURL(/\/pricing$/)
  expect(await documentIsMarked(page)).toBe(true)
})

test('the scripts every page runs at once are marked to compile while they download', async ({
  page,
  request,
}) => {
  await page.goto('/about')
  const boot = await page.evaluate(
    () =>
      JSON.parse(document.getElementById('folio-boot')?.textContent ?? '{}') as {
        entry: string
        preload: string[]
      },
  )
  const framework = boot.preload.find((href) => /\/framework-[\w-]+\.js$/.test(href))
  expect(framework).toBeDefined()
  for (const href of [boot.entry, framework ?? '']) {
    const code = await (await request.get(href)).text()
    expect(code.startsWith('//# allFunctionsCalledOnLoad\n'), href).toBe(true)
  }
  // A page's own chunk is left to compile on demand.
  const own = boot.preload.find((href) => href.includes('AboutPage-'))
  expect(own).toBeDefined()
  expect((await (await request.get(own ?? '')).text()).startsWith('//#')).toBe(false)
})

test('every post asks for its page chunk ahead of hydration, not only the first one rendered', async ({
  request,
}) => {
  // The prerender works out a page's files once for all pages with the same routes and modules
  // (the vite-react-ssg patch); every post must still name the post page's own chunk.
  const posts = readdirSync('dist/blog', { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  )
  expect(posts.length).toBeGreaterThanOrEqual(3)
  for (const post of posts) {
    const boot = bootManifestOf(await (await request.get(`/blog/${post.name}`)).text())
    expect(
      boot?.preload.some((href) => /\/BlogPostPage-[\w-]+\.js$/.test(href)),
      post.name,
    ).toBe(true)
  }
})

test('the contact form keeps its fields, hints and errors tied together after hydration', async ({
  page,
}) => {
  await page.goto('/contact')
  await waitForHydration(page)
  const email = page.getByRole('textbox', { name: 'Email' })
  // The prerendered hint describes the field once hydrated…
  await expect(email).toHaveAccessibleDescription('We answer to this address.')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  // …and the error, which takes the hint's place, describes it now.
  await expect(email).toHaveAccessibleDescription('Enter an email address like you@example.com.')
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true')
  expect(await danglingIdReferences(page)).toEqual([])
})

test('the sign-in form keeps its labels and errors tied together after hydration', async ({
  page,
}) => {
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')
  expect(await danglingIdReferences(page)).toEqual([])
})

test('a refused contact form gives the keyboard to the first field in error, or back to its button', async ({
  page,
}) => {
  await page.goto('/contact')
  await waitForHydration(page)
  const send = page.getByRole('button', { name: 'Send message' })
  await send.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()

  await page.getByRole('textbox', { name: 'Name' }).fill('Ada')
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com')
  await page.getByRole('textbox', { name: 'Message' }).fill('Do you have a plan for teams?')
  // The service refuses (its hourly limit): the button, disabled while sending, gets focus back.
  await page.route('**/functions/v1/contact', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'You have sent several messages in the last hour. Please try again later.',
        code: 'rate_limited',
      }),
    }),
  )
  await send.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toContainText('Please try again later.')
  await expect(send).toBeFocused()
})
