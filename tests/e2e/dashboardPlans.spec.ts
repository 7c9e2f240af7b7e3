/**
 * Plans on the dashboard (the Free document limit, Pro attachments) and a hostile document.
 */
import { expect, test, type Page } from '@playwright/test'
import { BACKEND_URL, createUser, signIn } from './backend.ts'
import {
  addImageFromButton,
  editorReady,
  editorText,
  expectSaved,
  insertDocument,
  PNG_BASE64,
  preview,
  readDocument,
} from './dashboardHelpers.ts'

async function dropFile(page: Page, name: string, type: string, base64: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], name, { type }))
      return transfer
    },
    { name, type, base64 },
  )
  await page.locator('.cm-content').dispatchEvent('drop', { dataTransfer })
}

test("a Free user's fourth document is refused by the database and shown as an upgrade prompt", async ({
  page,
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  const user = await createUser('dash-free-limit')
  for (const title of ['One', 'Two', 'Three']) await insertDocument(user, { title })
  await signIn(page, user)
  await expect(page.getByTestId('plan-notice')).toHaveText('Free plan · 3 of 3 documents · Upgrade')

  await page.getByRole('button', { name: 'New document' }).click()
  const prompt = page.getByTestId('upgrade-prompt')
  await expect(prompt).toContainText('The Free plan holds 3 documents')
  await expect(prompt).toContainText('Delete one to make room, or go Pro for unlimited documents.')
  await expect(prompt.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    '/pricing',
  )
  // Said once: the limit, the two ways out, one button to Pro (and never the database's words).
  const said = await prompt.innerText()
  expect(said.match(/unlimited documents/gi)).toHaveLength(1)
  expect(said.match(/upgrade/gi)).toHaveLength(1)
  expect(said).not.toContain('limit reached')
  await expect(page.getByRole('list', { name: /Documents/ }).getByRole('link')).toHaveCount(3)
  expect(pageErrors).toEqual([])

  // Images are Pro too: the page says so instead of trying.
  await page.getByRole('link', { name: /^One/ }).click()
  await editorReady(page)
  await dropFile(page, 'diagram.png', 'image/png', PNG_BASE64)
  const imagePrompt = page
    .getByTestId('upgrade-prompt')
    .filter({ hasText: 'Images are a Pro feature' })
  await expect(imagePrompt).toContainText('“diagram.png” was not added to the note.')
  await expect(imagePrompt).toContainText('Paste, drop or add images straight into a note')
  // Said once: the title names the plan, the button offers the upgrade, the text what it gives.
  const imageSaid = await imagePrompt.innerText()
  expect(imageSaid.match(/\bpro\b/gi)).toHaveLength(2)
  expect(imageSaid.match(/upgrade/gi)).toHaveLength(1)
  expect(await editorText(page)).toBe('')
})

test('the Free limit prompt goes once there is room again, and comes back when the limit is hit again', async ({
  page,
}) => {
  const user = await createUser('dash-free-room')
  for (const title of ['One', 'Two', 'Three']) await insertDocument(user, { title })
  await signIn(page, user)
  const notice = page.getByTestId('plan-notice')
  const prompt = page.getByTestId('upgrade-prompt')
  const newDocument = page.getByRole('button', { name: 'New document' })
  await newDocument.click()
  await expect(prompt).toContainText('The Free plan holds 3 documents')

  await page.getByRole('button', { name: 'Delete “One”' }).click()
  await page
    .getByRole('dialog', { name: 'Delete “One”?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(notice).toHaveText('Free plan · 2 of 3 documents · Upgrade')
  await expect(prompt).toBeHidden()

  // Undoing fills the room again, but nothing was refused: no prompt until something is.
  await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click()
  await expect(notice).toHaveText('Free plan · 3 of 3 documents · Upgrade')
  await expect(prompt).toBeHidden()
  await newDocument.click()
  await expect(prompt).toContainText('The Free plan holds 3 documents')
})

test("'Not now' on an upgrade prompt hands focus back to what led to it", async ({ page }) => {
  const user = await createUser('dash-free-not-now')
  const doc = await insertDocument(user, { title: 'One' })
  for (const title of ['Two', 'Three']) await insertDocument(user, { title })
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  const notNow = page.getByTestId('upgrade-prompt').getByRole('button', { name: 'Not now' })

  // From the keyboard: the "Add image…" button, Enter, then Tab to "Not now" and Enter.
  const addImage = page.getByRole('button', { name: 'Add image…' })
  await addImage.focus()
  await page.keyboard.press('Enter')
  await notNow.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('upgrade-prompt')).toHaveCount(0)
  await expect(addImage).toBeFocused()

  // A dropped image: back to the editor, to go on writing.
  await page.locator('.cm-content').click()
  await dropFile(page, 'diagram.png', 'image/png', PNG_BASE64)
  await notNow.click()
  await expect(page.locator('.cm-content')).toBeFocused()

  // The Free limit's prompt: back to "New document".
  const newDocument = page.getByRole('button', { name: 'New document' })
  await newDocument.focus()
  await page.keyboard.press('Enter')
  await notNow.focus()
  await page.keyboard.press('Enter')
  await expect(newDocument).toBeFocused()
})

test('a Pro user drops an image: uploaded to their folder, linked, and shown in the preview', async ({
  page,
}) => {
  const user = await createUser('dash-pro-upload', { plan: 'pro' })
  const doc = await insertDocument(user, { title: 'With a picture', body: 'Before.\n' })
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  await expect(page.getByTestId('plan-notice')).toHaveText('Pro plan · unlimited documents')

  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+End')
  await dropFile(page, 'Network diagram.png', 'image/png', PNG_BASE64)
  const link = new RegExp(
    `!\\[Network diagram\\]\\(${BACKEND_URL.replaceAll('.', '\\.')}/storage/v1/object/authenticated/attachments/${user.id}/${doc.id}/[\\w-]+-network-diagram\\.png\\)`,
  )
  await expect.poll(() => editorText(page)).toMatch(link)
  await expectSaved(page)
  expect((await readDocument(doc.id)).body).toMatch(link)

  const image = preview(page).locator('img[data-attachment]')
  await expect(image).toHaveAttribute('alt', 'Network diagram')
  await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/attachments\//)
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(2)

  // Limits, with clear errors and nothing inserted.
  const before = await editorText(page)
  await dropFile(page, 'notes.pdf', 'application/pdf', btoa('%PDF-1.4'))
  await expect(page.getByRole('alert')).toContainText(
    '“notes.pdf” is not an image Folio can attach. Use PNG, JPEG, GIF, WebP or AVIF.',
  )
  expect(await editorText(page)).toBe(before)
})

test('a Pro user on a phone adds an image with the button, where it cannot be pasted or dropped', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const user = await createUser('dash-pro-add-image', { plan: 'pro' })
  const doc = await insertDocument(user, { title: 'From the phone', body: 'Start.\nEnd.' })
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  // The cursor after "Start.": the image goes where the person was writing.
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+Home')
  await page.keyboard.press('End')

  await addImageFromButton(page)
  await expect
    .poll(() => editorText(page))
    .toMatch(/^Start\.!\[whiteboard\]\([^)]+-whiteboard\.png\)\n\nEnd\.$/)
  await expectSaved(page)
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  await expect(preview(page).locator('img[data-attachment]')).toHaveAttribute('alt', 'whiteboard')
})

