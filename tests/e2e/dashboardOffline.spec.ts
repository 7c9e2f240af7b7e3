/**
 * The workspace when the connection drops: what cannot be done says so at once (not after
 * supabase-js has waited to retry), comes back by itself where it can, and a slow or briefly
 * failing connection that is still online keeps working as before.
 */
import { expect, test, type Page } from '@playwright/test'
import { adminClient, createUser, signIn } from './backend.ts'
import {
  addImageFromButton,
  appendText,
  documentLink,
  editorReady,
  editorText,
  insertDocument,
  readDocument,
  saveStatus,
} from './dashboardHelpers.ts'

const OPEN_OFFLINE =
  'You are offline, so Folio could not open this document. It opens by itself once you are back online.'

/** Long enough for a request that fails at once, far shorter than postgrest-js's 1 + 2 + 4 s of retries. */
const PROMPTLY = 2_000

/** The stored session's access token past its time, as after a night with the lid closed. */
async function expireAccessToken(page: Page) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k))) {
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at: number }
      session.expires_at = Math.floor(Date.now() / 1000) - 60
      localStorage.setItem(key, JSON.stringify(session))
    }
  })
}

async function workspaceWithTwoNotes(page: Page, name: string, plan: 'free' | 'pro' = 'free') {
  const user = await createUser(name, { plan })
  const alpha = await insertDocument(user, { title: 'Alpha', body: 'Alpha text.' })
  const beta = await insertDocument(user, { title: 'Beta', body: 'Beta text.' })
  await signIn(page, user, `/dashboard?doc=${alpha.id}`)
  await editorReady(page)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  return { alpha, beta }
}

test('offline, opening a note says so at once, and the note opens once the browser is back online', async ({
  page,
}) => {
  await workspaceWithTwoNotes(page, 'offline-open')
  await page.context().setOffline(true)
  await documentLink(page, 'Beta').click()
  await expect(page.getByText(OPEN_OFFLINE)).toBeVisible({ timeout: PROMPTLY })

  await page.context().setOffline(false)
  await editorReady(page)
  expect(await editorText(page)).toBe('Beta text.')
  await expect(page.getByText(OPEN_OFFLINE)).toHaveCount(0)
})

test('offline after the access token expired (a laptop woken up offline), saving and opening say so at once', async ({
  page,
}) => {
  await workspaceWithTwoNotes(page, 'offline-expired')
  await page.context().setOffline(true)
  // supabase-js would refresh the token first, and retry that for up to 30 s.
  await expireAccessToken(page)
  await appendText(page, ' Typed offline.')
  // The autosave waits for a pause in typing (0.8 s), then finds no connection.
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'offline', {
    timeout: 800 + PROMPTLY,
  })
  await documentLink(page, 'Beta').click()
  await expect(page.getByText(OPEN_OFFLINE)).toBeVisible({ timeout: PROMPTLY })
})

test('offline, an image added to a note says at once that it could not be uploaded', async ({
  page,
}) => {
  await workspaceWithTwoNotes(page, 'offline-image', 'pro')
  await page.context().setOffline(true)
  await expireAccessToken(page)
  await addImageFromButton(page)
  await expect(
    page.getByText(
      'You are offline, so Folio could not upload “whiteboard.png”. Try again once you are back online.',
    ),
  ).toBeVisible({ timeout: PROMPTLY })
  await expect(page.getByText(/Uploading/)).toHaveCount(0)
  expect(await editorText(page)).toBe('Alpha text.')
})

test('offline after the access token expired, account changes say at once that Folio cannot be reached', async ({
  page,
}) => {
  const user = await createUser('offline-account')
  await signIn(page, user, '/dashboard/account')
  await expect(page.getByTestId('account-plan')).toBeVisible()
  await page.context().setOffline(true)
  await expireAccessToken(page)
  const unreachable = page.getByText(
    'We cannot reach Folio right now. Check your connection and try again.',
  )

  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
  await page.getByLabel('Repeat the new password').fill('a-brand-new-password')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(unreachable).toBeVisible({ timeout: PROMPTLY })
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('a-brand-new-password')
  await page.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('button', { name: 'Set up two-factor' }).click()
  await expect(unreachable).toBeVisible({ timeout: PROMPTLY })
})

test('online, a slow answer or a failed first try still opens the note', async ({ page }) => {
  const { beta } = await workspaceWithTwoNotes(page, 'offline-slow')
  let reads = 0
  await page.route(`**/rest/v1/documents?*id=eq.${beta.id}*`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue()
    reads += 1
    // The first read meets a connection that drops; the retry meets a slow one.
    if (reads === 1) return route.abort('connectionreset')
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    return route.continue()
  })
  await documentLink(page, 'Beta').click()
  await expect(page.getByText('Opening…')).toBeVisible()
  await editorReady(page)
  expect(await editorText(page)).toBe('Beta text.')
  expect(reads).toBe(2)
  await expect(page.getByText(/could not open/)).toHaveCount(0)
})

