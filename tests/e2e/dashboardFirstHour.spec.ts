/**
 * What a paying user meets in their first hour: a paste over the size limit, signing out
 * other devices, the pricing page while signed in, and the small promises of the tour.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { adminClient, createUser, signIn } from './backend.ts'
import {
  appendText,
  device,
  documentLink,
  editorReady,
  editorText,
  expectSaved,
  insertDocument,
  openNewNote,
  preview,
  readDocument,
  saveStatus,
} from './dashboardHelpers.ts'
import { waitForHydration } from './fixtures.ts'

test('a paste over the size limit is refused in words, never retried, and survives a reload', async ({
  page,
}) => {
  test.setTimeout(90_000) // a megabyte through CodeMirror and IndexedDB on a shared machine
  const { doc } = await openNewNote(page, 'first-hour-large', {
    title: 'Big paste',
    body: 'Saved start.',
  })

  const paste = `\n\n${'lorem ipsum dolor sit amet '.repeat(37_100)}` // just over 1 MB
  await appendText(page, paste)
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'too-large')
  const status = page.locator('.save-status')
  await expect(status).toContainText('over the 1 MB a document can hold')
  await expect(status).toContainText('your text is kept on this device')
  await expect(page.locator('body')).not.toContainText(/constraint|violates|23514/)
  await expect(page.getByRole('button', { name: 'Retry now' })).toHaveCount(0)
  expect((await readDocument(doc.id)).body).toBe('Saved start.')

  await page.reload()
  // A megabyte of text takes CodeMirror a while on a busy machine.
  await expect(page.getByTestId('markdown-editor')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  })
  await expect(page.getByText(/Text you had not saved yet .* is back in the editor/)).toBeVisible()
  expect(await editorText(page)).toBe(`Saved start.${paste}`)
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'too-large')

  // Shortened below the limit, it saves and the kept copy is no longer offered.
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.insertText('Saved start.\n\nA shorter version.')
  await expectSaved(page)
  expect((await readDocument(doc.id)).body).toBe('Saved start.\n\nA shorter version.')
  await page.reload()
  await editorReady(page)
  await expect(page.getByText(/Text you had not saved yet/)).toHaveCount(0)
})

test('unsaved text kept on this browser is never shown to another user who signs in', async ({
  page,
}) => {
  const owner = await createUser('first-hour-owner')
  const doc = await insertDocument(owner, { title: 'Private', body: '' })
  await signIn(page, owner, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  // The save cannot get through, so the text is only on this device.
  await page.route('**/rest/v1/documents**', (route) =>
    route.request().method() === 'PATCH' ? route.abort() : route.continue(),
  )
  await appendText(page, 'owner secret draft')
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'offline')
  await page.evaluate(() => localStorage.clear()) // the owner is gone; the draft stays
  const visitor = await createUser('first-hour-visitor')
  await insertDocument(visitor, { title: 'Mine', body: 'visitor text' })
  await signIn(page, visitor, `/dashboard?doc=${doc.id}`)
  await expect(page.getByText('This document does not exist any more.')).toBeVisible()
  await expect(page.locator('body')).not.toContainText('owner secret draft')

  await page.evaluate(() => localStorage.clear())
  await page.unroute('**/rest/v1/documents**')
  await signIn(page, owner, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  expect(await editorText(page)).toBe('owner secret draft')
})