test('an attachment image whose URL no longer works is shown again under the current one', async ({
  page,
}) => {
  // As when a block kept as drawn is put back on the page after its ten minutes.
  const user = await createUser('dash-pro-lapsed', { plan: 'pro' })
  const doc = await insertDocument(user, { title: 'Lapsed', body: 'Before.\n' })
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+End')
  await addImageFromButton(page)
  const image = preview(page).locator('img[data-attachment]')
  const loaded = () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)
  await expect.poll(loaded).toBe(2)
  const current = await image.getAttribute('src')

  await image.evaluate((img: HTMLImageElement) => {
    img.src = img.src.replace(/token=[^&]+/, 'token=lapsed')
  })
  await expect(image).toHaveAttribute('src', current!)
  await expect.poll(loaded).toBe(2)
})

test('a hostile document renders inert in the preview', async ({ page }) => {
  const user = await createUser('dash-hostile')
  const doc = await insertDocument(user, {
    title: 'Hostile',
    body: [
      '# Hostile',
      '<script>window.__pwned = "script"</script>',
      '<img src="x" onerror="window.__pwned = \'onerror\'">',
      '[click me](javascript:window.__pwned="link")',
      '<a href="javascript:window.__pwned=\'raw\'">raw link</a>',
      '<iframe src="/"></iframe>',
      '<svg onload="window.__pwned=\'svg\'"></svg>',
      '<div style="position:fixed;inset:0" onclick="window.__pwned=\'div\'">cover</div>',
    ].join('\n\n'),
  })
  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(/Hostile/)
  const rendered = await preview(page).innerHTML()
  expect(rendered).not.toMatch(/<script|<iframe|<svg|\son[a-z]+=|javascript:|style=/i)
  await preview(page).getByText('click me').click()
  await preview(page).getByText('raw link').click()
  await expect(preview(page).getByText('cover')).toHaveCount(0) // raw HTML blocks are dropped
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBe(
    undefined,
  )
  expect(dialogs).toEqual([])
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?doc=${doc.id}$`))
})

test('the account page shows a Pro user their plan and its renewal date', async ({ page }) => {
  const user = await createUser('dash-pro-account', { plan: 'pro' })
  await signIn(page, user, '/dashboard/account')
  await expect(page.getByTestId('account-plan')).toContainText(
    /^Pro · renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/,
  )
  await expect(
    page.getByRole('link', { name: 'Manage billing, invoices and your card' }),
  ).toHaveAttribute('href', '/stripe')
})
