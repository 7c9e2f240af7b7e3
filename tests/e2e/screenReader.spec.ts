/**
 * What a screen reader hears on the dashboard: its live regions' news (announcements.ts) and
 * the outline of its headings.
 */
import { expect, test } from '@playwright/test'
import { announcements, recordAnnouncements } from './announcements.ts'
import { createUser, signIn } from './backend.ts'

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
