// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BOOT_ELEMENT_ID, bootScript } from '../../../scripts/build/deferHydration.ts'

type Entries = { getEntriesByName(name: string): unknown[] }
type PaintCallback = (list: Entries, observer: unknown) => void

/** The browser's paint entries, as the observer hands them over. */
const paints = (names: string[]): Entries => ({
  getEntriesByName: (name: string) => (names.includes(name) ? [{ name }] : []),
})

/** A PerformanceObserver that reports the first contentful paint as soon as it observes. */
class PaintedObserver {
  constructor(private readonly callback: PaintCallback) {}
  observe() {
    this.callback(paints(['first-paint', 'first-contentful-paint']), this)
  }
  disconnect() {}
}

/** A finished page's head and boot manifest, then the boot script run as the page runs it. */
function boot(
  headLinks: string,
  preload = ['/assets/Page.js'],
  observer: unknown = PaintedObserver,
): void {
  document.head.innerHTML = headLinks
  document.body.innerHTML = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${JSON.stringify({ entry: '/assets/app.js', preload })}</script>`
  vi.stubGlobal('PerformanceObserver', observer)
  new Function(bootScript)()
}

const entryScript = () => document.head.querySelector('script[type="module"]')

/** Lets the page's pending tasks run (the boot script's steps are one task each). */
async function nextTask(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0))
}

/** The boot script's tasks: the fonts', then (queued by it) each module's and the stylesheets'. */
async function afterBoot(): Promise<void> {
  for (let task = 0; task < 2; task += 1) await nextTask()
}

describe('the boot script', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('links the full stylesheets after the first paint and starts the entry once they loaded', async () => {
    boot(
      '<template data-stylesheet="/assets/app-abc.css" data-after-paint></template>' +
        '<template data-stylesheet="/assets/content-def.css"></template>',
    )
    await afterBoot()
    const [full, inlinedWhole] = [...document.head.querySelectorAll('link[rel="stylesheet"]')]
    expect(full?.getAttribute('href')).toBe('/assets/app-abc.css')
    expect(full?.hasAttribute('disabled')).toBe(false)
    // A stylesheet inlined whole becomes a disabled link: Vite's preload helper sees it, and it
    // is never fetched.
    expect(inlinedWhole?.getAttribute('href')).toBe('/assets/content-def.css')
    expect(inlinedWhole?.hasAttribute('disabled')).toBe(true)
    // In the markers' places, so the cascade keeps the order the page linked them in.
    expect(document.head.querySelector('template')).toBeNull()
    expect(document.head.querySelector('link[rel="modulepreload"]')).not.toBeNull()
    expect(entryScript()).toBeNull()
    full?.dispatchEvent(new Event('load'))
    expect(entryScript()?.getAttribute('src')).toBe('/assets/app.js')
  })

  it('starts the entry at once when every stylesheet was inlined whole, and after a failed one', async () => {
    boot('')
    await afterBoot()
    expect(entryScript()).not.toBeNull()
    boot('<template data-stylesheet="/assets/app-abc.css" data-after-paint></template>')
    await afterBoot()
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('error'))
    expect(entryScript()).not.toBeNull()
  })

  it('asks for each module and then the stylesheets in tasks of their own, not one long one', () => {
    // The page's timers, run one task at a time by the test.
    const tasks: (() => void)[] = []
    vi.stubGlobal('setTimeout', (work: () => void, delay: number) => {
      if (delay === 0) tasks.push(work)
      return 0
    })
    try {
      boot('<template data-stylesheet="/assets/app-abc.css" data-after-paint></template>', [
        '/assets/Page.js',
        '/assets/framework.js',
      ])
      const seen = () => [
        document.head.querySelectorAll('link[rel="modulepreload"]').length,
        document.head.querySelector('link[rel="stylesheet"]') !== null,
      ]
      tasks.shift()?.() // after the first paint: the fonts
      expect(seen()).toEqual([0, false])
      tasks.shift()?.()
      expect(seen()).toEqual([1, false])
      tasks.shift()?.()
      expect(seen()).toEqual([2, false])
      tasks.shift()?.()
      expect(seen()).toEqual([2, true])
      expect(tasks).toEqual([])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('waits for the first contentful paint, not a paint with nothing in it', async () => {
    let report: ((list: Entries) => void) | undefined
    let disconnected = false
    class WatchingObserver {
      constructor(callback: PaintCallback) {
        // As the browser does, the observer comes with the entries.
        report = (list) => callback(list, this)
      }
      observe(options: unknown) {
        // Buffered: a paint before the script ran still counts.
        expect(options).toEqual({ type: 'paint', buffered: true })
      }
      disconnect() {
        disconnected = true
      }
    }
    boot(
      '<template data-stylesheet="/assets/app-abc.css" data-after-paint></template>',
      ['/assets/Page.js'],
      WatchingObserver,
    )
    await afterBoot()
    const started = () => document.head.querySelector('link[rel="modulepreload"]') !== null
    expect(started()).toBe(false)
    // A paint of the background alone is not the one it waits for.
    report?.(paints(['first-paint']))
    await afterBoot()
    expect(started()).toBe(false)
    report?.(paints(['first-paint', 'first-contentful-paint']))
    await afterBoot()
    expect(started()).toBe(true)
    expect(disconnected).toBe(true)
    expect(document.head.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(
      '/assets/app-abc.css',
    )
  })

  it('starts after a second where no paint is reported, and after 300 ms in a background tab', () => {
    vi.useFakeTimers()
    const preloaded = () => document.head.querySelector('link[rel="modulepreload"]') !== null
    try {
      for (const [hidden, wait] of [
        [false, 1000],
        [true, 300],
      ] as const) {
        vi.spyOn(document, 'hidden', 'get').mockReturnValue(hidden)
        // No paint entries at all: the observer cannot even be made.
        boot('', ['/assets/Page.js'], null)
        vi.advanceTimersByTime(wait - 1)
        expect(preloaded()).toBe(false)
        vi.advanceTimersByTime(1)
        vi.runOnlyPendingTimers()
        expect(preloaded()).toBe(true)
      }
    } finally {
      vi.useRealTimers()
      vi.restoreAllMocks()
    }
  })
})
