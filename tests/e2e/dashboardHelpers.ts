/**
 * Helpers for the dashboard's end-to-end tests: driving the CodeMirror editor, reading the
 * preview, and putting documents straight into the local backend.
 */
import { expect, type Browser, type Page } from '@playwright/test'
import { adminClient, createUser, signIn, type TestUser } from './backend.ts'

/** One user's other device: a fresh browser context signed in and opened at `path`. */
export async function device(browser: Browser, user: TestUser, path = '/dashboard'): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, user, path)
  return page
}

export function editor(page: Page) {
  return page.getByTestId('markdown-editor')
}

export function preview(page: Page) {
  return page.getByTestId('markdown-preview').locator('.prose')
}

export function saveStatus(page: Page) {
  return page.getByTestId('save-status')
}

/** Waits until CodeMirror has loaded for the open document. */
export async function editorReady(page: Page): Promise<void> {
  await expect(editor(page)).toHaveAttribute('data-ready', 'true')
}

/** The editor's whole text and its selected text, from CodeMirror's own state. */
async function editorState(page: Page): Promise<{ text: string; selected: string }> {
  return page.locator('.cm-content').evaluate((content) => {
    // What EditorView.findFromDOM reads: the content element's tile knows its view.
    type State = {
      doc: { toString(): string }
      selection: { main: { from: number; to: number } }
      sliceDoc(from: number, to: number): string
    }
    type Tile = { root?: { view?: { state: State } } }
    const state = (content as unknown as { cmTile?: Tile }).cmTile?.root?.view?.state
    if (!state) throw new Error('no CodeMirror view on .cm-content')
    const { from, to } = state.selection.main
    return { text: state.doc.toString(), selected: state.sliceDoc(from, to) }
  })
}

/** The editor's whole text, from CodeMirror's own state rather than the (virtualised) DOM. */
export async function editorText(page: Page): Promise<string> {
  return (await editorState(page)).text
}

/** The text the editor has selected. */
export async function selectedText(page: Page): Promise<string> {
  return (await editorState(page)).selected
}

/**
 * The paths of the requests the page and its workers make from now on whose path passes
 * `matches`, in order: to tell what a step made the page download.
 */
export function requestedPaths(page: Page, matches: (path: string) => boolean): string[] {
  const paths: string[] = []
  page.context().on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (matches(pathname)) paths.push(pathname)
  })
  return paths
}

/** Types at the end of the document, as one input (like a paste of plain text). */
export async function appendText(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.insertText(text)
}

export async function replaceText(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.insertText(text)
}

export async function expectSaved(page: Page): Promise<void> {
  await expect(saveStatus(page)).toHaveAttribute('data-status', 'saved')
}

export function documentLink(page: Page, title: string) {
  return page
    .getByRole('list', { name: /Documents/ })
    .getByRole('link', { name: new RegExp(`^${title}`) })
}

/** A document owned by `user`, written with the service role (as if made on another device). */
export async function insertDocument(
  user: TestUser,
  fields: { title: string; body?: string },
): Promise<{ id: string; version: number }> {
  const admin = await adminClient()
  const { data, error } = await admin
    .from('documents')
    .insert({ ...fields, user_id: user.id })
    .select('id, version')
    .single()
  if (error || !data) throw new Error(`insertDocument failed: ${error?.message}`)
  return data as { id: string; version: number }
}

/** A new user with one note, signed in with that note open and its editor loaded. */
export async function openNewNote(
  page: Page,
  userName: string,
  fields: { title: string; body?: string },
): Promise<{ user: TestUser; doc: { id: string; version: number } }> {
  const user = await createUser(userName)
  const doc = await insertDocument(user, fields)
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  return { user, doc }
}

export async function readDocument(
  id: string,
): Promise<{ title: string; body: string; version: number }> {
  const admin = await adminClient()
  const { data, error } = await admin
    .from('documents')
    .select('title, body, version')
    .eq('id', id)
    .single()
  if (error || !data) throw new Error(`readDocument failed: ${error?.message}`)
  return data as { title: string; body: string; version: number }
}

/** The open document's id, from the address. */
export function openDocumentId(page: Page): string {
  const id = new URL(page.url()).searchParams.get('doc')
  if (!id) throw new Error(`no document open at ${page.url()}`)
  return id
}

/** A 2×2 PNG, base64: the image the dashboard's tests add to notes. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg=='

/** Adds `name` (a PNG) to the open note as a person does: "Add image…", then the file chooser. */
export async function addImageFromButton(page: Page, name = 'whiteboard.png'): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Add image…' }).click()
  await (
    await chooser
  ).setFiles({ name, mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') })
}
