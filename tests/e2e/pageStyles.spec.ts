/**
 * Each page carries the CSS of what it shows, inline: a post never carries the workspace's
 * styles, and the dashboard is never seen unstyled, whether it is the first page of a visit or
 * reached by a client-side navigation that loads its CSS with its chunk.
 */
import type { Page, Route } from '@playwright/test'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createUser, signIn } from './backend.ts'
import {
  expect,
  markDocument,
  documentIsMarked,
  test,
  trackErrors,
  waitForHydration,
} from './fixtures.ts'

/** Rules only the workspace's stylesheet has (src/features/workspace/workspace.css). */
const WORKSPACE_RULE = /\.doc-list__item\b|\.workspace__sidebar\b/

/**
 * Records, at the very moment the dashboard's markup enters the document (parser or React),
 * whether the workspace's rules are in effect and how wide the main column is: a frame painted
 * then would show exactly that.
 */
async function watchDashboardArrival(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { __dashboardArrival?: unknown }
    const workspaceRuleLoaded = () =>
      [...document.styleSheets].some((sheet) => {
        try {
          return [...sheet.cssRules].some((rule) =>
            /\.doc-list__item\b|\.workspace__sidebar\b/.test(rule.cssText),
          )
        } catch {
          return false
        }
      })
    const record = () => {
      if (state.__dashboardArrival || !document.querySelector('.workspace-page')) return
      const main = document.querySelector('main') as HTMLElement
      state.__dashboardArrival = {
        workspaceRules: workspaceRuleLoaded(),
        mainWidth: Math.round(main.getBoundingClientRect().width),
      }
    }
    new MutationObserver(record).observe(document, { childList: true, subtree: true })
  })
}

async function dashboardArrival(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __dashboardArrival?: { workspaceRules: boolean; mainWidth: number } })
        .__dashboardArrival,
  )
}

async function mainWidth(page: Page): Promise<number> {
  return page.locator('main').evaluate((main) => Math.round(main.getBoundingClientRect().width))
}

test('public pages carry their own styles inline and none of the workspace', async ({
  request,
}) => {
  for (const path of ['/', '/blog', '/blog/introducing-folio', '/pricing', '/login', '/about']) {
    const html = await (await request.get(path)).text()
    expect(html, path).toContain('<style>')
    expect(html, path).not.toMatch(WORKSPACE_RULE)
    // Every stylesheet is inline: no request for one before the first paint. Not even a
    // disabled link: Chromium's preload scanner fetches those too (scripts/build/inlineCss.ts).
    expect(html, path).not.toMatch(/<link rel="stylesheet"/)
  }
  const dashboard = await (await request.get('/dashboard')).text()
  expect(dashboard).toMatch(WORKSPACE_RULE)
})

/** Class names in a selector (`.name`), ignoring what sits inside url(…), strings and [attributes]. */
function classesOf(text: string): string[] {
  return [
    ...text.replace(/url\([^)]*\)|"[^"]*"|\[[^\]]*\]/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g),
  ].map((match) => match[1] as string)
}

/** Element names in a selector (`.prose table` names `table`), outside :not(…) and the like. */
function elementsOf(text: string): string[] {
  const bare = text.replace(/:[a-z-]+\([^)]*\)|"[^"]*"|\[[^\]]*\]/g, '')
  return [...bare.matchAll(/(?:^|[\s>+~])([a-z][a-z0-9-]*)/g)].map((match) => match[1] as string)
}

/** Each selector of a stylesheet's rules, inside @media blocks too, with its class names. */
function selectorsIn(css: string): Map<string, string[]> {
  const selectors = new Map<string, string[]>()
  for (const [, list] of css.matchAll(/([^{}]+)\{[^{}]*\}/g)) {
    for (const selector of (list as string).split(/,(?![^()]*\))/)) {
      const text = selector.trim()
      if (!text.startsWith('@')) selectors.set(text, classesOf(text))
    }
  }
  return selectors
}

