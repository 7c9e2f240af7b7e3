/**
 * A shared computer, as the next person at it would try it. After someone signs out:
 * - their session is gone from this browser, whether or not the sign-in service could be
 *   reached at that moment (offline, a captive portal, the service down): supabase-js keeps the
 *   session when its logout request fails (`_signOut` in @supabase/auth-js 2.109;
 *   supabase/supabase-js issue 2501), so the sign-out itself must finish the job here;
 * - none of their note stays in the browser's draft store when the text could be saved, and
 *   text that could not be saved is neither left behind nor deleted without asking them;
 * - the next person signing in on the same tab is handed none of their signed image URLs.
 */
import type { Page } from '@playwright/test'
import { BACKEND_URL, adminClient, createUser, signIn } from './backend.ts'
import {
  appendText,
  documentLink,
  editorReady,
  insertDocument,
  PNG_BASE64,
  preview,
  readDocument,
} from './dashboardHelpers.ts'
import { documentIsMarked, expect, markDocument, test } from './fixtures.ts'

const PNG = Buffer.from(PNG_BASE64, 'base64')

/** The sign-in service cannot be reached for a sign-out, as when the device is offline. */
async function logoutUnreachable(page: Page) {
  await page.route(`${BACKEND_URL}/auth/v1/logout**`, (route) =>
    route.abort('internetdisconnected'),
  )
}

/**
 * Session-looking entries left in this browser: supabase-js's token and PKCE verifier in
 * localStorage, and the session cookies the app writes (src/features/auth/cookies.ts).
 */
async function storedSessions(page: Page): Promise<string[]> {
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => /^sb-.+-auth-token/.test(key)),
  )
  const cookies = await page.context().cookies()
  return [
    ...stored,
    ...cookies.filter(({ name }) => name.startsWith('sb-')).map(({ name }) => name),
  ]
}

/** What the dashboard keeps of notes in this browser (unsaved text, and the text it was typed on). */
function keptOnDevice(page: Page): Promise<{ drafts: unknown[]; bases: unknown[] }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open('folio-drafts')
        opening.onerror = () => reject(opening.error)
        opening.onsuccess = () => {
          const transaction = opening.result.transaction(['drafts', 'bases'], 'readonly')
          const drafts = transaction.objectStore('drafts').getAll()
          const bases = transaction.objectStore('bases').getAll()
          transaction.oncomplete = () => {
            opening.result.close()
            resolve({ drafts: drafts.result, bases: bases.result })
          }
        }
      }),
  )
}

/** Saves of notes cannot get through (Folio's data service unreachable); signing out still can. */
async function savesUnreachable(page: Page) {
  await page.route(`${BACKEND_URL}/rest/v1/documents**`, (route) =>
    route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.fallback(),
  )
}

/** The question a sign-out asks when unsaved text of this person is still on the device. */
function leftoverQuestion(page: Page) {
  return page.getByRole('dialog', { name: 'Unsaved changes on this device' })
}

/** The next person opens the dashboard: they must be asked to sign in. */
async function expectDashboardClosed(page: Page) {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('heading', { name: 'Sign in to Folio' })).toBeVisible()
}

test('the account menu signs out of this device even when the sign-in service cannot be reached', async ({
  page,
}) => {
  const user = await createUser('offline-menu-sign-out')
  await signIn(page, user, '/dashboard')
  await expect
    .poll(() => storedSessions(page))
    .toEqual(expect.arrayContaining(['sb-access-token', 'sb-refresh-token']))
  await logoutUnreachable(page)
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible()
  expect(await storedSessions(page)).toEqual([])
  await expectDashboardClosed(page)
})

test('a sign-out in one tab that cannot reach the service closes the note open in another', async ({
  context,
}) => {
  const user = await createUser('offline-two-tabs')
  const doc = await insertDocument(user, { title: 'Private', body: 'Text on the other tab.' })
  const other = await context.newPage()
  await signIn(other, user, `/dashboard?doc=${doc.id}`)
  await editorReady(other)
  const here = await context.newPage()
  await here.goto('/dashboard/account')
  await logoutUnreachable(here)
  await here.getByRole('button', { name: 'Sign out of this device' }).click()
  await expect(here).toHaveURL(/\/login/)
  await expect(other).toHaveURL(/\/login/)
  await expect(other.getByText('Text on the other tab.')).toHaveCount(0)
})

