/**
 * A long note stays a working document: typed text reaches the preview and the database, and
 * the preview changes only where the text changed (the rest of it is left as it was on the
 * page, which is what keeps typing in a long note fast).
 */
import { expect, test } from '@playwright/test'
import { benchDocument } from '../../scripts/bench/editor/benchDocument.ts'
import { createUser, signIn } from './backend.ts'
import {
  editorReady,
  editorText,
  insertDocument,
  preview,
  readDocument,
} from './dashboardHelpers.ts'

test('typing into a long note saves it and updates only the changed part of the preview', async ({
  page,
}) => {
  test.setTimeout(120_000) // 200 KB through CodeMirror and the preview worker on a shared machine
  const user = await createUser('long-note')
  const body = benchDocument(200_000)
  const doc = await insertDocument(user, { title: 'Long note', body })
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  const lastSection = preview(page)
    .getByRole('heading', { name: /^Section \d+:/ })
    .last()
  await expect(lastSection).toBeVisible({ timeout: 60_000 })

  // The blocks sit in chunks the browser can skip when out of view (patchBlocks.ts).
  const blocks = preview(page).locator('> .preview-chunk > *')
  const blockCount = await blocks.count()
  expect(await preview(page).locator('> *').count()).toBeLessThan(blockCount / 20)
  await expect(preview(page).locator('> :not(.preview-chunk)')).toHaveCount(0)

  // Marks on the page that a whole-preview re-render would wipe out.
  await blocks.evaluateAll((elements) =>
    elements.forEach((element) => element.setAttribute('data-kept', 'yes')),
  )

  // A new first paragraph, typed key by key as a person does, into room made for it (typed
  // straight before the heading, it would turn the heading into text until the Enter).
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+Home')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await page.keyboard.press('ControlOrMeta+Home')
  await page.keyboard.type('Typed first.', { delay: 40 })

  // The worker parses only the changed part again (decision 0038), but the machine is shared.
  await expect(blocks.first()).toHaveText('Typed first.', {
    timeout: 60_000,
  })
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', {
    timeout: 30_000,
  })
  const saved = await readDocument(doc.id)
  expect(saved.body).toBe(`Typed first.\n\n${body}`)
  // A body this long is handed to the network by a worker (src/lib/offThreadFetch.ts).
  expect(page.workers().map((worker) => worker.url())).toContainEqual(
    expect.stringContaining('fetchWorker'),
  )
  expect(await editorText(page)).toBe(saved.body)

  // Only the new paragraph came in; every other block is the very element that was there.
  await expect(blocks).toHaveCount(blockCount + 1)
  await expect(preview(page).locator('> .preview-chunk > :not([data-kept])')).toHaveCount(1)
  await expect(lastSection).toHaveAttribute('data-kept', 'yes')
})