test('offline, an export says so at once', async ({ page }) => {
  await workspaceWithTwoNotes(page, 'offline-export')
  // Once online first, so its code is in the page and only the data is missing offline.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export all (.zip)' }).click()
  await download
  await expect(page.getByText('Exported 2 documents.')).toBeVisible()

  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Export all (.zip)' }).click()
  await expect(
    page.getByText(
      'You are offline, so Folio could not export your documents. Try again once you are back online.',
    ),
  ).toBeVisible({ timeout: PROMPTLY })
  await page.context().setOffline(false)
})

test('offline, Import… used for the first time says so at once', async ({ page }) => {
  await workspaceWithTwoNotes(page, 'offline-import-first')
  // The dialog's code comes when Import… is used (TransferActions.tsx): offline it cannot.
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Import…' }).click()
  await expect(
    page.getByText(
      'You are offline, so Folio could not import your documents. Try again once you are back online.',
    ),
  ).toBeVisible({ timeout: PROMPTLY })
  await expect(page.getByRole('dialog', { name: 'Import documents' })).toHaveCount(0)

  // Back online, the same button opens the dialog: nothing stayed failed.
  await page.context().setOffline(false)
  await page.getByRole('button', { name: 'Import…' }).click()
  await expect(page.getByRole('dialog', { name: 'Import documents' })).toBeVisible()
})

test('files chosen after the connection went, with the import dialog open, say so at once', async ({
  page,
}) => {
  await workspaceWithTwoNotes(page, 'offline-import-reading')
  await page.getByRole('button', { name: 'Import…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import documents' })
  await expect(dialog).toBeVisible()
  // The reader of the files comes when they are chosen (ImportDialog.tsx): offline it cannot.
  await page.context().setOffline(true)
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByText('Drop markdown files or a zip here').click()
  await (
    await chooser
  ).setFiles({ name: 'train.md', mimeType: 'text/markdown', buffer: Buffer.from('# Train\n') })
  await expect(
    dialog.getByText(
      'You are offline, so Folio could not read your files. Try again once you are back online.',
    ),
  ).toBeVisible({ timeout: PROMPTLY })
  await expect(dialog.getByText('Reading your files…')).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled()
  await page.context().setOffline(false)
})

test('offline after the access token expired, an import says at once that nothing was imported', async ({
  page,
}) => {
  await workspaceWithTwoNotes(page, 'offline-import')
  await page.getByRole('button', { name: 'Import…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import documents' })
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByText('Drop markdown files or a zip here').click()
  await (
    await chooser
  ).setFiles({ name: 'train.md', mimeType: 'text/markdown', buffer: Buffer.from('# Train\n') })
  await expect(dialog.getByText('Ready to import 1 document:')).toBeVisible()

  await page.context().setOffline(true)
  await expireAccessToken(page)
  await dialog.getByRole('button', { name: 'Import 1 document' }).click()
  await expect(
    dialog.getByText(
      'You are offline, so Folio could not import your documents. Try again once you are back online.',
    ),
  ).toBeVisible({ timeout: PROMPTLY })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled()
  await page.context().setOffline(false)
})

test('offline, the account page opens from the dashboard with what the device knows', async ({
  page,
}) => {
  const user = await createUser('offline-account-page', { plan: 'pro' })
  await signIn(page, user, '/dashboard')
  await expect(page.getByTestId('plan-notice')).toHaveText('Pro plan · unlimited documents')
  await page.context().setOffline(true)
  await page.getByRole('link', { name: 'Account settings' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  await expect(page.getByText('Oops.')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveText(
    'You are offline. This page shows your account as this device last saw it; changing it needs a connection. It catches up by itself once you are back online.',
  )
  await expect(page.getByTestId('account-email')).toHaveText(user.email)
  // The plan as the dashboard last heard it, not a guessed Free.
  await expect(page.getByTestId('account-plan')).toHaveText(
    'Pro. Its renewal date shows once you are back online.',
  )
  await expect(page.getByText(/^Off\. Add an authenticator app/)).toBeVisible()
  await expect(page.getByText('We cannot reach Folio right now')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Back to your notes' })).toBeVisible()

  await page.context().setOffline(false)
  await expect(page.getByTestId('account-plan')).toContainText('Pro · renews on')
  await expect(page.getByText(/You are offline/)).toHaveCount(0)
})

test('offline after the access token expired, the account page opens at once, not the sign-in page 26 s later', async ({
  page,
}) => {
  const user = await createUser('offline-account-expired', { plan: 'pro' })
  await signIn(page, user, '/dashboard')
  await expect(page.getByTestId('plan-notice')).toHaveText('Pro plan · unlimited documents')
  await page.context().setOffline(true)
  await expireAccessToken(page)
  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page.getByTestId('account-plan')).toHaveText(
    'Pro. Its renewal date shows once you are back online.',
    { timeout: PROMPTLY },
  )
  await expect(page.getByTestId('account-email')).toHaveText(user.email)
  await expect(page).toHaveURL(/\/dashboard\/account$/)

  // Back online, the session is confirmed (its token refreshed) and the page catches up.
  await page.context().setOffline(false)
  await expect(page.getByTestId('account-plan')).toContainText('Pro · renews on')
  await expect(page).toHaveURL(/\/dashboard\/account$/)
})

const OPENED_FROM_DEVICE =
  'You are offline, so this note is opened from what this device kept. Your changes are kept here and saved when you reconnect.'

test('offline, a note switched away from reopens from the device and is saved once back online', async ({
  page,
}) => {
  const { alpha } = await workspaceWithTwoNotes(page, 'offline-reopen')
  await page.context().setOffline(true)
  await appendText(page, ' Typed on the train.')
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'offline', {
    timeout: 800 + PROMPTLY,
  })
  await documentLink(page, 'Beta').click()
  // Never opened in this tab, nothing of it on the device: it cannot open offline.
  await expect(page.getByText(OPEN_OFFLINE)).toBeVisible({ timeout: PROMPTLY })

  await documentLink(page, 'Alpha').click()
  await editorReady(page)
  expect(await editorText(page)).toBe('Alpha text. Typed on the train.')
  await expect(page.getByText(OPENED_FROM_DEVICE)).toBeVisible()
  await expect(page.getByText(OPEN_OFFLINE)).toHaveCount(0)
  await appendText(page, ' And after the tunnel.')
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'offline', {
    timeout: 800 + PROMPTLY,
  })

  await page.context().setOffline(false)
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'saved')
  await expect(page.getByText(OPENED_FROM_DEVICE)).toHaveCount(0)
  // Saved: no word about unsaved text coming back takes the offline notice's place.
  await expect(page.getByText(/Text you had not saved yet/)).toHaveCount(0)
  expect((await readDocument(alpha.id)).body).toBe(
    'Alpha text. Typed on the train. And after the tunnel.',
  )
})