test('"Sign out of this device" and "Sign out everywhere" leave no session here when offline', async ({
  page,
}) => {
  const user = await createUser('offline-account-sign-out')
  for (const scope of ['Sign out of this device', 'Sign out everywhere']) {
    await signIn(page, user, '/dashboard/account')
    await logoutUnreachable(page)
    await page.getByRole('button', { name: scope }).click()
    await expect(page).toHaveURL(/\/login/)
    expect(await storedSessions(page)).toEqual([])
    if (scope === 'Sign out everywhere')
      // The other devices are still signed in: the person must know that.
      await expect(
        page.getByRole('status').filter({ hasText: 'Your other devices could not be signed out' }),
      ).toBeVisible()
    await page.unrouteAll()
    await expectDashboardClosed(page)
  }
})

test('offline, a sign-out from the workspace lands on the sign-in page, not an error screen', async ({
  page,
}) => {
  const user = await createUser('offline-sign-out-landing')
  await signIn(page, user, '/dashboard')
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page.getByTestId('account-plan')).toBeVisible()
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Sign out of this device' }).click()
  // The person chose to leave: the address offers no way back to the page they left.
  await expect(page).toHaveURL(/\/login\/?$/)
  await expect(page.getByRole('heading', { name: 'Sign in to Folio' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible()
  await expect(page.getByText('Oops.')).toHaveCount(0)
  expect(await storedSessions(page)).toEqual([])
  // The guard of the page signed out of answers later than the button: still no way back.
  await page.waitForTimeout(500)
  await expect(page).toHaveURL(/\/login\/?$/)
  await page.context().setOffline(false)
})

test('offline, a sign-out from the account menu leaves the sign-in page without a way back', async ({
  page,
}) => {
  const user = await createUser('offline-menu-sign-out')
  // The account menu fetches the sign-in page ahead: offline, that is where a sign-out lands.
  const loginAhead = page.waitForResponse((response) =>
    /\/assets\/LoginPage-[\w-]+\.js$/.test(response.url()),
  )
  await signIn(page, user, '/dashboard')
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await loginAhead
  await page.context().setOffline(true)
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible()
  await page.waitForTimeout(500)
  await expect(page).toHaveURL(/\/login\/?$/)
  expect(await storedSessions(page)).toEqual([])
  await page.context().setOffline(false)
})

test('offline after the access token expired, signing out is done at once, not after 30 s of refreshing', async ({
  page,
}) => {
  const user = await createUser('offline-expired-sign-out')
  await signIn(page, user, '/dashboard/account')
  await expect(page.getByTestId('account-plan')).toBeVisible()
  await page.context().setOffline(true)
  // The laptop slept past the token's hour: supabase-js would refresh it before the logout.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k))) {
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at: number }
      session.expires_at = Math.floor(Date.now() / 1000) - 60
      localStorage.setItem(key, JSON.stringify(session))
    }
  })
  await page.getByRole('button', { name: 'Sign out other devices' }).click()
  await expect(
    page.getByText('We cannot reach Folio right now. Check your connection and try again.'),
  ).toBeVisible({ timeout: 2_000 })
  // Whoever closes the tab a moment after the click must leave no session behind.
  await page.getByRole('button', { name: 'Sign out of this device' }).click()
  await expect(page).toHaveURL(/\/login/, { timeout: 2_000 })
  expect(await storedSessions(page)).toEqual([])
  await page.context().setOffline(false)
  // The next person, in a new tab once the connection is back.
  await expectDashboardClosed(await page.context().newPage())
})

