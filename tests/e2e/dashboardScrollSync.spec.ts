/**
 * The preview follows the editor: scrolled or typed far down a long note, the preview shows the
 * part being written (the block at the editor's top line at the preview's top, the end of the
 * note when the editor is at its end, the block with the cursor in view), and a person can
 * still scroll the preview alone to read.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { benchDocument } from '../../scripts/bench/editor/benchDocument.ts'
import { createUser, signIn } from './backend.ts'
import { editorReady, insertDocument, preview } from './dashboardHelpers.ts'

/** 100 KB: 14 chunks of 40 blocks, most of them never drawn before the editor gets there. */
const BODY = benchDocument(100_000)
const SECTIONS = [...BODY.matchAll(/^## (Section \d+: .*)$/gm)].map((match) => match[1] as string)
/** Headings further and further down, each in a chunk the browser has not drawn yet. */
const FAR_HEADINGS = [0.45, 0.6, 0.75].map(
  (share) => SECTIONS[Math.floor(SECTIONS.length * share)] as string,
)
const FAR_HEADING = FAR_HEADINGS.at(-1) as string
const lineOf = (heading: string) => BODY.slice(0, BODY.indexOf(`## ${heading}`)).split('\n').length

function previewPane(page: Page): Locator {
  return page.getByRole('region', { name: 'Preview' })
}

/**
 * Where `element` is, in pixels below the top of the preview pane's visible area, or NaN when it
 * is not drawn there: the browser lays out blocks of a chunk it skips when asked for their boxes
 * (patchBlocks.ts), so a box alone could place a block on screen that is not drawn. What the
 * browser finds under the pointer at the element's box is.
 */
async function topInPreview(page: Page, element: Locator): Promise<number> {
  const pane = await previewPane(page).boundingBox()
  if (!pane) throw new Error('the preview is not on screen')
  return element.evaluate(
    (node, { top, bottom }) => {
      const box = node.getBoundingClientRect()
      if (box.bottom <= top || box.top >= bottom) return box.top - top // out of view anyway
      const found = node.ownerDocument.elementFromPoint(box.left + 4, Math.max(box.top, top) + 2)
      return found && node.contains(found) ? box.top - top : Number.NaN
    },
    { top: pane.y, bottom: pane.y + pane.height },
  )
}

/** Scrolls the editor so that `line` (1-based) is its top line, as a jump or a search does. */
async function scrollEditorToLine(page: Page, line: number): Promise<void> {
  await page.locator('.cm-content').evaluate((content, lineNumber) => {
    type View = {
      state: { doc: { line(n: number): { from: number } } }
      dispatch(spec: { effects: unknown }): void
      constructor: { scrollIntoView(pos: number, options: { y: string }): unknown }
    }
    type Tile = { root?: { view?: View } }
    const view = (content as unknown as { cmTile?: Tile }).cmTile?.root?.view
    if (!view) throw new Error('no CodeMirror view on .cm-content')
    const from = view.state.doc.line(lineNumber).from
    view.dispatch({ effects: view.constructor.scrollIntoView(from, { y: 'start' }) })
  }, line)
}

/** Where `element`'s box is below the top of the preview pane (drawn or not). */
async function boxTopInPreview(page: Page, element: Locator): Promise<number> {
  const pane = await previewPane(page).boundingBox()
  const box = await element.boundingBox()
  if (!pane || !box) throw new Error('the preview or the element is not on screen')
  return box.y - pane.y
}

async function openLongNote(page: Page, name: string): Promise<void> {
  const user = await createUser(name)
  const doc = await insertDocument(user, { title: 'Long note', body: BODY })
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  // Rendered (on a phone, out of sight behind the pane switch).
  await expect(preview(page).locator('h2').last()).toContainText(/^Section \d+:/, {
    timeout: 60_000,
  })
}

/** Waits for `element` to be at the preview's top: its top edge within a few lines of it. */
async function expectAtPreviewTop(page: Page, element: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        const top = await topInPreview(page, element)
        if (Number.isNaN(top)) return 'not drawn there'
        return top > -4 && top < 48 ? 'at the top' : `${Math.round(top)} px from the top`
      },
      { timeout: 10_000 },
    )
    .toBe('at the top')
}