test("'Sign out other devices' stops the other browser at its next save, and its text is kept", async ({
  browser,
}) => {
  // Two browsers signing in and saving: 20-25 s on a loaded 2-core machine, near the 30 s limit.
  test.slow()
  const user = await createUser('first-hour-revoke')
  const doc = await insertDocument(user, { title: 'Shared', body: 'Agreed text.' })
  const path = `/dashboard?doc=${doc.id}`
  const laptop = await device(browser, user, '/dashboard/account')
  const phone = await device(browser, user, path)
  const tablet = await device(browser, user, '/dashboard')
  await editorReady(phone)
  await expect(tablet.getByRole('link', { name: /^Shared/ })).toBeVisible()

  await laptop.getByRole('button', { name: 'Sign out other devices' }).click()
  await expect(
    laptop.getByText('Your other devices are signed out. This one stays signed in.'),
  ).toBeVisible()

  // The phone's access token has not expired, but its session is gone.
  await appendText(phone, ' Typed on the phone after it was signed out.')
  await expect(phone).toHaveURL(/\/login\?redirect=/)
  expect((await readDocument(doc.id)).body).toBe('Agreed text.')

  // A reload shows the sign-in page, not an empty workspace.
  await tablet.reload()
  await expect(tablet).toHaveURL(/\/login\?redirect=/)
  await expect(tablet.getByTestId('empty-state')).toHaveCount(0)

  // Signing in again brings the phone back to the document with its text.
  await phone.getByLabel('Email', { exact: true }).fill(user.email)
  await phone.getByLabel('Password').fill(user.password)
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click()
  await editorReady(phone)
  await expect(phone.getByText(/Text you had not saved yet/)).toBeVisible()
  await expectSaved(phone)
  expect((await readDocument(doc.id)).body).toBe(
    'Agreed text. Typed on the phone after it was signed out.',
  )
  // The laptop was never signed out.
  await laptop.goto(path)
  await editorReady(laptop)
  await expect(laptop.getByTestId('signed-in-as')).toBeVisible()
  await laptop.context().close()
  await phone.context().close()
  await tablet.context().close()
})

