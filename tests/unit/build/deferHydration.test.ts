import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  bootManifestOf,
  bootScript,
  bootScriptHash,
  deferHydration,
} from '../../../scripts/build/deferHydration.ts'
import { firstLoadScripts } from '../../../scripts/size/firstLoad.ts'

const page =
  '<html><head><link rel="modulepreload" crossorigin="" href="/assets/react.js">' +
  '<script type="module" async="" crossorigin="" src="/assets/app.js"></script>' +
  '<link rel="modulepreload" crossorigin="" href="/assets/Page.js"></head>' +
  '<body><div id="root"><h1>Hello</h1></div></body></html>'

describe('deferHydration', () => {
  it('takes the entry script and its preloads out of the parsed HTML', () => {
    const html = deferHydration(page)
    expect(html).not.toMatch(/<script type="module"/)
    expect(html).not.toMatch(/rel="modulepreload"/)
    expect(html).toContain('<div id="root"><h1>Hello</h1></div>')
    expect(bootManifestOf(html)).toEqual({
      entry: '/assets/app.js',
      preload: ['/assets/react.js', '/assets/Page.js'],
    })
  })

  it('adds the starter at the end of the body, where the manifest already exists', () => {
    const html = deferHydration(page)
    expect(html.endsWith(`<script>${bootScript}</script></body></html>`)).toBe(true)
    expect(html.indexOf('id="folio-boot"')).toBeLessThan(html.indexOf(`<script>${bootScript}`))
  })

  it('leaves a page without an entry script alone', () => {
    const plain = '<html><body><p>404</p></body></html>'
    expect(deferHydration(plain)).toBe(plain)
  })

  it('publishes the hash the CSP needs for the starter', () => {
    const digest = createHash('sha256').update(bootScript).digest('base64')
    expect(bootScriptHash).toBe(`sha256-${digest}`)
  })

  it('still counts deferred scripts as first-load JavaScript', () => {
    expect(firstLoadScripts(deferHydration(page)).sort()).toEqual([
      '/assets/Page.js',
      '/assets/app.js',
      '/assets/react.js',
    ])
  })
})
