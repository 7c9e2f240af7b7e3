import { describe, expect, it } from 'vitest'
import { preloadLinkFor, withPreloadLinks } from '../../../scripts/build/preloadLinks.ts'

const page = (head: string, body = '<div id="root"><p>Body &amp; <b>markup</b></p></div>') =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">${head}</head><body>${body}</body></html>`

describe('withPreloadLinks', () => {
  it('links each file once, by its kind, at the end of the head, and leaves the body as it was', () => {
    const body = '<div id="root"><p>Body &amp; <b>markup</b><img src=x></p></div>'
    const html = withPreloadLinks(page('<link rel="stylesheet" href="/assets/app.css">', body), [
      '/assets/Post.js',
      '/assets/app.css',
      '/assets/Post.js',
      '/fonts/inter.woff2',
      '/x.png',
      '/data.json',
    ])
    expect(html).toBe(
      page(
        '<link rel="stylesheet" href="/assets/app.css">' +
          '<link rel="modulepreload" crossorigin="" href="/assets/Post.js">' +
          '<link rel="preload" as="font" type="font/woff2" href="/fonts/inter.woff2" crossorigin="">' +
          '<link rel="preload" as="image" href="/x.png" crossorigin="">',
        body,
      ),
    )
  })

  it('gives every kind of file its link, and none to what the browser need not fetch early', () => {
    expect(preloadLinkFor('/a.css')).toEqual({ rel: 'stylesheet', href: '/a.css', crossorigin: '' })
    expect(preloadLinkFor('/a.ttf')?.as).toBe('font')
    expect(preloadLinkFor('/a.woff')?.as).toBe('font')
    expect(preloadLinkFor('/a.svg')?.as).toBe('image')
    expect(preloadLinkFor('/a.map')).toBeUndefined()
  })

  it('refuses a page without a head to put them in', () => {
    expect(() => withPreloadLinks('<p>no head</p>', ['/a.js'])).toThrow(/<\/head>/)
  })
})
