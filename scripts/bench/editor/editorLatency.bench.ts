/**
 * The editor bench (`npm run bench:editor`), run by Playwright against the built site and the
 * local backend: for a 10 KB, a 100 KB and a 1 MB note, types into the middle of the text at
 * a person's uneven pace (pauses long enough for the preview to come back in between) and
 * prints input-to-paint latency per keystroke, p50/p95/max, and how long after the last key
 * the preview shows what was typed; and the JavaScript (gzip) the
 * browser loaded to open each note (they have TypeScript and Bash fences), and a note without
 * code. Figures, not assertions: this never runs in `npm test`.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { createUser, signIn } from '../../../tests/e2e/backend.ts'
import { editorReady, insertDocument } from '../../../tests/e2e/dashboardHelpers.ts'
import { benchDocument } from './benchDocument.ts'
import {
  installLatencyProbe,
  percentile,
  takeLatencyProbe,
  type LatencyProbeResult,
} from './latencyProbe.ts'

const SIZES = (process.env.BENCH_EDITOR_SIZES ?? '10000,100000,998000').split(',').map(Number)
const KEYSTROKES = Number(process.env.BENCH_EDITOR_KEYSTROKES ?? 120)
/** Milliseconds between keys: mostly a fast typist, with the pauses people make. */
const PACE = [45, 60, 80, 45, 120, 55, 300, 70, 50, 90, 45, 600]
const TYPED = 'the quick brown fox jumps over the lazy dog, twice. '
const DIST = path.resolve('dist')
const SITE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4400}`

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

/** Puts the cursor in the middle of the text, scrolled into view, through CodeMirror itself. */
async function cursorToMiddle(page: Page): Promise<void> {
  await page.locator('.cm-content').click()
  await page.locator('.cm-content').evaluate((content) => {
    type View = {
      state: { doc: { length: number } }
      dispatch(spec: object): void
      focus(): void
    }
    const view = (content as unknown as { cmTile?: { root?: { view?: View } } }).cmTile?.root?.view
    if (!view) throw new Error('no CodeMirror view on .cm-content')
    const middle = Math.floor(view.state.doc.length / 2)
    view.dispatch({ selection: { anchor: middle }, scrollIntoView: true })
    view.focus()
  })
}

async function typeAtPace(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press(
      TYPED[i % TYPED.length] === ' ' ? 'Space' : (TYPED[i % TYPED.length] as string),
    )
    await page.waitForTimeout(PACE[i % PACE.length] as number)
  }
}

/**
 * Types a word at the same pace and returns how long after its last key the preview showed it:
 * the pause the editor waits for, the render in the worker and the patch on the page.
 */
async function previewCatchUp(page: Page): Promise<number> {
  const word = 'previewcatchup'
  const shown = page.evaluate(
    (word) =>
      new Promise<number>((resolve) => {
        let lastKey = 0
        addEventListener('keydown', () => (lastKey = performance.now()), { capture: true })
        const preview = document.querySelector('[data-testid="markdown-preview"]') as Element
        new MutationObserver((_, observer) => {
          if (!preview.textContent?.includes(word)) return
          observer.disconnect()
          resolve(performance.now() - lastKey)
        }).observe(preview, { childList: true, subtree: true, characterData: true })
      }),
    word,
  )
  await page.keyboard.type(word, { delay: PACE[0] })
  return shown
}

/** Gzip size of a file the site serves, by its URL path. */
async function gzipBytesOf(pathname: string): Promise<number> {
  const file = path.join(DIST, decodeURIComponent(pathname))
  return gzipSync(await readFile(file), { level: 9 }).length
}

/** The functions the main thread spent most time in (self time), for BENCH_EDITOR_PROFILE=1. */
function printHotFunctions(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  samples?: number[]
  timeDeltas?: number[]
}): void {
  const self = new Map<number, number>()
  profile.samples?.forEach((id, index) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[index] ?? 0)),
  )
  const byName = new Map<string, number>()
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0) / 1000)
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)
  for (const [name, ms] of top) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`)
}

const rows: string[] = []
const partRows: string[] = []
const byPauseRows: string[] = []

/**
 * Each keystroke's latency by the pause that came before it. The editor hands its text over to
 * the session and the preview once typing pauses (textHandover.ts), so a key that lands just as
 * that work runs shows here under its pause.
 */
function byPause(figures: number[]): string[] {
  const groups = new Map<number, number[]>()
  // The first key of the run follows the second the bench waits after the warm-up.
  figures.forEach((ms, index) => {
    const pause = index === 0 ? 1_000 : (PACE[(index - 1) % PACE.length] as number)
    groups.set(pause, [...(groups.get(pause) ?? []), ms])
  })
  return [...groups]
    .sort(([a], [b]) => a - b)
    .map(
      ([pause, values]) =>
        `${pause} ms: p50 ${percentile(values, 0.5).toFixed(1)}, max ${Math.max(...values).toFixed(1)} (${values.length} keys)`,
    )
}

