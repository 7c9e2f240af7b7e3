/**
 * Export and import through the dashboard: the zip a user downloads, imported into a fresh
 * account, gives the same documents (images included); one document downloads as .md; the
 * Free plan and bad files are explained before anything is written.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate'
import type { Page } from '@playwright/test'
import { BACKEND_URL, adminClient, createUser, signIn, type TestUser } from './backend.ts'
import {
  appendText,
  documentLink,
  editorReady,
  insertDocument,
  requestedPaths,
  saveStatus,
} from './dashboardHelpers.ts'
import { expect, test } from './fixtures.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const ATTACHMENT_PREFIX = `${BACKEND_URL}/storage/v1/object/authenticated/attachments/`

async function documentsOf(user: TestUser) {
  const admin = await adminClient()
  const { data, error } = await admin
    .from('documents')
    .select('id, title, body')
    .eq('user_id', user.id)
  if (error || !data) throw new Error(`documentsOf failed: ${error?.message}`)
  return data as { id: string; title: string; body: string }[]
}

/** Attachment links replaced by the image's bytes, so two accounts' copies compare equal. */
async function withImagesInline(body: string): Promise<string> {
  const admin = await adminClient()
  const pattern = new RegExp(
    `${ATTACHMENT_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^)\\s]+`,
    'g',
  )
  let result = body
  for (const [url] of body.matchAll(pattern)) {
    const path = decodeURIComponent(url.slice(ATTACHMENT_PREFIX.length))
    const { data, error } = await admin.storage.from('attachments').download(path)
    if (error || !data) throw new Error(`image ${path} is missing: ${error?.message}`)
    result = result.replace(
      url,
      `image:${Buffer.from(await data.arrayBuffer()).toString('base64')}`,
    )
  }
  return result
}

async function chooseImportFiles(
  page: Page,
  files: string[] | Parameters<Page['setInputFiles']>[1],
) {
  await page.getByRole('button', { name: 'Import…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import documents' })
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByText('Drop markdown files or a zip here').click()
  await (await chooser).setFiles(files)
  return dialog
}

test('export → import into a fresh account → identical documents, images included', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const owner = await createUser('exporter', { plan: 'pro' })
  const admin = await adminClient()
  const withImage = await insertDocument(owner, { title: 'Diagram' })
  const imagePath = `${owner.id}/${withImage.id}/ab12cd34-tiny dot.png`
  const upload = await admin.storage
    .from('attachments')
    .upload(imagePath, PNG, { contentType: 'image/png' })
  expect(upload.error).toBeNull()
  const imageUrl = `${ATTACHMENT_PREFIX}${imagePath.split('/').map(encodeURIComponent).join('/')}`
  await admin
    .from('documents')
    .update({ body: `# Diagram\n\n![tiny dot](${imageUrl})\n` })
    .eq('id', withImage.id)
  for (const [title, body] of [
    ['Notes', '# Notes\n\n```ts\nconst answer: number = 42\n```\n'],
    ['Notes', 'Same title, other text — ünïcode ✓\n'],
    ['a/b: "quoted"', '---\nlooks: like frontmatter\n---\nbody\n'],
    ['Empty', ''],
  ] as const)
    await insertDocument(owner, { title, body })
  const original = await documentsOf(owner)

  await signIn(page, owner)
  await expect(documentLink(page, 'Diagram')).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export all (.zip)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^folio-export-\d{4}-\d{2}-\d{2}\.zip$/)
  const exported = page.getByText('Exported 5 documents and 1 image.')
  await expect(exported).toBeVisible()
  // The outcome sits a small gap under the buttons, not against them.
  const [buttons, outcome] = await Promise.all([
    page.getByRole('button', { name: 'Export all (.zip)' }).boundingBox(),
    exported.boundingBox(),
  ])
  expect(outcome!.y - (buttons!.y + buttons!.height)).toBeGreaterThanOrEqual(8)
  const zipPath = path.join(test.info().outputDir, download.suggestedFilename())
  await download.saveAs(zipPath)
  const entries = unzipSync(new Uint8Array(await readFile(zipPath)))
  expect(Object.keys(entries).sort()).toEqual([
    'Diagram.md',
    'Empty.md',
    'Notes (2).md',
    'Notes.md',
    'a b quoted.md',
    'attachments/Diagram/ab12cd34-tiny dot.png',
  ])
  expect(new TextDecoder().decode(entries['Diagram.md'])).toContain(
    '![tiny dot](attachments/Diagram/ab12cd34-tiny%20dot.png)',
  )

  const fresh = await createUser('importer', { plan: 'pro' })
  const context = await browser.newContext()
  const other = await context.newPage()
  await signIn(other, fresh)
  const dialog = await chooseImportFiles(other, [zipPath])
  // The zip library loads on demand and then reads the whole archive: slower than a click.
  await expect(dialog.getByText('Ready to import 5 documents with 1 image')).toBeVisible({
    timeout: 15_000,
  })
  await dialog.getByRole('button', { name: 'Import 5 documents' }).click()
  await expect(other.getByText('Imported 5 documents.')).toBeVisible()
  await expect(documentLink(other, 'Diagram')).toBeVisible()

  const imported = await documentsOf(fresh)
  const comparable = async (rows: { title: string; body: string }[]) =>
    (
      await Promise.all(
        rows.map(async ({ title, body }) => ({ title, body: await withImagesInline(body) })),
      )
    ).sort((a, b) => `${a.title}\n${a.body}`.localeCompare(`${b.title}\n${b.body}`))
  expect(await comparable(imported)).toEqual(await comparable(original))
  // The image was copied into the new account's own folder, not linked to the old one.
  const importedDiagram = imported.find((row) => row.title === 'Diagram')!
  expect(importedDiagram.body).toContain(`${ATTACHMENT_PREFIX}${fresh.id}/${importedDiagram.id}/`)
  await context.close()
})

