// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { BOOT_ELEMENT_ID, bootScript } from '../../../scripts/build/deferHydration.ts'

/** A finished page's head and boot manifest, then the boot script run as the page runs it. */
function boot(headLinks: string): void {
  document.head.innerHTML = headLinks
  document.body.innerHTML = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${JSON.stringify({ entry: '/assets/app.js', preload: ['/assets/Page.js'] })}</script>`
  // The first frame has been painted: boot() runs at once.
  window.requestAnimationFrame = (callback) => {
    callback(0)
    return 0
  }
  new Function(bootScript)()
}

const entryScript = () => document.head.querySelector('script[type="module"]')

describe('the boot script', () => {
  it('enables the full stylesheets after the first paint and starts the entry once they loaded', async () => {
    boot(
      '<link rel="stylesheet" href="/assets/app-abc.css" disabled data-after-paint>' +
        '<link rel="stylesheet" href="/assets/content-def.css" disabled>',
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
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
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(entryScript()).not.toBeNull()
    boot('<link rel="stylesheet" href="/assets/app-abc.css" disabled data-after-paint>')
    await new Promise((resolve) => setTimeout(resolve, 0))
    document.head.querySelector('link')?.dispatchEvent(new Event('error'))
    expect(entryScript()).not.toBeNull()
  })
})