test.afterAll(() => {
  console.log(`\nEditor input-to-paint latency (${KEYSTROKES} keystrokes per size)\n`)
  console.log(
    '| document | p50 | p95 | max | Event Timing ≥ 16 ms | long tasks | main-thread CPU per key | preview after the last key |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const row of rows) console.log(row)
  console.log(
    '\nEach key in two parts: until the next frame began (its handling, then the wait for the display, up to one frame interval: 16.7 ms at 60 Hz), and that frame until it was painted.\n',
  )
  for (const row of partRows) console.log(row)
  for (const row of byPauseRows) console.log(row)
})

/**
 * Opens the note as a signed-in person following a link to it, and returns how long until its
 * preview was rendered and what JavaScript (gzip) the page and its workers fetched for it.
 */
async function openNote(
  page: Page,
  user: Awaited<ReturnType<typeof createUser>>,
  body: string,
): Promise<{ openMs: number; jsBytes: number; scripts: Set<string> }> {
  const doc = await insertDocument(user, { title: 'Editor bench', body })
  // Every script the page and its worker fetch; prefetches of other pages are not the open.
  const scripts = new Set<string>()
  page.context().on('request', (request) => {
    const url = new URL(request.url())
    if (url.port !== String(new URL(SITE).port) || !/\.m?js$/.test(url.pathname)) return
    if (request.resourceType() === 'script' || request.resourceType() === 'other')
      if (!(request.headers()['purpose'] === 'prefetch')) scripts.add(url.pathname)
  })
  // The site prefetches linked pages a second after load; that is not the note's cost, so
  // this browser asks it not to (Save-Data), as src/app/prefetch.ts allows.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) }),
  )
  await signIn(page, user, `/dashboard?doc=${doc.id}`)
  await page.reload() // the open, alone: a signed-in person following a link to the note
  scripts.clear()
  const opened = performance.now()
  await page.reload()
  await editorReady(page)
  await expect(page.getByTestId('markdown-preview')).toHaveAttribute('data-rendered', 'true', {
    timeout: 120_000,
  })
  const openMs = performance.now() - opened
  await page.waitForTimeout(1_000) // languages the editor loads after its first parse
  let jsBytes = 0
  for (const script of scripts) jsBytes += await gzipBytesOf(script)
  return { openMs, jsBytes, scripts }
}

async function listScripts(scripts: Set<string>): Promise<void> {
  if (!process.env.BENCH_EDITOR_LIST_SCRIPTS) return
  const sized = await Promise.all([...scripts].map(async (s) => [s, await gzipBytesOf(s)] as const))
  for (const [script, size] of sized.sort((a, b) => b[1] - a[1]))
    console.log(`  ${kb(size)}  ${script}`)
}

test('opening a 10 KB note without code', async ({ page }) => {
  const user = await createUser('bench-editor-prose')
  // The bench's note with its fenced blocks left out: prose, lists and a table.
  const prose = benchDocument(12_000)
    .split(/^```.*\n?/m)
    .filter((_, index) => index % 2 === 0)
    .join('')
  const { openMs, jsBytes, scripts } = await openNote(page, user, prose)
  console.log(
    `${kb(prose.length)} note without code: opened in ${(openMs / 1000).toFixed(1)} s, JavaScript ${kb(jsBytes)} gzip in ${scripts.size} files`,
  )
  await listScripts(scripts)
})

for (const bytes of SIZES) {
  test(`typing into a ${kb(bytes)} note`, async ({ page }) => {
    test.setTimeout(600_000) // a 1 MB note on a shared machine
    const user = await createUser(`bench-editor-${bytes}`)

    const { openMs, jsBytes, scripts } = await openNote(page, user, benchDocument(bytes))

    await cursorToMiddle(page)
    await page.evaluate(installLatencyProbe)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    const threadTime = async () =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')
        ?.value ?? 0) * 1000
    await typeAtPace(page, 12) // warm-up: first keystrokes compile code paths
    await page.waitForTimeout(1_000)
    await page.evaluate(takeLatencyProbe)
    const metrics = async () =>
      Object.fromEntries(
        (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
      )
    const metricsBefore = await metrics()
    const cpuBefore = await threadTime()
    if (process.env.BENCH_EDITOR_PROFILE) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.start')
    }
    await typeAtPace(page, KEYSTROKES)
    await page.waitForTimeout(1_000)
    const cpuPerKey = ((await threadTime()) - cpuBefore) / KEYSTROKES
    if (process.env.BENCH_EDITOR_PROFILE) {
      const after = await metrics()
      for (const name of Object.keys(after).filter((n) => /Duration|Count|ThreadTime/.test(n)))
        console.log(
          `  ${name}: ${(((after[name] ?? 0) - (metricsBefore[name] ?? 0)) / KEYSTROKES) * (/Count/.test(name) ? 1 : 1000)} per key`,
        )
    }
    if (process.env.BENCH_EDITOR_PROFILE)
      printHotFunctions((await cdp.send('Profiler.stop')).profile)
    const result: LatencyProbeResult = await page.evaluate(takeLatencyProbe)
    const catchUpMs = await previewCatchUp(page)

    const figures = result.inputToPaint
    const ms = (value: number) => `${value.toFixed(1)} ms`
    const parts = (values: number[]) =>
      `p50 ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}, max ${ms(Math.max(...values))}`
    partRows.push(
      `${kb(bytes)}: to the next frame ${parts(result.toFrame)}; the frame ${parts(result.frame)}`,
    )
    byPauseRows.push(
      `\n${kb(bytes)}, input-to-paint by the pause before the key:`,
      ...byPause(figures),
    )
    rows.push(
      `| ${kb(bytes)} | ${ms(percentile(figures, 0.5))} | ${ms(percentile(figures, 0.95))} | ${ms(Math.max(...figures))} | ${result.eventTiming.length} (max ${result.eventTiming.length ? Math.max(...result.eventTiming) : 0} ms) | ${result.longTasks.length} (${Math.round(result.longTasks.reduce((a, b) => a + b, 0))} ms) | ${ms(cpuPerKey)} | ${ms(catchUpMs)} |`,
    )
    console.log(
      `${kb(bytes)}: opened in ${(openMs / 1000).toFixed(1)} s, JavaScript ${kb(jsBytes)} gzip in ${scripts.size} files`,
    )
    await listScripts(scripts)
    expect(figures.length).toBeGreaterThan(KEYSTROKES / 2)
  })
}
