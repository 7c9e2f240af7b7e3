/**
 * The visual regression suite: every public page, /login, the dashboard with a seeded document
 * and the account settings, at desktop and phone width, in light and dark mode, compared with the reviewed
 * baselines in tests/e2e/__screenshots__/ (a small tolerance for anti-aliasing). After a change
 * of look, rebuild and regenerate them, then look at each changed image before committing:
 *
 *   npm run test:visual -- --update-snapshots
 *
 * Every screenshot waits for hydration and the web fonts; Playwright stops animations and hides
 * the text caret, and tests/e2e/visual.css hides what still differs between runs (CodeMirror's
 * own cursor). The dashboard's user has the same address in every run (the header shows it, and
 * its width moves the navigation); "edited … ago" is masked. Pages that force light mode are
 * taken in light only. Each page is loaded once and taken in all its looks (see
 * expectEveryLookAsBefore).
 */
import type { Locator, Page } from '@playwright/test'
import { findRouteRule } from '../../src/routeRules.ts'
import { adminClient, signIn, type TestUser } from './backend.ts'
import { editorReady, insertDocument } from './dashboardHelpers.ts'
import { expect, switchColorScheme, test, waitForHydration } from './fixtures.ts'

const publicPages: [name: string, path: string][] = [
  ['landing', '/'],
  ['product-tour', '/home'],
  ['about', '/about'],
  ['blog', '/blog'],
  // Code in every token colour, a table and a task list.
  ['blog-post', '/blog/writing-runbooks-that-work'],
  ['changelog', '/changelog'],
  ['contact', '/contact'],
  ['pricing', '/pricing'],
  ['terms', '/terms'],
  ['success', '/success'],
  ['confirm', '/confirm'],
  ['not-found', '/no-such-page'],
  ['login', '/login'],
]

const viewports = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const

const SEEDED_DOCUMENT = `# Deploy runbook

Steps to ship a release, checked by a second person.

\`\`\`ts
export async function deploy(build: string): Promise<void> {
  await upload(build, { concurrency: 4 })
}
\`\`\`

- [x] Tag the release
- [ ] Announce it
`

/** The same address on every run, made afresh (a reused local backend may still hold it). */
async function userNamed(name: string): Promise<TestUser> {
  const admin = await adminClient()
  const email = `${name}@folio.test`
  const password = 'visual-regression-password'
  // An earlier run's user is found by signing in with the fixed password (the admin API's user
  // list is not part of the local backend), on a client of its own so that `admin` keeps acting
  // as the service role, then deleted with its documents.
  const lookup = await adminClient()
  const { data: earlier } = await lookup.auth.signInWithPassword({ email, password })
  if (earlier.user) await admin.auth.admin.deleteUser(earlier.user.id)
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  })
  if (error || !data.user) throw new Error(`creating ${email} failed: ${error?.message}`)
  return { id: data.user.id, email, password }
}

async function settle(page: Page): Promise<void> {
  await waitForHydration(page)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

async function expectLooksAsBefore(page: Page, name: string, mask: Locator[] = []) {
  await expect.soft(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    mask,
    stylePath: 'tests/e2e/visual.css',
  })
}

type Looks = { viewport: (typeof viewports)[number]; colorScheme: 'light' | 'dark' }

/**
 * Takes the page, as loaded, at each width and in each colour mode (light only where the page
 * forces it), resizing and switching it in place rather than loading it four times: in this VM a
 * page load costs seconds of CPU. Each look is compared on its own (a soft expectation), so one
 * changed look does not hide another.
 */
async function expectEveryLookAsBefore(
  page: Page,
  name: string,
  { lightOnly = false, mask = () => [] }: { lightOnly?: boolean; mask?: () => Locator[] } = {},
) {
  const looks: Looks[] = viewports.flatMap((viewport) =>
    (lightOnly ? (['light'] as const) : (['light', 'dark'] as const)).map((colorScheme) => ({
      viewport,
      colorScheme,
    })),
  )
  for (const { viewport, colorScheme } of looks) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await switchColorScheme(page, colorScheme)
    await settle(page)
    await expectLooksAsBefore(page, `${name}-${viewport.label}-${colorScheme}`, mask())
  }
}

test.describe('at desktop and phone width, light and dark', () => {
  test.use({
    colorScheme: 'light',
    viewport: { width: viewports[0].width, height: viewports[0].height },
  })

  for (const [name, path] of publicPages) {
    test(name, async ({ page }) => {
      await page.goto(path)
      await settle(page)
      await expectEveryLookAsBefore(page, name, {
        lightOnly: findRouteRule(path)?.colorMode === 'light',
      })
    })
  }

  test('dashboard with a document open', async ({ page }) => {
    const user = await userNamed('visual-dashboard')
    const { id } = await insertDocument(user, { title: 'Deploy runbook', body: SEEDED_DOCUMENT })
    await signIn(page, user, `/dashboard?doc=${id}`)
    await editorReady(page)
    // Rendered, though on a phone the preview is the other pane (Write / Preview).
    await expect(page.getByTestId('markdown-preview').locator('pre')).toBeAttached()
    await expectEveryLookAsBefore(page, 'dashboard', { mask: () => [page.locator('time')] })
  })

  test('account settings', async ({ page }) => {
    const user = await userNamed('visual-account')
    await signIn(page, user, '/dashboard/account')
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
    await expectEveryLookAsBefore(page, 'account', { mask: () => [page.locator('time')] })
  })
})
