import { describe, expect, it } from 'vitest'
import { decideScroll, findHashTarget } from '../../../src/app/scrollBehavior.ts'

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash })

describe('decideScroll', () => {
  it('scrolls to the top when the path changes', () => {
    expect(decideScroll(at('/a'), at('/b'), { isPop: false })).toEqual({ kind: 'top' })
  })

  it('scrolls to the element of a hash', () => {
    expect(decideScroll(at('/a'), at('/b', '', '#install'), { isPop: false })).toEqual({
      kind: 'element',
      id: 'install',
    })
    expect(decideScroll(at('/b'), at('/b', '', '#caf%C3%A9'), { isPop: false })).toEqual({
      kind: 'element',
      id: 'café',
    })
  })

  it('restores the saved position on back/forward', () => {
    expect(decideScroll(at('/a'), at('/b'), { isPop: true, savedTop: 420 })).toEqual({
      kind: 'restore',
      top: 420,
    })
  })

  it('leaves the reader in place for a query change on the same page', () => {
    expect(decideScroll(at('/blog'), at('/blog', '?tag=x'), { isPop: false })).toEqual({
      kind: 'none',
    })
  })
})

describe('findHashTarget', () => {
  const page = (ids: string[]) => ({
    getElementById: (id: string) => (ids.includes(id) ? ({ id } as unknown as HTMLElement) : null),
  })

  it('finds a heading of rendered markdown by the fragment its anchor links to', () => {
    expect(findHashTarget('install', page(['user-content-install']))?.id).toBe(
      'user-content-install',
    )
  })

  it("prefers the page's own element with exactly that id", () => {
    expect(findHashTarget('install', page(['install', 'user-content-install']))?.id).toBe('install')
  })

  it('finds nothing when neither exists', () => {
    expect(findHashTarget('nowhere', page([]))).toBeNull()
  })
})