test('scrolling the editor far down brings the same place to the top of the preview', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await openLongNote(page, 'scroll-sync')
  for (const name of FAR_HEADINGS) {
    await scrollEditorToLine(page, lineOf(name))
    await expect(page.locator('.cm-line').filter({ hasText: name })).toBeInViewport()
    await expectAtPreviewTop(page, preview(page).getByRole('heading', { name }))
  }
  const heading = preview(page).getByRole('heading', { name: FAR_HEADING })

  // The person scrolls the preview up alone, to read: it stays where they put it.
  await previewPane(page).hover()
  await page.mouse.wheel(0, -300)
  await expect.poll(() => topInPreview(page, heading)).toBeGreaterThan(200)
  const read = await previewPane(page).evaluate((pane) => pane.scrollTop)
  await page.waitForTimeout(500)
  expect(await previewPane(page).evaluate((pane) => pane.scrollTop)).toBe(read)

  // The next scroll of the editor takes the preview along again: a little past the heading.
  await page.locator('.cm-scroller').hover()
  await page.mouse.wheel(0, 120)
  await expect.poll(() => boxTopInPreview(page, heading), { timeout: 10_000 }).toBeLessThan(0)
  expect(await boxTopInPreview(page, heading)).toBeGreaterThan(-600)
})

test('typing at the end of a long note keeps the end in the preview', async ({ page }) => {
  test.setTimeout(120_000)
  await openLongNote(page, 'scroll-sync-end')

  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type('\n\n## Written at the end\n\nThe newest words of the note.', {
    delay: 20,
  })

  const newest = preview(page).getByText('The newest words of the note.')
  await expect(newest).toBeAttached({ timeout: 30_000 })
  const pane = await previewPane(page).boundingBox()
  await expect
    .poll(async () => {
      const box = await newest.boundingBox()
      return box && pane ? box.y + box.height - (pane.y + pane.height) : Infinity
    })
    .toBeLessThanOrEqual(0)
  expect(await topInPreview(page, newest)).toBeGreaterThan(0)
})

test('on a phone, the preview opens where the editor was', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await openLongNote(page, 'scroll-sync-phone')

  await scrollEditorToLine(page, lineOf(FAR_HEADING))
  await expect(page.locator('.cm-line').filter({ hasText: FAR_HEADING })).toBeInViewport()
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const heading = preview(page).getByRole('heading', { name: FAR_HEADING })
  await expectAtPreviewTop(page, heading)
})

/** A figure 900 px tall for 600 wide, held back until `release` (an attachment loading late). */
async function tallFigure(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/tall-figure.svg', async (route) => {
    await released
    await route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#94a3b8"/></svg>',
    })
  })
  return release
}

/** Whether the whole of `element` is inside the preview pane's visible area. */
async function wholeInPreview(page: Page, element: Locator): Promise<string> {
  const pane = await previewPane(page).boundingBox()
  const box = await element.boundingBox()
  if (!pane || !box) return 'not on the page'
  if (box.y < pane.y - 1) return `${Math.round(pane.y - box.y)} px above the preview`
  if (box.y + box.height > pane.y + pane.height + 1)
    return `${Math.round(box.y + box.height - pane.y - pane.height)} px below the preview`
  return 'in view'
}

/**
 * A short note with a figure that loads when `release` is called, open, and the cursor at its end
 * with words typed there, rendered: the note fits in the editor, so the editor never scrolls.
 */
async function typeIntoFieldNotes(
  page: Page,
  name: string,
): Promise<{
  release: () => void
  newest: Locator
}> {
  const release = await tallFigure(page)
  const user = await createUser(name)
  const body = [
    '# Field notes',
    '',
    '![A tall figure](/tall-figure.svg)',
    '',
    '| Week | Note |',
    '| --- | --- |',
    ...Array.from({ length: 6 }, (_, week) => `| ${week + 1} | Looked again at the river |`),
    '',
    'Written so far.',
  ].join('\n')
  const doc = await insertDocument(user, { title: 'Field notes', body })
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  await expect(preview(page).getByText('Written so far.')).toBeVisible()
  const editorScrolls = await page
    .locator('.cm-scroller')
    .evaluate((scroller) => scroller.scrollHeight > scroller.clientHeight)
  expect(editorScrolls).toBe(false)

  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type(' And the newest words.', { delay: 20 })
  const newest = preview(page).getByText('Written so far. And the newest words.')
  await expect(newest).toBeAttached({ timeout: 30_000 })
  return { release, newest }
}

