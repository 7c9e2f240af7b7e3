/**
 * What a screen reader hears on the dashboard: its live regions' news (announcements.ts) and
 * the outline of its headings.
 */
import { expect, test } from '@playwright/test'
import { announcements, recordAnnouncements } from './announcements.ts'
import { createUser, signIn } from './backend.ts'
import { documentLink, insertDocument } from './dashboardHelpers.ts'

async function deleteByKeyboard(page: import('@playwright/test').Page, title: string) {
  await page.getByRole('button', { name: `Delete “${title}”` }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('undo-toast')).toBeVisible()
  await expect(documentLink(page, title)).toHaveCount(0)
}

test("the live indicator's start-up is not announced; losing the connection and getting it back are", async ({
  page,
}) => {
  const user = await createUser('sr-live')
  await recordAnnouncements(page)
  await signIn(page, user)
  const live = page.getByTestId('live-status')
  await expect(live).toHaveText(/^Live/)
  const fromLiveStatus = async () =>
    (await announcements(page)).filter((said) => /^(Connecting|Live|Offline)/.test(said))
  // "Connecting…" then "Live: …" on every visit to the dashboard.
  expect(await fromLiveStatus()).toEqual([])
  await page.context().setOffline(true)
  await expect(live).toHaveText(/^Offline/)
  await expect.poll(fromLiveStatus).toEqual([expect.stringMatching(/^Offline/)])
  await page.context().setOffline(false)
  await expect(live).toHaveText(/^Live/)
  await expect
    .poll(async () => (await fromLiveStatus()).at(-1))
    .toMatch(/^Live: changes from your other tabs/)
  // Still shown, from the first moment.
  await expect(live).toBeVisible()
})

test('an undo by Ctrl/⌘+Z says the note is back, once', async ({ page }) => {
  const user = await createUser('sr-undo-keys')
  await insertDocument(user, { title: 'Keep', body: 'Kept.' })
  await insertDocument(user, { title: 'Oops', body: 'Deleted by mistake.' })
  await recordAnnouncements(page)
  await signIn(page, user)
  await deleteByKeyboard(page, 'Oops')
  const before = (await announcements(page)).length
  await page.keyboard.press('ControlOrMeta+z')
  await expect(documentLink(page, 'Oops')).toBeVisible()
  // The focus stayed where it was (the row that took the deleted one's place): only the live
  // region can say it worked. It said nothing, and the toast was simply gone.
  await expect(documentLink(page, 'Keep')).toBeFocused()
  await expect
    .poll(async () => (await announcements(page)).slice(before))
    .toEqual(['Restored “Oops”.'])
  await expect(page.getByTestId('undo-toast')).toHaveText('Restored “Oops”.')
})

test('an undo by its button hands focus to the restored title, which says it, and nothing else does', async ({
  page,
}) => {
  const user = await createUser('sr-undo-button')
  await insertDocument(user, { title: 'Keep', body: 'Kept.' })
  await insertDocument(user, { title: 'Oops', body: 'Deleted by mistake.' })
  await recordAnnouncements(page)
  await signIn(page, user)
  await deleteByKeyboard(page, 'Oops')
  await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).focus()
  const before = (await announcements(page)).length
  await page.keyboard.press('Enter')
  // The button went with the toast and its focus to the page: nothing was said at all.
  await expect(documentLink(page, 'Oops')).toBeFocused()
  await expect(page.getByTestId('undo-toast')).toHaveText('Restored “Oops”.')
  expect((await announcements(page)).slice(before)).toEqual([])
})
