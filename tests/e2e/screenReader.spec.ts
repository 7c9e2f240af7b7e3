/**
 * What a screen reader hears on the dashboard: its live regions' news (announcements.ts) and
 * the outline of its headings.
 */
import { expect, test } from '@playwright/test'
import { announcements, recordAnnouncements } from './announcements.ts'
import { createUser, signIn } from './backend.ts'
import { documentLink, insertDocument, openNewNote, preview } from './dashboardHelpers.ts'
import { standBetweenRealtime } from './realtimeBetween.ts'

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

test('a live channel the server shuts is said to be lost, and said again once joined', async ({
  page,
}) => {
  // The server shuts the channel (hosted Realtime, on a token expired in sleep), the browser
  // still online.
  const realtime = await standBetweenRealtime(page)
  const user = await createUser('sr-live-lost')
  await recordAnnouncements(page)
  await signIn(page, user)
  const live = page.getByTestId('live-status')
  await expect(live).toHaveText(/^Live/)
  realtime.shutLastChannel()
  await expect(live).toHaveText('Connecting…')
  await expect(live).toHaveText(/^Live/)
  expect(
    (await announcements(page)).filter((said) => /^(Connecting|Live|Offline)/.test(said)),
  ).toEqual(['Connecting…', 'Live: changes from your other tabs and devices appear here'])
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

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the open note undone by its button reopens with the focus in it, and the toast says so', async ({
    page,
  }) => {
    const user = await createUser('sr-undo-open-phone')
    await insertDocument(user, { title: 'Keep', body: 'Kept.' })
    const oops = await insertDocument(user, { title: 'Oops', body: 'Deleted by mistake.' })
    await recordAnnouncements(page)
    await signIn(page, user, `/dashboard?doc=${oops.id}`)
    await page.getByRole('button', { name: 'All documents' }).click()
    await deleteByKeyboard(page, 'Oops')
    await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).focus()
    const before = (await announcements(page)).length
    await page.keyboard.press('Enter')
    // Reopened, the note hides the list: the restored title cannot take the focus there, and
    // it fell to the page with the button.
    await expect(page.getByRole('heading', { name: 'Oops', level: 2 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'All documents' })).toBeFocused()
    await expect
      .poll(async () => (await announcements(page)).slice(before))
      .toEqual(['Restored “Oops”.'])
  })
})

test("the preview's headings sit under the note's own heading, with the blog's ids", async ({
  page,
}) => {
  await openNewNote(page, 'sr-outline', {
    title: 'Deploy notes',
    body: '# Deploy notes\n\nIntro.\n\n## Steps\n\nDo it.\n\n### Rollback\n\nUndo it.\n\n###### Aside\n',
  })
  // The preview renders in turns: the last heading, not the first, says it is all there.
  await expect(preview(page).locator('h6')).toHaveText(/Aside/)
  // The page: its h1 (Your workspace), the list's h2 (Documents), the open note's h2 (its
  // title); the note's own "#" was a second h1 inside that h2's section.
  const outline = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].map((heading) => {
      const level = Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1))
      const words = heading.cloneNode(true) as Element
      words.querySelector('.heading-anchor')?.remove()
      return `${level} ${words.textContent?.trim()}`
    }),
  )
  expect(outline).toEqual([
    '1 Your workspace',
    '2 Documents',
    '2 Deploy notes',
    '3 Deploy notes',
    '4 Steps',
    '5 Rollback',
    '6 Aside',
  ])
  // What Chromium itself tells a screen reader, not only what the attributes say.
  // Its tree follows the DOM a moment later, so it is asked until it has caught up.
  const cdp = await page.context().newCDPSession(page)
  const axLevels = async () => {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        role?: { value: string }
        properties?: { name: string; value: { value: unknown } }[]
      }[]
    }
    return nodes
      .filter((node) => node.role?.value === 'heading')
      .map((node) => node.properties?.find(({ name }) => name === 'level')?.value.value)
  }
  await expect.poll(axLevels).toEqual(outline.map((heading) => Number(heading.split(' ')[0])))
  // The anchors are the blog's: the same ids and links, whatever level is said.
  await expect(preview(page).locator('h1')).toHaveAttribute('id', 'user-content-deploy-notes')
  await expect(preview(page).locator('h2 a.heading-anchor')).toHaveAttribute('href', '#steps')
})