test('unsaved text of a document deleted elsewhere can be kept as a new document', async ({
  page,
}) => {
  const { user, doc } = await openNewNote(page, 'first-hour-deleted', {
    title: 'Gone',
    body: 'Old.',
  })
  await page.route('**/rest/v1/documents**', (route) =>
    route.request().method() === 'PATCH' ? route.abort() : route.continue(),
  )
  await appendText(page, ' Text worth keeping.')
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'offline')
  const admin = await adminClient()
  expect((await admin.from('documents').delete().eq('id', doc.id)).error).toBeNull()
  await page.unroute('**/rest/v1/documents**')

  await page.reload()
  await expect(
    page.getByRole('heading', { name: 'This document was deleted elsewhere' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Save as a new document' }).click()
  await editorReady(page)
  await expectSaved(page)
  const rows = await admin.from('documents').select('title, body').eq('user_id', user.id)
  expect(rows.data).toEqual([{ title: 'Untitled (restored)', body: 'Old. Text worth keeping.' }])
})

/**
 * The "Current plan" badge marks a card without pushing its price down: both prices stay level,
 * as they are for a visitor, and the badge leaves the plan's name clear.
 */
async function expectPlanCardsAligned(page: Page): Promise<void> {
  const box = async (locator: Locator) =>
    (await locator.boundingBox()) as NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>
  const [free, pro] = ['Free', 'Pro'].map((name) => page.getByRole('article', { name }))
  const [freePrice, proPrice] = await Promise.all(
    [free, pro].map((card) => box(card!.locator('.plan__price:visible'))),
  )
  // Within the pixel the featured card's thicker border moves its content.
  expect(Math.abs(freePrice!.y - proPrice!.y)).toBeLessThanOrEqual(1)
  const badge = await box(page.getByTestId('current-plan'))
  // The name's text, not its heading's box, which is as wide as the card.
  const nameEnd = await page
    .getByRole('article')
    .filter({ has: page.getByTestId('current-plan') })
    .getByRole('heading')
    .evaluate((heading) => {
      const range = document.createRange()
      range.selectNodeContents(heading)
      return range.getBoundingClientRect().right
    })
  expect(badge.x).toBeGreaterThan(nameEnd)
}

test('/pricing shows a signed-in person their plan, without sign-up links', async ({ page }) => {
  await page.goto('/pricing')
  await waitForHydration(page)
  await expect(page.locator('.pricing-plans')).toHaveAttribute('data-viewer', 'visitor')
  await expect(page.getByRole('link', { name: 'Start free' })).toBeVisible()
  await expect(page.getByTestId('current-plan')).toHaveCount(0)

  const free = await createUser('first-hour-pricing-free')
  await signIn(page, free)
  await page.goto('/pricing')
  const freeCard = page.getByRole('article', { name: 'Free' })
  await expect(freeCard.getByTestId('current-plan')).toHaveText('Current plan')
  await expectPlanCardsAligned(page)
  await expect(page.getByRole('link', { name: 'Start free' })).toHaveCount(0)
  await expect(page.locator('a[href^="/login"]')).toHaveCount(0)
  await expect(freeCard.getByRole('link', { name: 'Open your notes' })).toHaveAttribute(
    'href',
    '/dashboard',
  )
  await expect(page.getByRole('link', { name: 'Go Pro monthly' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Manage billing' })).toHaveCount(0)

  await page.evaluate(() => localStorage.clear())
  const pro = await createUser('first-hour-pricing-pro', { plan: 'pro' })
  await signIn(page, pro)
  await page.goto('/pricing')
  const proCard = page.getByRole('article', { name: 'Pro' })
  await expect(proCard.getByTestId('current-plan')).toHaveText('Current plan')
  await expectPlanCardsAligned(page)
  await expect(proCard.getByRole('link', { name: 'Manage billing' })).toHaveAttribute(
    'href',
    '/stripe',
  )
  await expect(freeCard.getByTestId('current-plan')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Start free' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Go Pro/ })).toHaveCount(0)
})

test('a cancelled Pro plan says on /pricing and the account page when it ends and how to keep it', async ({
  page,
}) => {
  const user = await createUser('first-hour-cancelled', { plan: 'pro' })
  // As the webhook records a cancellation in the portal: Pro until the period's end.
  const admin = await adminClient()
  const periodEnd = '2031-03-14T12:00:00Z'
  const { error } = await admin
    .from('subscriptions')
    .update({ cancel_at_period_end: true, current_period_end: periodEnd })
    .eq('user_id', user.id)
  expect(error).toBeNull()

  await signIn(page, user, '/pricing')
  const proCard = page.getByRole('article', { name: 'Pro' })
  await expect(proCard.getByTestId('current-plan')).toHaveText('Current plan')
  await expect(proCard.getByTestId('plan-ends')).toHaveText(
    'Cancelled: Pro ends on March 14, 2031. Nothing is deleted then.',
  )
  await expect(proCard.getByRole('link', { name: 'Resume or manage billing' })).toHaveAttribute(
    'href',
    '/stripe',
  )

  await page.goto('/dashboard/account')
  await expect(page.getByTestId('account-plan')).toHaveText(
    'Pro · ends on March 14, 2031. Nothing is deleted then; resume it in billing to keep Pro.',
  )
})

test('Ctrl/⌘+Alt+N, as the product tour promises, starts a document, even from the editor', async ({
  page,
}) => {
  const user = await createUser('first-hour-shortcut')
  await signIn(page, user)
  await expect(page.getByTestId('empty-state')).toBeVisible()
  await page.keyboard.press('Control+Alt+n')
  await editorReady(page)
  const first = new URL(page.url()).searchParams.get('doc')
  expect(first).toBeTruthy()
  await expect(page.locator('.workspace__keys')).toContainText('Ctrl/⌘+Alt+N New document')
  await page.locator('.cm-content').click()
  await page.keyboard.press('Control+Alt+n')
  await expect.poll(() => new URL(page.url()).searchParams.get('doc')).not.toBe(first)
  await editorReady(page)
})

test('the live indicator says offline when the browser is offline', async ({ page }) => {
  const user = await createUser('first-hour-offline')
  await signIn(page, user)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.context().setOffline(true)
  await expect(page.getByTestId('live-status')).toHaveText(/^Offline/)
  await page.context().setOffline(false)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
})

test('going offline while writing is announced once, not by the list and the save status both', async ({
  page,
}) => {
  await openNewNote(page, 'first-hour-offline-once', { title: 'Plan', body: '# Plan' })
  await page.context().setOffline(true)
  await appendText(page, '\n\nWritten on the train.')
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'offline')
  await expect(page.getByTestId('live-status')).toHaveText(/^Offline/)
  // What a screen reader hears: the live regions that are not switched off.
  const announced = page.locator('[role="status"]:not([aria-live="off"]), [role="alert"]')
  await expect(announced.filter({ hasText: /offline/i })).toHaveCount(1)
  await page.context().setOffline(false)
})

test('offline, a refused delete says so, and the word goes once the browser is back online', async ({
  page,
}) => {
  const user = await createUser('first-hour-offline-delete')
  await insertDocument(user, { title: 'Keep me', body: 'Text.' })
  await signIn(page, user)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Delete “Keep me”' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  const refusal = page.getByText(
    'You are offline, so Folio could not delete the document. Try again once you are back online.',
  )
  await expect(refusal).toBeVisible()
  await expect(documentLink(page, 'Keep me')).toBeVisible()

  await page.context().setOffline(false)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await expect(refusal).toHaveCount(0)
  // A refusal for any other reason is not the network's to clear.
  await page.route('**/rest/v1/documents**', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, body: '{}', contentType: 'application/json' })
      : route.continue(),
  )
  await page.getByRole('button', { name: 'Delete “Keep me”' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  const failed = page.getByText('Folio could not delete the document right now.')
  await expect(failed).toBeVisible()
  await page.context().setOffline(true)
  await page.context().setOffline(false)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await expect(failed).toBeVisible()
})

test('a refused New document leaves the keyboard on the button, the reason said', async ({
  page,
}) => {
  const user = await createUser('first-hour-offline-create')
  await signIn(page, user)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.context().setOffline(true)
  const newDocument = page.getByRole('button', { name: 'New document' })
  await newDocument.focus()
  await page.keyboard.press('Enter')
  await expect(
    page.getByText(
      'You are offline, so Folio could not create the document. Try again once you are back online.',
    ),
  ).toBeVisible()
  await expect(newDocument).toBeFocused()
  // Back online, Enter again is all it takes.
  await page.context().setOffline(false)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.keyboard.press('Enter')
  await expect(documentLink(page, 'Untitled')).toBeVisible()
})

test('offline, the first-note card and a rename keep the keyboard where it was', async ({
  page,
}) => {
  const user = await createUser('first-hour-offline-focus')
  await signIn(page, user)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.context().setOffline(true)
  const first = page.getByRole('button', { name: 'Create your first document' })
  await first.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(/You are offline, so Folio could not create/)).toBeVisible()
  await expect(first).toBeFocused()

  await page.context().setOffline(false)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.keyboard.press('Enter')
  await editorReady(page)
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Rename “Untitled”' }).click()
  const title = page.getByLabel('New title for “Untitled”')
  await title.fill('Trip notes')
  await title.press('Enter')
  await expect(page.getByText(/You are offline, so Folio could not rename/)).toBeVisible()
  // The new title is still there to send again, and the keyboard with it.
  await expect(title).toBeFocused()
  await expect(title).toHaveValue('Trip notes')
})

test('offline, opening a document says why it cannot, in the workspace, not on an error screen', async ({
  page,
}) => {
  const user = await createUser('first-hour-offline-open')
  await insertDocument(user, { title: 'Alpha', body: 'Alpha text.' })
  await signIn(page, user)
  await expect(page.getByTestId('live-status')).toHaveText(/^Live/)
  await page.context().setOffline(true)
  // The first move inside the site, and only the query changes: nothing is left to fetch for
  // the page itself (its payload is the one it has).
  await documentLink(page, 'Alpha').click()
  await expect(page).toHaveURL(/\/dashboard\?doc=/)
  await expect(
    page.getByText(
      'You are offline, so Folio could not open this document. It opens by itself once you are back online.',
    ),
  ).toBeVisible()
  await expect(page.getByText('Oops.')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New document' })).toBeVisible()
})

test('a new document is named from its first heading until renamed, and right-to-left paragraphs preview right-to-left', async ({
  page,
}) => {
  const { doc } = await openNewNote(page, 'first-hour-heading', { title: 'Untitled', body: '' })
  await appendText(page, '# Release plan\n\nمرحبا بالعالم، هذه ملاحظة.\n\nAnd English.')
  await expectSaved(page)
  await expect(documentLink(page, 'Release plan')).toBeVisible()
  await expect.poll(async () => (await readDocument(doc.id)).title).toBe('Release plan')

  const arabic = preview(page).locator('p', { hasText: 'مرحبا' })
  await expect(arabic).toHaveAttribute('dir', 'auto')
  expect(await arabic.evaluate((p) => p.matches(':dir(rtl)'))).toBe(true)
  const english = preview(page).locator('p', { hasText: 'And English.' })
  expect(await english.evaluate((p) => p.matches(':dir(ltr)'))).toBe(true)

  // Renamed by hand: a new heading no longer renames it.
  await page.getByRole('button', { name: 'Rename “Release plan”' }).click()
  const input = page.getByRole('textbox', { name: 'New title for “Release plan”' })
  await input.fill('Q3 plan')
  await input.press('Enter')
  await expect(documentLink(page, 'Q3 plan')).toBeVisible()
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+Home')
  await page.keyboard.insertText('# New top heading\n\n')
  await expectSaved(page)
  expect((await readDocument(doc.id)).title).toBe('Q3 plan')
})

test("the editor's accessible name follows the document's title as a heading names it and a rename", async ({
  page,
}) => {
  await openNewNote(page, 'first-hour-editor-name', { title: 'Untitled', body: '' })
  await expect(page.getByRole('textbox', { name: 'Markdown of “Untitled”' })).toBeVisible()
  await appendText(page, '# Release plan\n\nWords.')
  await expect(documentLink(page, 'Release plan')).toBeVisible()
  // Not still "Untitled", the name it opened with, beside a heading that says otherwise.
  await expect(page.getByRole('textbox', { name: 'Markdown of “Release plan”' })).toBeFocused()

  await page.getByRole('button', { name: 'Rename “Release plan”' }).click()
  const input = page.getByRole('textbox', { name: 'New title for “Release plan”' })
  await input.fill('Q3 plan')
  await input.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Markdown of “Q3 plan”' })).toBeVisible()
})

test('a title over the limit is refused with a counter, never cut mid-word', async ({ page }) => {
  const { doc } = await openNewNote(page, 'first-hour-title', { title: 'Plan', body: '' })
  await page.getByRole('button', { name: 'Rename “Plan”' }).click()
  const input = page.getByRole('textbox', { name: 'New title for “Plan”' })
  const long = 'quarterly '.repeat(21).trim() // 209 characters
  await input.fill(long)
  await expect(page.getByTestId('title-counter')).toHaveText(
    '209 / 200: titles can be up to 200 characters. Remove 9 to save.',
  )
  await input.press('Enter')
  await expect(input).toBeVisible()
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  expect((await readDocument(doc.id)).title).toBe('Plan')
  const fits = 'quarterly '.repeat(20).trim() // 199 characters, every word whole
  await input.fill(fits)
  await expect(page.getByTestId('title-counter')).toHaveText('199 / 200')
  await input.press('Enter')
  await expect.poll(async () => (await readDocument(doc.id)).title).toBe(fits)
})

test('the first-visit card uses the width beside the list, its text kept to a readable line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, await createUser('first-hour-wide-empty'))
  const card = page.getByTestId('empty-state')
  await expect(card).toBeVisible()
  const layout = await card.evaluate((element) => {
    const pane = element.parentElement!.getBoundingClientRect()
    const box = element.getBoundingClientRect()
    const intro = element.querySelector('p')!
    return {
      blankRight: pane.right - box.right,
      introEms: intro.getBoundingClientRect().width / parseFloat(getComputedStyle(intro).fontSize),
      pointWidths: [...element.querySelectorAll('li')].map(
        (li) => li.getBoundingClientRect().width,
      ),
    }
  })
  expect(layout.blankRight).toBeLessThan(2)
  expect(layout.introEms).toBeLessThanOrEqual(42) // about 75 characters a line
  for (const width of layout.pointWidths) expect(width).toBeGreaterThan(180)
})

test('/success shows the one message for the flow that led there', async ({ page }) => {
  await page.goto('/success?from=contact')
  await waitForHydration(page)
  await expect(page.getByText('Your message is on its way.')).toBeVisible()
  await expect(page.getByTestId('success-message')).toHaveText(
    'We answer by email within two working days.',
  )
  await expect(page.locator('main')).not.toContainText('confirmed')

  await page.goto('/success')
  await waitForHydration(page)
  await expect(page.getByText('Your request went through.')).toBeVisible()
  await expect(page.locator('main')).not.toContainText(/two working days|confirmed/)
})