/** Releases the figure and waits for it to be drawn, the preview now far taller than its pane. */
async function loadFigure(page: Page, release: () => void): Promise<void> {
  release()
  await expect
    .poll(() =>
      preview(page)
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.complete),
    )
    .toBe(true)
  expect(
    await previewPane(page).evaluate((pane) => pane.scrollHeight > 1.5 * pane.clientHeight),
  ).toBe(true)
}

test('in a short note drawn taller than the editor, the preview shows the block with the cursor', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const { release, newest } = await typeIntoFieldNotes(page, 'scroll-sync-cursor')

  // The figure loads late and pushes the paragraph far below the preview's end: it follows.
  await loadFigure(page, release)
  await expect.poll(() => wholeInPreview(page, newest), { timeout: 10_000 }).toBe('in view')
  // The cursor taken to the top shows the heading again.
  const heading = preview(page).getByRole('heading', { name: 'Field notes' })
  await page.keyboard.press('ControlOrMeta+Home')
  await expect.poll(() => wholeInPreview(page, heading), { timeout: 10_000 }).toBe('in view')

  // Moving to a line whose block is in view already moves nothing: no jitter.
  const top = await previewPane(page).evaluate((pane) => pane.scrollTop)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.waitForTimeout(300)
  expect(await previewPane(page).evaluate((pane) => pane.scrollTop)).toBe(top)

  // Down into the table, the row with the cursor comes into view below the figure.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  const row = preview(page).getByRole('row').nth(2)
  await expect.poll(() => wholeInPreview(page, row), { timeout: 10_000 }).toBe('in view')
})

test('a mere click in the preview leaves it following the cursor', async ({ page }) => {
  test.setTimeout(90_000)
  const { release, newest } = await typeIntoFieldNotes(page, 'scroll-sync-click')

  // On the heading, and on the pane's empty space below the note (the pane itself, as its
  // scroll bar is).
  await preview(page).getByRole('heading', { name: 'Field notes' }).click()
  const pane = await previewPane(page).boundingBox()
  if (!pane) throw new Error('the preview is not on screen')
  const [x, y] = [pane.x + pane.width / 2, pane.y + pane.height - 12]
  expect(
    await previewPane(page).evaluate(
      (element, [x, y]) => element.ownerDocument.elementFromPoint(x, y) === element,
      [x, y] as const,
    ),
  ).toBe(true)
  await page.mouse.click(x, y)
  await loadFigure(page, release)
  await expect.poll(() => wholeInPreview(page, newest), { timeout: 10_000 }).toBe('in view')
})

test('text selected in the preview holds it there until the cursor moves in the editor', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const { release, newest } = await typeIntoFieldNotes(page, 'scroll-sync-select')
  const heading = preview(page).getByRole('heading', { name: 'Field notes' })

  // A word of the heading selected, to copy it: the figure loading meanwhile would take the
  // preview down to the cursor's paragraph, the selection out of sight.
  await heading.dblclick()
  expect(await page.evaluate(() => String(window.getSelection()))).toMatch(/^(Field|notes)$/)
  await loadFigure(page, release)
  await page.waitForTimeout(500)
  expect(await wholeInPreview(page, heading)).toBe('in view')

  // The cursor moved in the editor: the preview follows again.
  await page.locator('.cm-content').focus()
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => wholeInPreview(page, newest), { timeout: 10_000 }).toBe('in view')
})