test('offline, a note never opened in this tab opens from the draft the device kept', async ({
  page,
}) => {
  const { alpha, beta } = await workspaceWithTwoNotes(page, 'offline-reopen-draft')
  const other = await page.context().newPage()
  await other.goto(`/dashboard?doc=${beta.id}`)
  await editorReady(other)
  await page.context().setOffline(true)
  // Typed in the first tab, kept in the device's draft store (shared by the tabs).
  await appendText(page, ' Typed in the first tab.')
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'offline', {
    timeout: 800 + PROMPTLY,
  })
  await page.close()

  await documentLink(other, 'Alpha').click()
  await editorReady(other)
  expect(await editorText(other)).toBe('Alpha text. Typed in the first tab.')
  await expect(other.getByText(OPENED_FROM_DEVICE)).toBeVisible()
  await other.context().setOffline(false)
  await expect(saveStatus(other)).toHaveAttribute('data-status', 'saved')
  expect((await readDocument(alpha.id)).body).toBe('Alpha text. Typed in the first tab.')
})

test('offline, a saved note opened earlier in the tab reopens too', async ({ page }) => {
  await workspaceWithTwoNotes(page, 'offline-reopen-saved')
  await documentLink(page, 'Beta').click()
  await editorReady(page)
  await page.context().setOffline(true)
  await documentLink(page, 'Alpha').click()
  await editorReady(page)
  expect(await editorText(page)).toBe('Alpha text.')
  await expect(page.getByText(OPENED_FROM_DEVICE)).toBeVisible()
  await page.context().setOffline(false)
  await expect(page.getByText(OPENED_FROM_DEVICE)).toHaveCount(0)
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'saved')
  // Once the server's row has been read again, the note is no longer the device's copy.
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.context().setOffline(true)
  await expect(page.getByTestId('live-status')).toHaveText(/^Offline/)
  await expect(page.getByText(OPENED_FROM_DEVICE)).toHaveCount(0)
  await page.context().setOffline(false)
})

test('a note reopened offline does not overwrite a version saved elsewhere meanwhile', async ({
  page,
}) => {
  const { alpha } = await workspaceWithTwoNotes(page, 'offline-reopen-conflict')
  await page.context().setOffline(true)
  await appendText(page, ' Mine, from the train.')
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'offline', {
    timeout: 800 + PROMPTLY,
  })
  await documentLink(page, 'Beta').click()
  await expect(page.getByText(OPEN_OFFLINE)).toBeVisible({ timeout: PROMPTLY })
  // Another device saves the note while this one is offline.
  const admin = await adminClient()
  const { error } = await admin
    .from('documents')
    .update({ body: 'Alpha text. Theirs, from the office.' })
    .eq('id', alpha.id)
  expect(error).toBeNull()
  await documentLink(page, 'Alpha').click()
  await editorReady(page)
  expect(await editorText(page)).toBe('Alpha text. Mine, from the train.')

  await page.context().setOffline(false)
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'conflict')
  await expect(page.getByTestId('conflict-panel')).toBeVisible()
  expect((await readDocument(alpha.id)).body).toBe('Alpha text. Theirs, from the office.')
  await page.getByTestId('conflict-panel').getByRole('button', { name: 'Keep both' }).click()
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'saved')
  const saved = (await readDocument(alpha.id)).body
  expect(saved).toContain('Mine, from the train.')
  expect(saved).toContain('Theirs, from the office.')
})
