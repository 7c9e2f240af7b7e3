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
 * taken once.
 */
import type { Locator, Page } from '@playwright/test'
import { findRouteRule } from '../../src/routeRules.ts'
import { adminClient, signIn, type TestUser } from './backend.ts'
import { editorReady, insertDocument } from './dashboardHelpers.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

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
  const { data: listed } = await admin.auth.admin.listUsers({ perPage: 1000 })
  const stale = listed?.users.find((user) => user.email === email)
  if (stale) await admin.auth.admin.deleteUser(stale.id)
  const password = 'visual-regression-password'
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
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    mask,
    stylePath: 'tests/e2e/visual.css',
  })
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test.describe(`${viewport.label}, ${colorScheme}`, () => {
      test.use({ colorScheme, viewport: { width: viewport.width, height: viewport.height } })

      for (const [name, path] of publicPages) {
        const forcedLight = findRouteRule(path)?.colorMode === 'light'
        if (forcedLight && colorScheme === 'dark') continue
        test(name, async ({ page }) => {
          await page.goto(path)
          await settle(page)
          await expectLooksAsBefore(page, `${name}-${viewport.label}-${colorScheme}`)
        })
      }

      test('dashboard with a document open', async ({ page }) => {
        const user = await userNamed(`visual-${viewport.label}-${colorScheme}`)
        const { id } = await insertDocument(user, {
          title: 'Deploy runbook',
          body: SEEDED_DOCUMENT,
        })
        await signIn(page, user, `/dashboard?doc=${id}`)
        await editorReady(page)
        // Rendered, though on a phone the preview is the other pane (Write / Preview).
        await expect(page.getByTestId('markdown-preview').locator('pre')).toBeAttached()
        await settle(page)
        await expectLooksAsBefore(page, `dashboard-${viewport.label}-${colorScheme}`, [
          page.locator('time'),
        ])
      })

      test('account settings', async ({ page }) => {
        const user = await userNamed(`visual-account-${viewport.label}-${colorScheme}`)
        await signIn(page, user, '/dashboard/account')
        await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
        await settle(page)
        await expectLooksAsBefore(page, `account-${viewport.label}-${colorScheme}`, [
          page.locator('time'),
        ])
      })
    })
  }
}