test('a drag selecting text down the preview leaves it where the drag took it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await openLongNote(page, 'scroll-sync-drag')
  const name = FAR_HEADINGS[0] as string
  await scrollEditorToLine(page, lineOf(name))
  const heading = preview(page).getByRole('heading', { name })
  await expectAtPreviewTop(page, heading)

  // Pressed on the paragraph under the heading (the heading is a link to itself) and dragged
  // below the pane: the browser scrolls the pane as it selects.
  const paragraph = heading.locator('xpath=following-sibling::p[1]')
  const pane = await previewPane(page).boundingBox()
  const box = await paragraph.boundingBox()
  if (!pane || !box) throw new Error('the preview or the paragraph is not on screen')
  const start = await previewPane(page).evaluate((pane) => pane.scrollTop)
  await page.mouse.move(box.x + 2, box.y + 4)
  await page.mouse.down()
  const below = Math.min(pane.y + pane.height + 40, (page.viewportSize()?.height ?? 720) - 2)
  await page.mouse.move(box.x + 40, below, { steps: 5 })
  await expect
    .poll(() => previewPane(page).evaluate((pane) => pane.scrollTop), { timeout: 10_000 })
    .toBeGreaterThan(start + 100)
  await page.waitForTimeout(800)
  await page.mouse.up()
  const dragged = await previewPane(page).evaluate((pane) => pane.scrollTop)
  expect(await boxTopInPreview(page, heading)).toBeLessThan(-100)

  // The scroll ended, the button is up: the preview stays with the selection.
  await page.waitForTimeout(800)
  expect(await previewPane(page).evaluate((pane) => pane.scrollTop)).toBe(dragged)
  const selected = await page.evaluate(() => String(window.getSelection()))
  expect(selected.startsWith(((await paragraph.textContent()) ?? '').slice(0, 40))).toBe(true)
})

test('a press that scrolls the preview, with no text selected, holds it there', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await openLongNote(page, 'scroll-sync-press')
  const name = FAR_HEADINGS[0] as string
  await scrollEditorToLine(page, lineOf(name))
  const heading = preview(page).getByRole('heading', { name })
  await expectAtPreviewTop(page, heading)

  // A scroll bar drawn over the content (macOS) is pressed and dragged: the press lands on the
  // pane, and the pane scrolls under it with nothing selected.
  const pane = await previewPane(page).boundingBox()
  if (!pane) throw new Error('the preview is not on screen')
  await page.mouse.move(pane.x + pane.width - 4, pane.y + pane.height / 2)
  await page.mouse.down()
  const read = await previewPane(page).evaluate((element) => (element.scrollTop += 600))
  await page.mouse.up()
  expect(await page.evaluate(() => String(window.getSelection()))).toBe('')

  // The pane gets a new size: a preview still following would go back to the editor's place.
  await page.setViewportSize({ width: 1280, height: 680 })
  await page.waitForTimeout(800)
  expect(await previewPane(page).evaluate((element) => element.scrollTop)).toBe(read)
})

test('a scroll of the preview that no event announces holds it until the cursor moves', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await openLongNote(page, 'scroll-sync-find')
  const name = FAR_HEADINGS[0] as string
  await scrollEditorToLine(page, lineOf(name))
  await expectAtPreviewTop(page, preview(page).getByRole('heading', { name }))

  // The browser's find bar lands on a heading far above: it scrolls the preview with no wheel,
  // key or press in the page, as scrollIntoView does. It stays there once the scroll has ended
  // and the frames after it have passed (chunks drawn on the way may move it a little).
  const found = preview(page).getByRole('heading', { name: SECTIONS[3] as string })
  await found.evaluate((heading) => heading.scrollIntoView({ block: 'start' }))
  const pane = await previewPane(page).boundingBox()
  if (!pane) throw new Error('the preview is not on screen')
  const inView = async () => {
    const top = await topInPreview(page, found)
    return top > -4 && top < pane.height - 40 ? 'in view' : `${Math.round(top)} px from the top`
  }
  await expect.poll(inView).toBe('in view')
  await page.waitForTimeout(800)
  const read = await previewPane(page).evaluate((element) => element.scrollTop)
  await page.waitForTimeout(800)
  expect(await previewPane(page).evaluate((element) => element.scrollTop)).toBe(read)
  expect(await inView()).toBe('in view')

  // The cursor moved in the editor: the preview follows it again, down to the editor's place.
  await page.locator('.cm-line').filter({ hasText: name }).click()
  await expect.poll(() => boxTopInPreview(page, found), { timeout: 10_000 }).toBeLessThan(-1_000)
})