test('every rule that could style a prerendered page is in the CSS that page carries', () => {
  const assets = readdirSync('dist/assets').filter((file) => file.endsWith('.css'))
  const everySelector = selectorsIn(
    assets.map((file) => readFileSync(join('dist/assets', file), 'utf8')).join('\n'),
  )
  const pages = readdirSync('dist', { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  )
  expect(pages.length).toBeGreaterThan(10)
  const missing: string[] = []
  for (const file of pages) {
    const html = readFileSync(join('dist', file), 'utf8')
    const carried = selectorsIn(
      [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n'),
    )
    const used = new Set(
      [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap(([, names]) =>
        (names as string).split(/\s+/),
      ),
    )
    const elements = new Set([...html.matchAll(/<([a-z][a-z0-9-]*)/g)].map((m) => m[1]))
    // A rule matters to this page when every class and element it names is on the page:
    // `.product-shot .line` does not concern a post whose code lines are `.line` but which has
    // no picture, nor `.prose table` a post without a table.
    for (const [selector, classes] of everySelector) {
      if (
        classes.length > 0 &&
        classes.every((name) => used.has(name)) &&
        elementsOf(selector).every((name) => elements.has(name)) &&
        !carried.has(selector)
      )
        missing.push(`${file}: ${selector}`)
    }
  }
  expect([...new Set(missing)]).toEqual([])
})

test('a page loads the full copy of the CSS it carries inline once, after its first paint, and never again', async ({
  page,
}) => {
  const stylesheets: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.css')) stylesheets.push(new URL(request.url()).pathname)
  })
  const html = await (await page.request.get('/blog/introducing-folio')).text()
  const inline = [...html.matchAll(/<template data-stylesheet="([^"]+)"[^>]*>/g)].map(
    (match) => match[1],
  )
  expect(inline).toEqual([
    expect.stringMatching(/^\/assets\/app-.*\.css$/),
    expect.stringMatching(/^\/assets\/content-.*\.css$/),
  ])
  // Hold the full stylesheets back: the page paints from its inline CSS alone, and hydration
  // (the entry script) waits for them.
  const held: Route[] = []
  await page.route(/\/assets\/(app|content)-[^/]+\.css$/, (route) => void held.push(route))
  // Whether the entry script was asked for while the stylesheets were held. Recorded rather
  // than awaited with a timeout, so a slow machine cannot turn the wait itself into the failure.
  let stylesReleased = false
  let entryBeforeStyles = false
  page.on('request', (request) => {
    if (/\/assets\/app-[^/]+\.js$/.test(request.url()) && !stylesReleased) entryBeforeStyles = true
  })
  await page.goto('/blog/introducing-folio', { waitUntil: 'domcontentloaded' })
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length)
  await expect(page.locator('.site-header')).toHaveCSS('position', 'relative')
  // The boot script asked for both full stylesheets after the first paint…
  await expect.poll(() => held.length).toBe(inline.length)
  expect(held.map((route) => new URL(route.request().url()).pathname).sort()).toEqual(
    [...inline].sort(),
  )
  // …and holds the entry back until they are in: time enough for it to have been asked for.
  await page.waitForTimeout(1_000)
  expect(entryBeforeStyles).toBe(false)
  stylesReleased = true
  for (const route of held) await route.continue()
  await waitForHydration(page)
  await markDocument(page)
  // To another post through the blog: the full content CSS is already in the page. (Chunks
  // loaded after hydration, like the header's account menu or pages prefetched after load, bring
  // their own CSS; that is what loading them is for.)
  await page.getByRole('link', { name: 'Blog', exact: true }).first().click()
  await page.locator('.post-card a').nth(1).click()
  await expect(page.locator('.prose')).toBeVisible()
  expect(await documentIsMarked(page)).toBe(true)
  expect(stylesheets.filter((path) => inline.includes(path)).sort()).toEqual([...inline].sort())
})

test('a first visit asks for nothing but the page before its first contentful paint', async ({
  page,
}) => {
  // Each page as a first visit's: once the fonts have loaded, later pages use them from their
  // first paint (docs/decisions/0023), so the flag that says so goes before any page script runs.
  await page.addInitScript(() => localStorage.removeItem('folio-web-fonts'))
  for (const path of ['/', '/pricing', '/blog/introducing-folio']) {
    await page.goto(path)
    await waitForHydration(page)
    // Times on the page's own clock: when each request began, and when the first paint with
    // content was on screen. The fonts, stylesheets and modules all wait for that paint
    // (scripts/build/deferHydration.ts); asked for in front of it, they competed with the
    // document and Lighthouse counted them as delaying it.
    const early = await page.evaluate(() => {
      const [paint] = performance.getEntriesByName('first-contentful-paint')
      if (!paint) return ['no first-contentful-paint entry']
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < paint.startTime)
        .map(
          (entry) =>
            `${new URL(entry.name).pathname} at ${Math.round(entry.startTime)} ms, the paint at ${Math.round(paint.startTime)} ms`,
        )
    })
    expect(early, path).toEqual([])
  }
})

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false })

  test('a page loads no stylesheet, font or script at all: it reads from its HTML', async ({
    page,
  }) => {
    for (const path of ['/', '/blog/introducing-folio', '/dashboard']) {
      const fetched: string[] = []
      page.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (/\.(css|woff2|js)$/.test(pathname)) fetched.push(pathname)
      })
      await page.goto(path, { waitUntil: 'load' })
      await expect(page.locator('body')).not.toBeEmpty()
      expect(fetched, path).toEqual([])
      page.removeAllListeners('request')
    }
  })
})

test('the dashboard is styled from its first frame on a first visit', async ({ page }) => {
  const user = await createUser('styles-first-visit')
  await signIn(page, user)
  await watchDashboardArrival(page)
  await page.goto('/dashboard')
  await expect(page.getByTestId('signed-in-as')).toBeVisible()
  const arrival = await dashboardArrival(page)
  expect(arrival?.workspaceRules).toBe(true)
  expect(arrival?.mainWidth).toBe(await mainWidth(page))
})

test('client navigation into the dashboard waits for its CSS: no unstyled frame', async ({
  page,
}) => {
  const errors = trackErrors(page)
  const user = await createUser('styles-client-nav')
  await signIn(page, user)
  await watchDashboardArrival(page)
  // A full load of a public page, which carries no workspace CSS…
  await page.goto('/blog/introducing-folio')
  await waitForHydration(page)
  await markDocument(page)
  // …then into the dashboard through the account menu, without reloading.
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Your notes' }).click()
  await expect(page.getByTestId('signed-in-as')).toBeVisible()
  expect(await documentIsMarked(page)).toBe(true)
  const arrival = await dashboardArrival(page)
  expect(arrival?.workspaceRules).toBe(true)
  expect(arrival?.mainWidth).toBe(await mainWidth(page))
  expect(errors).toEqual([])
})
