/**
 * Runs the browser build on preact/compat instead of React and react-dom. The prerender keeps
 * React (vite-react-ssg renders every page with react-dom/server), so the HTML is React's and
 * the browser hydrates it with Preact: react-dom's client alone was 41 KB gzip of every page's
 * first load, preact/compat is ≈ 10 KB (docs/decisions/0019).
 *
 * Only the production client build: the dev server and the unit tests run React, and so does
 * the server bundle.
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** React 18's root API on preact/compat, reporting what hydration changed. */
export const PREACT_DOM_CLIENT = fileURLToPath(
  new URL('../../src/app/runtime/reactDomClient.ts', import.meta.url),
)

/** What each React entry point becomes in the browser. */
export const PREACT_FOR_REACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': PREACT_DOM_CLIENT,
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}

export function preactClientPlugin(): Plugin {
  let building = false
  return {
    name: 'folio-preact-client',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build'
    },
    async resolveId(source, importer, options) {
      const replacement = PREACT_FOR_REACT[source]
      if (!building || replacement === undefined) return null
      const forServer = options.ssr || this.environment?.config.consumer === 'server'
      if (forServer) return null
      return this.resolve(replacement, importer, { ...options, skipSelf: true })
    },
  }
}
