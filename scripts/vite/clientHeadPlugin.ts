/**
 * Swaps react-helmet-async for src/app/head/clientHelmet.tsx in the browser bundle. The
 * prerender keeps the real library (vite-react-ssg reads every page's head from it); the
 * browser only needs to keep <head> in step on client-side navigation, and the library with
 * its dependencies is ≈ 6 KB gzip on every public page (docs/decisions/0008).
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const CLIENT_HELMET = fileURLToPath(new URL('../../src/app/head/clientHelmet.tsx', import.meta.url))

export function clientHeadPlugin(): Plugin {
  return {
    name: 'folio-client-head',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      if (source !== 'react-helmet-async') return null
      const forServer = options.ssr || this.environment?.config.consumer === 'server'
      return forServer ? null : CLIENT_HELMET
    },
  }
}
