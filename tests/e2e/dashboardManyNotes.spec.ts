/**
 * A year in: hundreds of notes. The list draws the newest ones first and the rest as they are
 * scrolled to, while the search still finds every title.
 */
import { expect, test } from '@playwright/test'
import { adminClient, createUser, signIn, type TestUser } from './backend.ts'
import { documentLink, editorReady, preview } from './dashboardHelpers.ts'

/** `count` notes written as if on other devices, oldest first: `first` is the oldest. */
async function manyNotes(user: TestUser, first: string, count: number): Promise<void> {
  const admin = await adminClient()
  const rows = [first, ...Array.from({ length: count - 1 }, (_, at) => `Note ${at + 1}`)]
  // One insert each, so that every note has an edit time of its own and the order is known.
  for (let at = 0; at < rows.length; at += 50) {
    const { error } = await admin.from('documents').insert(
      rows.slice(at, at + 50).map((title) => ({
        user_id: user.id,
        title,
        body: `# ${title}\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n\`\`\`ts\nconst x = 1\n\`\`\`\n`,
      })),
    )
    if (error) throw new Error(`manyNotes: ${error.message}`)
  }
}

test('with 500 notes the list draws the first hundred, the rest as it is scrolled, and the search finds any', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const user = await createUser('many-notes', { plan: 'pro' })
  await manyNotes(user, 'Quarterly plan', 500)
  await signIn(page, user, '/dashboard')
  const list = page.getByRole('list', { name: /Documents/ })
  const rows = list.getByRole('listitem')
  await expect(rows.first()).toBeVisible()
  // Before, all 500 rows (over 6,000 elements) were drawn at once, and again on each keystroke
  // in the search and each change arriving from another device.
  await expect(rows).toHaveCount(100)

  // Scrolled to its end, the list goes on.
  const sidebar = page.locator('#workspace-documents')
  for (const shown of [200, 300, 400, 500]) {
    await sidebar.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    await expect(rows).toHaveCount(shown)
  }
  await expect(list.getByRole('link', { name: /^Quarterly plan/ })).toBeVisible()

  // The search reaches the oldest note, far past the rows first drawn.
  await page.reload()
  await page.getByRole('searchbox', { name: 'Search documents by title' }).fill('quarterly')
  await expect(rows).toHaveCount(1)
  await expect(list.getByRole('link', { name: /^Quarterly plan/ })).toBeVisible()
  // Emptied, the search shows the first hundred again.
  await page.getByRole('searchbox', { name: 'Search documents by title' }).fill('')
  await expect(rows).toHaveCount(100)
})

test('the keyboard reaches the rest of a long list through Show more', async ({ page }) => {
  test.setTimeout(60_000)
  const user = await createUser('many-notes-keys', { plan: 'pro' })
  await manyNotes(user, 'Quarterly plan', 150)
  await signIn(page, user, '/dashboard')
  const rows = page.getByRole('list', { name: /Documents/ }).getByRole('listitem')
  await expect(rows).toHaveCount(100)
  const more = page.getByRole('button', { name: 'Show 50 more documents' })
  await more.focus()
  await page.keyboard.press('Enter')
  await expect(rows).toHaveCount(150)
  // The focus goes on to the first of the documents just shown, not to the page.
  await expect(rows.nth(100).getByRole('link')).toBeFocused()
  await expect(more).toHaveCount(0)
})

test('switching between notes hands one preview worker on, rather than starting one per note', async ({
  page,
}) => {
  const user = await createUser('many-notes-switch', { plan: 'pro' })
  await manyNotes(user, 'Quarterly plan', 6)
  const started: string[] = []
  let closed = 0
  page.on('worker', (worker) => {
    started.push(worker.url())
    worker.on('close', () => (closed += 1))
  })
  await signIn(page, user, '/dashboard')
  for (const title of ['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5', 'Note 1']) {
    await documentLink(page, title).click()
    await editorReady(page)
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(`${title}#`)
  }
  // Before, one per note opened: 6, each loading and compiling the preview's code again.
  expect(started.filter((url) => url.includes('previewWorker'))).toHaveLength(1)

  // Kept for the next note, it goes with a sign-out, and the text it holds with it.
  // The open note closes (deleted), its worker kept for the next: none has closed yet.
  await page.getByRole('button', { name: 'Delete “Note 1”' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('markdown-editor')).toHaveCount(0)
  expect(closed).toBe(0)
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => closed).toBe(started.length)
})
