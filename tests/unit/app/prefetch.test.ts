import { describe, expect, it } from 'vitest'
import { PREFETCH_DELAY_MS, internalPaths, shouldPrefetch } from '../../../src/app/prefetch.ts'

describe('shouldPrefetch', () => {
  it('prefetches unless the connection is slow-2g or saving data', () => {
    expect(PREFETCH_DELAY_MS).toBe(1000)
    expect(shouldPrefetch(undefined)).toBe(true)
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true)
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(true)
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false)
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false)
  })
})

describe('internalPaths', () => {
  it('keeps same-origin paths once, without query or hash', () => {
    const origin = 'https://folio.example'
    expect(
      internalPaths(
        [
          '/blog',
          '/blog?x=1',
          '/pricing#faq',
          'https://other.example/x',
          'mailto:a@b.c',
          `${origin}/about`,
        ],
        origin,
      ),
    ).toEqual(['/blog', '/pricing', '/about'])
  })
})