test('one document downloads as .md with its frontmatter', async ({ page }) => {
  const user = await createUser('single')
  await insertDocument(user, { title: 'Release: 1.0?', body: '# Release\n\nShip it.\n' })
  await signIn(page, user)
  await documentLink(page, 'Release').click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download .md' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Release 1.0.md')
  const text = await readFile(await download.path(), 'utf8')
  expect(text).toMatch(
    /^---\ntitle: "Release: 1.0\?"\ncreated: .+\nupdated: .+\n---\n# Release\n\nShip it.\n$/,
  )
})

test('a Pro account whose plan is still loading is not held to the Free plan', async ({ page }) => {
  const user = await createUser('proimport-early', { plan: 'pro' })
  // The plan's answer is held back, as on a slow connection, until the files are chosen.
  let releasePlan!: () => void
  const planReleased = new Promise<void>((resolve) => (releasePlan = resolve))
  await page.route('**/rest/v1/rpc/current_plan', async (route) => {
    await planReleased
    await route.continue()
  })
  await signIn(page, user)
  const notes = ['one', 'two', 'three', 'four'].map((name) => ({
    name: `${name}.md`,
    mimeType: 'text/markdown',
    buffer: Buffer.from(`# ${name}`),
  }))
  const dialog = await chooseImportFiles(page, notes)
  await expect(dialog.getByRole('status')).toHaveText('Checking what your plan allows…')
  await expect(dialog.getByRole('button', { name: 'Import 4 documents' })).toBeDisabled()

  releasePlan()
  await expect(dialog.getByText('Ready to import 4 documents:')).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Import 4 documents' }).click()
  await expect(page.getByText('Imported 4 documents.')).toBeVisible()
  expect(await documentsOf(user)).toHaveLength(4)
})

test('a Pro import is refused before uploading one image again for each of many notes', async ({
  page,
}) => {
  const user = await createUser('proimport-copies', { plan: 'pro' })
  await signIn(page, user)
  // 2 MB of zip: one 2 MB image that 101 notes link to, 202 MB to upload (a copy per note).
  const image = new Uint8Array(2_000_000).map((_, i) => (i * 7919) % 251)
  image.set(PNG)
  const notes = Object.fromEntries(
    Array.from({ length: 101 }, (_, i) => [`note-${i}.md`, strToU8(`# Note ${i}\n![x](shot.png)`)]),
  )
  const uploads = requestedPaths(page, (path) => path.startsWith('/storage/v1/object/'))
  const dialog = await chooseImportFiles(page, [
    {
      name: 'copies.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zipSync({ ...notes, 'shot.png': [image, { level: 0 }] })),
    },
  ])
  await expect(dialog.getByRole('alert')).toHaveText(
    'These files link to 202 MB of images, counting an image again for each document that links to it (each keeps its own copy). Folio uploads at most 200 MB in one import: import fewer files at a time.',
  )
  // Upgrading would not lift it: no way to the pricing page is offered.
  await expect(dialog.getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Import 101 documents' })).toBeDisabled()
  expect(uploads).toEqual([])
  expect(await documentsOf(user)).toEqual([])
})

test('a Pro import of many pictured notes counts its uploads and can be cancelled midway, leaving nothing', async ({
  page,
}) => {
  const user = await createUser('proimport-cancel', { plan: 'pro' })
  await signIn(page, user)
  const notes = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [
      `note-${i}.md`,
      strToU8(`# Note ${i}\n![x](attachments/note-${i}/shot.png)`),
    ]),
  )
  const images: Zippable = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [
      `attachments/note-${i}/shot.png`,
      [new Uint8Array(PNG), { level: 0 }],
    ]),
  )
  // Storage as over a slow connection: each upload takes a moment.
  await page.route(`${BACKEND_URL}/storage/v1/object/attachments/**`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    await new Promise((resolve) => setTimeout(resolve, 150))
    await route.continue()
  })
  const dialog = await chooseImportFiles(page, [
    {
      name: 'pictured.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zipSync({ ...notes, ...images })),
    },
  ])
  await dialog.getByRole('button', { name: 'Import 40 documents' }).click()
  await expect(dialog.getByRole('status')).toHaveText(/^Uploading image [3-9] of 40 /)
  // Before, Cancel was disabled until all 40 images were uploaded and the notes written.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Import…' })).toBeFocused()
  expect(await documentsOf(user)).toEqual([])
  const { data: folders } = await (await adminClient()).storage.from('attachments').list(user.id)
  expect(folders).toEqual([])
})

