import { describe, expect, it } from 'vitest'
import {
  externaliseInlineState,
  prerenderErrors,
  readInlineState,
  scriptSafeJson,
} from '../../../scripts/build/inlineState.ts'
import { addModulePreloads, frameworkChunkFiles } from '../../../scripts/build/frameworkPreloads.ts'

const hydration = {
  loaderData: { root: null, post: { title: '</script><script>alert(1)</script>' } },
}

function prerendered(): string {
  const literal = JSON.stringify(JSON.stringify(hydration))
  return `<html><head></head><body><div id="root"></div><script>window.__staticRouterHydrationData = JSON.parse(${literal});</script><script>window.__VITE_REACT_SSG_HASH__ = 'abc123'</script></body></html>`
}

describe('externaliseInlineState', () => {
  it('replaces both inline scripts with one JSON block holding the same data', () => {
    const html = externaliseInlineState(prerendered())
    expect(html).not.toMatch(/<script>window\./)
    const block = html.match(
      /<script type="application\/json" id="folio-ssg-state">(.*?)<\/script>/,
    )
    expect(block).not.toBeNull()
    expect(JSON.parse(block?.[1] ?? '')).toEqual({ hydration, hash: 'abc123' })
  })

  it('never lets data close the script element', () => {
    expect(scriptSafeJson({ x: '</script>' })).not.toContain('</script>')
    expect(externaliseInlineState(prerendered()).match(/<\/script>/g)).toHaveLength(1)
  })

  it('leaves pages without inline state alone', () => {
    expect(externaliseInlineState('<html></html>')).toBe('<html></html>')
  })
})

describe('prerenderErrors', () => {
  const page = (data: object) =>
    `<script>window.__staticRouterHydrationData = JSON.parse(${JSON.stringify(JSON.stringify(data))});</script>`

  it('names each route that failed, with what it threw', () => {
    // As vite-react-ssg wrote a page whose lazy module had gone from under it.
    const errors = {
      '0-0-2': { message: "Cannot find module '/x/server.js'", __type: 'Error' },
      '0-0-5': {
        status: 404,
        statusText: 'Not Found',
        internal: true,
        __type: 'RouteErrorResponse',
      },
    }
    expect(prerenderErrors(readInlineState(page({ loaderData: {}, errors })))).toEqual([
      "0-0-2: Cannot find module '/x/server.js'",
      '0-0-5: 404 Not Found',
    ])
  })

  it('finds none in a page whose routes all rendered, or without state', () => {
    expect(prerenderErrors(readInlineState(prerendered()))).toEqual([])
    expect(prerenderErrors(readInlineState(page({ loaderData: {}, errors: null })))).toEqual([])
    expect(prerenderErrors(readInlineState('<html></html>'))).toEqual([])
  })
})

describe('framework preloads', () => {
  const manifest = {
    'index.html': {
      file: 'assets/app.js',
      isEntry: true,
      dynamicImports: [
        'node_modules/react-dom/client.js',
        'node_modules/@supabase/supabase-js/dist/index.mjs',
        'src/pages/A.tsx',
      ],
    },
    'node_modules/react-dom/client.js': { file: 'assets/client.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/pages/A.tsx': { file: 'assets/A.js' },
    'node_modules/@supabase/supabase-js/dist/index.mjs': { file: 'assets/supabase.js' },
  }

  it('finds the entry’s framework chunks but not page or lazily loaded package chunks', () => {
    expect(frameworkChunkFiles(manifest)).toEqual(['assets/client.js', 'assets/shared.js'])
  })

  it('adds each preload once', () => {
    const html = '<head><link rel="modulepreload" href="/assets/shared.js"></head>'
    expect(addModulePreloads(html, ['assets/client.js', 'assets/shared.js'])).toBe(
      '<head><link rel="modulepreload" href="/assets/shared.js"><link rel="modulepreload" crossorigin="" href="/assets/client.js"></head>',
    )
  })
})