test('an image signed for one person is not shown to the next person who signs in on the tab', async ({
  page,
}) => {
  // The first person's private image, in a note of theirs.
  const first = await createUser('shared-tab-first', { plan: 'pro' })
  const path = `${first.id}/${crypto.randomUUID()}/private-photo.png`
  const upload = await (
    await adminClient()
  ).storage
    .from('attachments')
    .upload(path, PNG, { contentType: 'image/png' })
  expect(upload.error).toBeNull()
  const markdown = `![photo](${BACKEND_URL}/storage/v1/object/authenticated/attachments/${path})\n`
  const theirs = await insertDocument(first, { title: 'Holiday', body: markdown })
  await signIn(page, first, `/dashboard?doc=${theirs.id}`)
  await editorReady(page)
  await expect(preview(page).locator('img[data-attachment]')).toHaveAttribute(
    'src',
    /\/object\/sign\/attachments\//,
  )

  // They sign out; the next person signs in on the same tab (no page load in between) and
  // opens a note that names the first person's image.
  await markDocument(page)
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login/)
  const next = await createUser('shared-tab-next')
  await insertDocument(next, { title: 'Borrowed', body: markdown })
  await page.getByLabel('Email', { exact: true }).fill(next.email)
  await page.getByLabel('Password').fill(next.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard/)
  expect(await documentIsMarked(page)).toBe(true)

  // The image is asked for as the next person, and storage refuses them: nothing is shown. The
  // URLs of a note's images are asked for together, each refusal in its place in the answer.
  const signing = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith('/storage/v1/object/sign/attachments'),
  )
  await documentLink(page, 'Borrowed').click()
  await editorReady(page)
  const image = preview(page).locator('img[data-attachment]')
  await expect(image).toHaveAttribute('data-loading', 'true')
  expect(await (await signing).json()).toEqual([
    {
      path,
      signedURL: null,
      error: 'Either the object does not exist or you do not have access to it',
    },
  ])
  await expect(image).not.toHaveAttribute('src', /.+/)
})

test('text typed just before signing out is saved first, and none of the note stays in the browser', async ({
  page,
}) => {
  const owner = await createUser('sign-out-after-typing')
  const doc = await insertDocument(owner, { title: 'Private', body: 'Saved start.' })
  await signIn(page, owner, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  // Signed out at once, before the save that follows a pause in typing.
  await appendText(page, ' The last words.')
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login/)
  expect((await readDocument(doc.id)).body).toBe('Saved start. The last words.')
  await expect.poll(() => keptOnDevice(page)).toEqual({ drafts: [], bases: [] })
  // Everything was saved: nothing to ask about.
  await expect(leftoverQuestion(page)).toHaveCount(0)
})

