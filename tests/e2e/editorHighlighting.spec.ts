/**
 * The editor colours what a note is made of: markdown, HTML written inside it (coloured by the
 * editor's own small tokenizer, src/features/workspace/editor/htmlInMarkdown.ts), and fenced
 * code in its own language, loaded when a fence first names it (an `html` fence gets the full
 * HTML language, with the script inside it coloured as JavaScript).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { createUser, signIn } from './backend.ts'
import {
  appendText,
  editorReady,
  insertDocument,
  openNewNote,
  requestedPaths,
} from './dashboardHelpers.ts'
import { expect, test } from './fixtures.ts'

/**
 * From now on: the packages in the site's scripts the page downloads (as the build's
 * chunk-packages.json lists them), and the warnings and errors its console prints.
 */
function watchScriptsAndWarnings(page: Page) {
  const scripts = requestedPaths(
    page,
    (path) => path.startsWith('/assets/') && path.endsWith('.js'),
  )
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
  })
  const packagesLoaded = async () => {
    const packages = await chunkPackages()
    return new Set(scripts.flatMap((script) => packages[script.slice(1)] ?? []))
  }
  return { packagesLoaded, warnings }
}

const NOTE = [
  '# Release notes',
  '',
  'Press <kbd class="key">Ctrl</kbd> to save.',
  '',
  '```html',
  '<script>let tabs = 2</script>',
  '```',
  '',
  '```ts',
  'const answer = 42',
  '```',
  '',
].join('\n')

/** The colour of every piece of the editor's text that is exactly `text`. */
function coloursOf(page: Page, text: string): Promise<string[]> {
  return page
    .locator('.cm-content')
    .evaluate(
      (content, wanted) =>
        [...content.querySelectorAll('span')]
          .filter((span) => span.textContent === wanted && span.childElementCount === 0)
          .map((span) => getComputedStyle(span).color),
      text,
    )
}

/** What a colour variable of the workspace (workspace.css) resolves to. */
function colourOf(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span')
    probe.style.color = `var(${name})`
    document.body.append(probe)
    const colour = getComputedStyle(probe).color
    probe.remove()
    return colour
  }, variable)
}

test('HTML in markdown, an html fence and a ts fence are each coloured in the editor', async ({
  page,
}) => {
  await openNewNote(page, 'editor-colours', { title: 'Release notes', body: NOTE })
  const tag = await colourOf(page, '--cm-mark')
  const attribute = await colourOf(page, '--cm-property')
  const keyword = await colourOf(page, '--cm-keyword')

  // Inside the paragraph: the tags and their attribute, not the text between them.
  await expect.poll(() => coloursOf(page, '<kbd')).toEqual([tag])
  expect(await coloursOf(page, 'class')).toEqual([attribute])
  expect(await coloursOf(page, '</kbd')).toEqual([tag])
  // The html fence's script and the ts fence: keywords, once their languages have loaded.
  await expect.poll(() => coloursOf(page, 'let')).toEqual([keyword])
  await expect.poll(() => coloursOf(page, 'const')).toEqual([keyword])
})

/** The npm packages in each chunk of the build under test (scripts/vite/chunkPackagesPlugin.ts). */
async function chunkPackages(): Promise<Record<string, string[]>> {
  return JSON.parse(await readFile(join('dist', '.vite', 'chunk-packages.json'), 'utf8'))
}

test('script and JSON fences are coloured without loading the Lezer JavaScript grammar', async ({
  page,
}) => {
  const note = [
    '# Client',
    '',
    '```ts',
    'interface Answer { value: number }',
    'const answer: Answer = { value: 42 }',
    '```',
    '',
    '```js',
    'export function twice(n) { return n * 2 }',
    '```',
    '',
    '```json',
    '{ "retries": 3 }',
    '```',
    '',
  ].join('\n')
  const user = await createUser('editor-script-fences')
  const doc = await insertDocument(user, { title: 'Client', body: note })
  const { packagesLoaded, warnings } = watchScriptsAndWarnings(page)
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  const keyword = await colourOf(page, '--cm-keyword')
  const number = await colourOf(page, '--cm-number')
  await expect.poll(() => coloursOf(page, 'interface')).toEqual([keyword])
  expect(await coloursOf(page, 'const')).toEqual([keyword])
  expect(await coloursOf(page, 'function')).toEqual([keyword])
  expect(await coloursOf(page, '3')).toEqual([number])
  // A quoted key is a property, as the JSON grammar had it, not a string: the stream mode
  // calls it "string property", and CodeMirror warned that it knew no tag "property".
  expect(await coloursOf(page, '"retries"')).toEqual([await colourOf(page, '--cm-property')])
  expect(warnings).toEqual([])

  const loaded = await packagesLoaded()
  expect(loaded).toContain('@codemirror/legacy-modes')
  for (const grammar of [
    '@codemirror/lang-javascript',
    '@lezer/javascript',
    '@codemirror/lang-json',
  ])
    expect(loaded).not.toContain(grammar)
})

test('a note of prose opens without the list of fence languages, and a fence typed into it is coloured', async ({
  page,
}) => {
  const user = await createUser('editor-fence-list')
  const doc = await insertDocument(user, { title: 'Prose', body: '# Prose\n\nNo code here.\n' })
  const { packagesLoaded, warnings } = watchScriptsAndWarnings(page)
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await editorReady(page)
  // Its first paint of the preview is the moment the note has opened in full.
  await expect(page.getByTestId('markdown-preview').getByText('No code here.')).toBeVisible()
  expect(await packagesLoaded()).not.toContain('@codemirror/language-data')

  // The first fence the person types: the list, then its language, and its keywords coloured.
  await appendText(page, '\n```ts\nconst late = 1\n```\n')
  const keyword = await colourOf(page, '--cm-keyword')
  await expect.poll(() => coloursOf(page, 'const')).toEqual([keyword])
  expect(await packagesLoaded()).toContain('@codemirror/language-data')
  expect(warnings).toEqual([])
})
