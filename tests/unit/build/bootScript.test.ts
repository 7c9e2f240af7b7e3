// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { BOOT_ELEMENT_ID, bootScript } from '../../../scripts/build/deferHydration.ts'

/** A finished page's head and boot manifest, then the boot script run as the page runs it. */
function boot(headLinks: string, preload = ['/assets/Page.js']): void {
  document.head.innerHTML = headLinks
  document.body.innerHTML = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${JSON.stringify({ entry: '/assets/app.js', preload })}</script>`
  // The first frame has been painted: boot() runs at once.
  window.requestAnimationFrame = (callback) => {
    callback(0)
    return 0
  }
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
  it('enables the full stylesheets after the first paint and starts the entry once they loaded', async () => {
    boot(
      '<link rel="stylesheet" href="/assets/app-abc.css" disabled data-after-paint>' +
        '<link rel="stylesheet" href="/assets/content-def.css" disabled>',
    )
    await afterBoot()
    const [full, inlinedWhole] = [...document.head.querySelectorAll('link[rel="stylesheet"]')]
    expect(full?.hasAttribute('disabled')).toBe(false)
    // A stylesheet inlined whole stays a marker: never fetched.
    expect(inlinedWhole?.hasAttribute('disabled')).toBe(true)
    expect(document.head.querySelector('link[rel="modulepreload"]')).not.toBeNull()
    expect(entryScript()).toBeNull()
    full?.dispatchEvent(new Event('load'))
    expect(entryScript()?.getAttribute('src')).toBe('/assets/app.js')
  })

  it('starts the entry at once when every stylesheet was inlined whole, and after a failed one', async () => {
    boot('')
    await afterBoot()
    expect(entryScript()).not.toBeNull()
    boot('<link rel="stylesheet" href="/assets/app-abc.css" disabled data-after-paint>')
    await afterBoot()
    document.head.querySelector('link')?.dispatchEvent(new Event('error'))
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
      boot('<link rel="stylesheet" href="/assets/app-abc.css" disabled data-after-paint>', [
        '/assets/Page.js',
        '/assets/framework.js',
      ])
      const seen = () => [
        document.head.querySelectorAll('link[rel="modulepreload"]').length,
        !document.head.querySelector('link[rel="stylesheet"]')?.hasAttribute('disabled'),
      ]
      tasks.shift()?.() // after the first frame: the fonts
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
})
