import { describe, expect, it } from 'vitest'
import { qrCodeImageSource } from '../../../src/features/auth/qrCodeImageSource.ts'

const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h1"/></svg>'

/** What the browser will decode from the src: the markup, if the URL survived intact. */
function decodedMarkup(src: string): string {
  const [head, body = ''] = src.split(/,(.*)/s)
  expect(head).toBe('data:image/svg+xml;charset=utf-8')
  // A URL ends at its first unescaped '#': everything after it is a fragment, not image data.
  expect(body).not.toContain('#')
  return decodeURIComponent(body)
}

describe('qrCodeImageSource', () => {
  it('encodes the raw markup supabase-js pastes after data:image/svg+xml;utf-8,', () => {
    const src = qrCodeImageSource(`data:image/svg+xml;utf-8,${svg}`)
    expect(decodedMarkup(src)).toBe(svg)
  })

  it('encodes bare SVG markup (what GoTrue itself returns)', () => {
    expect(decodedMarkup(qrCodeImageSource(`<?xml version="1.0"?>\n${svg}`))).toBe(
      `<?xml version="1.0"?>\n${svg}`,
    )
  })

  it('leaves base64 and already-encoded data URLs alone', () => {
    const base64 = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
    expect(qrCodeImageSource(base64)).toBe(base64)
    const encoded = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
    expect(qrCodeImageSource(encoded)).toBe(encoded)
    expect(qrCodeImageSource('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    )
  })
})