test('Free plan limits and bad files are explained before anything is written', async ({
  page,
}) => {
  const user = await createUser('freeimport')
  await insertDocument(user, { title: 'Existing' })
  await signIn(page, user)
  const markdown = (name: string, text: string) => ({
    name,
    mimeType: 'text/markdown',
    buffer: Buffer.from(text),
  })

  let dialog = await chooseImportFiles(page, [
    markdown('one.md', '# One'),
    markdown('two.md', '# Two'),
    markdown('three.md', '# Three'),
  ])
  await expect(dialog.getByRole('alert')).toContainText(
    'The Free plan holds 3 documents. You have 1, and these files would add 3. Choose at most 2, or go Pro for unlimited documents.',
  )
  // Never "ready" above a button that cannot be pressed: the button says why, in the same words.
  await expect(dialog).not.toContainText('Ready to import')
  await expect(dialog.getByText('Found 3 documents:')).toBeVisible()
  const refused = dialog.getByRole('button', { name: 'Import 3 documents' })
  await expect(refused).toBeDisabled()
  await expect(refused).toHaveAccessibleDescription(/The Free plan holds 3 documents/)
  await expect(dialog.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    '/pricing',
  )
  await dialog.getByRole('button', { name: 'Choose other files' }).click()

  const chooser = page.waitForEvent('filechooser')
  await dialog.getByText('Drop markdown files or a zip here').click()
  await (
    await chooser
  ).setFiles([
    markdown('fine.md', '# Fine'),
    { name: 'photo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ])
  await expect(dialog.getByRole('alert')).toContainText(
    '“photo.pdf” is not a markdown file (.md) or a zip of them.',
  )
  await expect(dialog.getByRole('button', { name: 'Import 1 document' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  expect((await documentsOf(user)).map((row) => row.title)).toEqual(['Existing'])

  dialog = await chooseImportFiles(page, [
    markdown('fine.md', '---\ntitle: From frontmatter\n---\nText'),
  ])
  await dialog.getByRole('button', { name: 'Import 1 document' }).click()
  await expect(page.getByText('Imported 1 document.')).toBeVisible()
  await expect(documentLink(page, 'From frontmatter')).toBeVisible()
})

test('files with nothing to import offer no Import button, and the reason stands clear of the buttons', async ({
  page,
}) => {
  const user = await createUser('import-nothing')
  await signIn(page, user)
  const dialog = await chooseImportFiles(page, [
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') },
  ])
  const problem = dialog.getByRole('alert')
  await expect(problem).toContainText('“notes.txt” is not a markdown file (.md) or a zip of them.')
  // "Import 0 documents", greyed out, was an action with nothing to act on.
  await expect(dialog.getByRole('button', { name: /^Import/ })).toHaveCount(0)
  const otherFiles = dialog.getByRole('button', { name: 'Choose other files' })
  await expect(otherFiles).toBeVisible()
  const [reason, buttons] = await Promise.all([problem.boundingBox(), otherFiles.boundingBox()])
  expect(buttons!.y - (reason!.y + reason!.height)).toBeGreaterThanOrEqual(12)
})

test('a hostile note is read, imported and opened without holding the tab', async ({ page }) => {
  // Runs a backtracking matcher retries from each character, in the frontmatter, the heading
  // and links that never close: before they were read in one pass, reading this file held the
  // tab for minutes. (A heading line this long still takes the editor a second or two to lay
  // out, as any line of 100,000 characters does.)
  const hostile = [
    `---\ntags: a${' '.repeat(150_000)}b\n---`,
    `# Plan${' \t'.repeat(50_000)}draft`,
    `Text ${']('.repeat(100_000)}`,
    `[${'['.repeat(100_000)}`,
  ].join('\n')
  const user = await createUser('hostileimport')
  await signIn(page, user)
  const dialog = await chooseImportFiles(page, [
    {
      name: 'hostile.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zipSync({ 'hostile.md': strToU8(hostile) })),
    },
  ])
  await expect(dialog.getByText('Ready to import 1 document:')).toBeVisible({ timeout: 5000 })
  await dialog.getByRole('button', { name: 'Import 1 document' }).click()
  await expect(page.getByText('Imported 1 document.')).toBeVisible()
  await documentLink(page, 'Plan draft').click()
  // Each save asks for the heading again: a keystroke is saved, and the title still follows.
  await editorReady(page)
  await appendText(page, '!')
  // Sending 600 KB back takes a busy machine a few seconds.
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'saved', { timeout: 15_000 })
  const [saved] = await documentsOf(user)
  expect(saved?.body.endsWith('[!')).toBe(true)
  expect(saved?.title).toBe('Plan draft')
})

test('Export all from the keyboard keeps the focus on its button', async ({ page }) => {
  const user = await createUser('export-keyboard')
  await insertDocument(user, { title: 'Kept', body: 'Text.' })
  await signIn(page, user)
  await expect(documentLink(page, 'Kept')).toBeVisible()
  const exportAll = page.getByRole('button', { name: 'Export all (.zip)' })
  await exportAll.focus()
  const downloading = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  expect((await downloading).suggestedFilename()).toMatch(/\.zip$/)
  await expect(exportAll).toBeFocused()
})

test('by keyboard, the import dialog takes focus, and Escape or Cancel hands it back to Import…', async ({
  page,
}) => {
  const user = await createUser('import-keyboard')
  await signIn(page, user)
  const importButton = page.getByRole('button', { name: 'Import…' })
  const dialog = page.getByRole('dialog', { name: 'Import documents' })
  for (const close of ['Escape', 'Cancel'] as const) {
    await importButton.focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByLabel('Choose markdown files or a zip to import')).toBeFocused()
    if (close === 'Escape') await page.keyboard.press('Escape')
    else {
      await dialog.getByRole('button', { name: 'Cancel' }).focus()
      await page.keyboard.press('Enter')
    }
    await expect(dialog).toHaveCount(0)
    // Not dropped to <body>, where the next Tab would start again from the top of the page.
    await expect(importButton).toBeFocused()
  }
})

test('Export all with no documents says there is nothing to export, and downloads nothing', async ({
  page,
}) => {
  const user = await createUser('export-empty')
  await signIn(page, user)
  await expect(page.getByText('Write your first note')).toBeVisible()
  let downloads = 0
  page.on('download', () => (downloads += 1))
  await page.getByRole('button', { name: 'Export all (.zip)' }).click()
  await expect(page.getByText('Nothing to export yet: write or import a note first.')).toBeVisible()
  expect(downloads).toBe(0)
})

/** The file the build made of one of our modules (Vite's manifest). */
async function builtFileOf(module: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join('dist', '.vite', 'manifest.json'), 'utf8'))
  expect(manifest[module], `${module} is a file of its own`).toBeDefined()
  return `/${manifest[module].file}`
}

test('the import dialog is fetched when Import… is used, not with the note, and works at once', async ({
  page,
}) => {
  const user = await createUser('import-on-use')
  const doc = await insertDocument(user, { title: 'First', body: '# First\n' })
  const scripts = requestedPaths(page, (pathname) => pathname.endsWith('.js'))
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  await expect(page.getByTestId('markdown-preview').getByText('First')).toBeVisible()
  const dialogFile = await builtFileOf('src/features/workspace/components/ImportDialog.tsx')
  expect(scripts).not.toContain(dialogFile)

  const dialog = await chooseImportFiles(page, [
    { name: 'second.md', mimeType: 'text/markdown', buffer: Buffer.from('# Second\n') },
  ])
  expect(scripts).toContain(dialogFile)
  await dialog.getByRole('button', { name: 'Import 1 document' }).click()
  await expect(page.getByText('Imported 1 document.')).toBeVisible()
  expect((await documentsOf(user)).map((row) => row.title).sort()).toEqual(['First', 'Second'])
})
