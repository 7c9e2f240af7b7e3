/**
 * The dashboard as a workspace: list | editor | preview filling the window under the header,
 * splitters by mouse and keyboard remembered per device, one pane at a time on a phone, the
 * preview's empty and wide-code states, and the account settings on their own page.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createUser, signIn } from './backend.ts'
import {
  appendText,
  editorReady,
  insertDocument,
  preview,
  replaceText,
} from './dashboardHelpers.ts'
import { waitForHydration } from './fixtures.ts'

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${locator} has no box`)
  return found
}

function listSplitter(page: Page) {
  return page.getByRole('separator', { name: 'Resize the document list' })
}

function paneSplitter(page: Page) {
  return page.getByRole('separator', { name: 'Resize the editor and the preview' })
}

test.describe('on a 1280×800 screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('list, editor and preview fill the window under the header, on the header’s edges', async ({
    page,
  }) => {
    const user = await createUser('workspace-frame')
    const doc = await insertDocument(user, { title: 'Frame', body: '# Frame\n\nText.' })
    await signIn(page, user, `/dashboard?doc=${doc.id}`)
    await editorReady(page)
    await expect(preview(page).getByRole('heading', { name: 'Frame' })).toBeVisible()

    const header = await box(page.locator('.site-header__inner'))
    const headerBottom = (await box(page.locator('.site-header'))).y
    const workspace = await box(page.getByTestId('workspace'))
    // Full-bleed, consistently: the panes' outer edges are the header contents' edges.
    expect(Math.abs(workspace.x - header.x)).toBeLessThanOrEqual(1)
    expect(Math.abs(workspace.x + workspace.width - (header.x + header.width))).toBeLessThanOrEqual(
      1,
    )
    const list = await box(page.locator('.workspace__sidebar'))
    const editorPane = await box(page.locator('.doc-editor__pane--editor'))
    const previewPane = await box(page.getByRole('region', { name: 'Preview' }))
    // Side by side, in that order.
    expect(list.x + list.width).toBeLessThanOrEqual(editorPane.x)
    expect(editorPane.x + editorPane.width).toBeLessThanOrEqual(previewPane.x)
    // Editor and preview run to the bottom of the window (less the workspace's margin)…
    for (const pane of [editorPane, previewPane]) {
      expect(pane.y).toBeGreaterThan(headerBottom)
      expect(pane.y + pane.height).toBeGreaterThanOrEqual(800 - 24)
      expect(pane.y + pane.height).toBeLessThanOrEqual(800)
    }
    // …and the page itself does not scroll: the panes do.
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight),
    ).toBe(true)
  })

  test('the splitters move by keyboard and by mouse, and this device keeps the widths', async ({
    page,
  }) => {
    const user = await createUser('workspace-splitters')
    const doc = await insertDocument(user, { title: 'Wide', body: 'Some text.' })
    await signIn(page, user, `/dashboard?doc=${doc.id}`)
    await editorReady(page)

    const list = listSplitter(page)
    const start = Number(await list.getAttribute('aria-valuenow'))
    const sidebarBefore = (await box(page.locator('.workspace__sidebar'))).width
    await list.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(list).toHaveAttribute('aria-valuenow', String(start + 32))
    expect((await box(page.locator('.workspace__sidebar'))).width).toBeCloseTo(
      sidebarBefore + 32,
      0,
    )
    await page.keyboard.press('Home')
    await expect(list).toHaveAttribute(
      'aria-valuenow',
      String(await list.getAttribute('aria-valuemin')),
    )
    await page.keyboard.press('ArrowRight')
    const listWidth = await list.getAttribute('aria-valuenow')

    // The editor | preview splitter, dragged with the mouse to a quarter of the panes' width.
    const split = paneSplitter(page)
    await expect(split).toHaveAttribute('aria-valuenow', '50')
    const panes = await box(page.locator('.doc-editor__panes'))
    const handle = await box(split)
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
    await page.mouse.down()
    await page.mouse.move(panes.x + panes.width * 0.3, handle.y + 40, { steps: 5 })
    await page.mouse.move(panes.x + panes.width * 0.25, handle.y + 60, { steps: 5 })
    await page.mouse.up()
    await expect(split).toHaveAttribute('aria-valuenow', '25')
    const editorWidth = (await box(page.locator('.doc-editor__pane--editor'))).width
    expect(Math.abs(editorWidth - panes.width * 0.25)).toBeLessThan(4)
    // The keyboard stops at the limits the separator announces.
    await split.focus()
    await page.keyboard.press('End')
    await expect(split).toHaveAttribute('aria-valuenow', '80')
    await page.keyboard.press('ArrowLeft')
    await expect(split).toHaveAttribute('aria-valuenow', '75')

    await page.reload()
    await editorReady(page)
    await expect(listSplitter(page)).toHaveAttribute('aria-valuenow', listWidth as string)
    await expect(paneSplitter(page)).toHaveAttribute('aria-valuenow', '75')
  })

  test('an empty document shows what the preview is for, until there is text to render', async ({
    page,
  }) => {
    const user = await createUser('workspace-empty-preview')
    const doc = await insertDocument(user, { title: 'Blank', body: '' })
    await signIn(page, user, `/dashboard?doc=${doc.id}`)
    await editorReady(page)
    const placeholder = page.getByTestId('preview-placeholder')
    await expect(placeholder).toHaveText(/^Nothing to preview yet\. Write markdown in the editor/)
    await appendText(page, '# Now there is text')
    await expect(preview(page).getByRole('heading', { name: 'Now there is text' })).toBeVisible()
    await expect(placeholder).toHaveCount(0)
    await replaceText(page, '   \n')
    await expect(placeholder).toBeVisible()
  })

  test('wide code scrolls sideways inside its block in the preview; the editor wraps', async ({
    page,
  }) => {
    const user = await createUser('workspace-wide-code')
    const long = `const settings = { ${Array.from({ length: 30 }, (_, i) => `option${i}: ${i}`).join(', ')} }`
    const doc = await insertDocument(user, {
      title: 'Wide code',
      body: `\`\`\`ts\n${long}\n\`\`\`\n`,
    })
    await signIn(page, user, `/dashboard?doc=${doc.id}`)
    await editorReady(page)
    const block = preview(page).locator('pre.shiki')
    await expect(block).toBeVisible()
    const pane = page.getByRole('region', { name: 'Preview' })
    const paneBox = await box(pane)
    const blockBox = await box(block)
    // The block stays inside the pane…
    expect(blockBox.x + blockBox.width).toBeLessThanOrEqual(paneBox.x + paneBox.width)
    // …its line is not wrapped or cut: the block itself scrolls to the end of it…
    const scroll = await block.evaluate((pre) => {
      const before = pre.scrollWidth > pre.clientWidth
      pre.scrollLeft = pre.scrollWidth
      return { overflows: before, scrolled: pre.scrollLeft > 0 }
    })
    expect(scroll).toEqual({ overflows: true, scrolled: true })
    await expect(block.getByText('option29', { exact: false })).toBeInViewport()
    // Keyboard users scroll it too: shiki's block takes focus and the arrow keys move it.
    await block.evaluate((pre) => (pre.scrollLeft = 0))
    await page.getByRole('region', { name: 'Preview' }).focus()
    await page.keyboard.press('Tab')
    await expect(block).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => block.evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0)
    // …and the pane does not scroll sideways as a whole.
    expect(await pane.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true)
    // The editor keeps wrapping its lines.
    await expect(page.locator('.cm-content')).toHaveClass(/cm-lineWrapping/)
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the list, then one pane at a time with a switch, and no keyboard hints', async ({
    page,
  }) => {
    const user = await createUser('workspace-phone')
    await insertDocument(user, { title: 'Pocket notes', body: '# Pocket\n\nOn the go.' })
    await signIn(page, user)
    const link = page.getByRole('link', { name: /^Pocket notes/ })
    await expect(link).toBeVisible()
    // Shortcuts need a keyboard: none of the hints shows.
    await expect(page.locator('.workspace__keys')).toBeHidden()
    await expect(page.locator('kbd:visible')).toHaveCount(0)
    await expect(
      page.getByRole('searchbox', { name: 'Search documents by title' }),
    ).toHaveAttribute('placeholder', 'Search by title')

    await link.click()
    await editorReady(page)
    await expect(link).toBeHidden()
    const write = page.getByRole('button', { name: 'Write', exact: true })
    const show = page.getByRole('button', { name: 'Preview', exact: true })
    await expect(write).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('.cm-content')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Preview' })).toBeHidden()
    await expect(page.getByRole('separator')).toHaveCount(0)

    await show.click()
    await expect(show).toHaveAttribute('aria-pressed', 'true')
    await expect(preview(page).getByRole('heading', { name: 'Pocket' })).toBeVisible()
    await expect(page.locator('.cm-content')).toBeHidden()
    // The preview fits the phone's width; nothing spills sideways.
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
    ).toBe(true)

    await page.getByRole('button', { name: 'All documents' }).click()
    await expect(link).toBeVisible()
    await link.click()
    await expect(page.locator('.doc-editor')).toBeVisible()
    await expect(page.locator('kbd:visible')).toHaveCount(0)
  })
})

test('account settings are their own guarded, prerendered page, linked from the dashboard and the menu', async ({
  page,
  request,
}) => {
  // A page of its own in dist/, since the CDN serves no other page in its place.
  const served = await request.get('/dashboard/account')
  expect(served.status()).toBe(200)
  expect(await served.text()).toContain('<h1>Account</h1>')

  // Visitors are sent to sign in and come back.
  await page.goto('/dashboard/account')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Faccount$/)

  const user = await createUser('workspace-account')
  await signIn(page, user)
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${user.email}`)
  // Nothing of the account is stacked under the workspace any more.
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Set up two-factor' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page).toHaveURL(/\/dashboard\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  for (const name of ['Plan and billing', 'Email and password', 'Two-factor authentication'])
    await expect(page.getByRole('region', { name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Sessions' })).toBeVisible()
  await expect(page.getByTestId('account-email')).toHaveText(user.email)

  // Two-factor is an action of its own, not a small button inside a sentence.
  const twoFactor = page
    .getByRole('region', { name: 'Two-factor authentication' })
    .getByRole('button', { name: 'Set up two-factor' })
  await expect(twoFactor).toBeVisible()
  expect(await twoFactor.evaluate((button) => button.closest('p') === null)).toBe(true)

  // The header's menu leads here too, and the page leads back.
  await page.getByTestId('account-menu').click()
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute(
    'href',
    '/dashboard/account',
  )
  await page.keyboard.press('Escape')
  await page.getByRole('link', { name: 'Back to your notes' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await waitForHydration(page)
})