test('signing out with text that could not be saved asks first, and "Stay signed in" keeps both', async ({
  page,
}) => {
  const owner = await createUser('sign-out-unsaved-stay')
  const doc = await insertDocument(owner, { title: 'Private', body: 'Saved start.' })
  await signIn(page, owner, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  await savesUnreachable(page)
  // Signed out at once: the draft is not even written to the device yet when the save fails.
  await appendText(page, ' Words the service never got.')
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()

  const question = leftoverQuestion(page)
  await expect(question).toBeVisible()
  await expect(question).toContainText('1 note has changes that could not be saved')
  await expect(question).toContainText('Signing out now deletes them from this device.')
  await expect(
    question.getByRole('list', { name: 'Notes with unsaved changes' }).getByRole('listitem'),
  ).toHaveText(['Private'])
  const stay = question.getByRole('button', { name: 'Stay signed in' })
  await expect(stay).toBeFocused()
  // Both answers are in reach of the keyboard, and the page behind the question is not.
  await page.keyboard.press('Shift+Tab')
  await expect(question.getByRole('button', { name: 'Sign out and delete them' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(stay).toBeFocused()
  await page.keyboard.press('Tab')
  expect(
    await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
  ).toBe(false)
  await stay.focus()
  await page.keyboard.press('Enter')

  await expect(question).toHaveCount(0)
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(page.getByTestId('account-menu')).toBeFocused()
  expect(await storedSessions(page)).toEqual(
    expect.arrayContaining(['sb-access-token', 'sb-refresh-token']),
  )
  const kept = await keptOnDevice(page)
  expect(kept.drafts).toEqual([
    expect.objectContaining({
      documentId: doc.id,
      body: 'Saved start. Words the service never got.',
    }),
  ])
  expect((await readDocument(doc.id)).body).toBe('Saved start.')
})

test('"Sign out and delete them" leaves neither the unsaved text nor the session on the device', async ({
  page,
}) => {
  const owner = await createUser('sign-out-unsaved-delete')
  const first = await insertDocument(owner, { title: 'First', body: 'One.' })
  const second = await insertDocument(owner, { title: 'Second', body: 'Two.' })
  await signIn(page, owner, `/dashboard?doc=${first.id}`)
  await editorReady(page)
  await savesUnreachable(page)
  await appendText(page, ' Unsaved one.')
  await expect.poll(async () => (await keptOnDevice(page)).drafts.length).toBe(1)
  await documentLink(page, 'Second').click()
  await expect(page.getByRole('textbox', { name: 'Markdown of “Second”' })).toBeVisible()
  await editorReady(page)
  await appendText(page, ' Unsaved two.')
  await expect.poll(async () => (await keptOnDevice(page)).drafts.length).toBe(2)

  await page.goto('/dashboard/account')
  await logoutUnreachable(page)
  await page.getByRole('button', { name: 'Sign out of this device' }).click()
  const question = leftoverQuestion(page)
  await expect(question).toContainText('2 notes have changes that could not be saved')
  await expect(
    question.getByRole('list', { name: 'Notes with unsaved changes' }).getByRole('listitem'),
  ).toHaveText(['Second', 'First']) // the most recently typed in first
  await question.getByRole('button', { name: 'Sign out and delete them' }).click()

  await expect(page).toHaveURL(/\/login/)
  expect(await storedSessions(page)).toEqual([])
  await expect.poll(() => keptOnDevice(page)).toEqual({ drafts: [], bases: [] })
  expect((await readDocument(second.id)).body).toBe('Two.')
  await expectDashboardClosed(page)
})

test('deleting from the open note: the closing dashboard does not write the text again', async ({
  page,
}) => {
  const owner = await createUser('sign-out-unsaved-delete-open')
  const doc = await insertDocument(owner, { title: 'Private', body: 'Saved start.' })
  await signIn(page, owner, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  await savesUnreachable(page)
  await appendText(page, ' Typed, then deleted.')
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(leftoverQuestion(page)).toBeVisible()
  // The note retries its save while the question is open; each failure makes its keeper write
  // the draft again after a pause. Deleting right after one must not be undone by that write.
  await page.waitForEvent(
    'requestfailed',
    (request) => request.method() === 'PATCH' && request.url().includes('/rest/v1/documents'),
  )
  await leftoverQuestion(page).getByRole('button', { name: 'Sign out and delete them' }).click()
  await expect(page).toHaveURL(/\/login/)
  expect(await storedSessions(page)).toEqual([])
  // Long enough for the failed save's retry and the draft keeper's pause.
  await page.waitForTimeout(3_000)
  expect(await keptOnDevice(page)).toEqual({ drafts: [], bases: [] })
})

test('the question is asked from a public page too, and Escape keeps the person signed in', async ({
  page,
}) => {
  const owner = await createUser('sign-out-unsaved-public')
  const doc = await insertDocument(owner, { title: 'Private', body: 'Saved start.' })
  await signIn(page, owner, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  await savesUnreachable(page)
  await appendText(page, ' Kept on the device.')
  await expect.poll(async () => (await keptOnDevice(page)).drafts.length).toBe(1)

  await page.goto('/pricing')
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(leftoverQuestion(page)).toContainText('1 note has changes')
  await page.keyboard.press('Escape')
  await expect(leftoverQuestion(page)).toHaveCount(0)
  await expect(page).toHaveURL(/\/pricing/)
  expect(await storedSessions(page)).toEqual(
    expect.arrayContaining(['sb-access-token', 'sb-refresh-token']),
  )
  expect((await keptOnDevice(page)).drafts).toHaveLength(1)
})
