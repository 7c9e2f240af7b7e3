import { describe, expect, it } from 'vitest'
import { restoreStateWhenParsed } from '../../../src/app/ssgState.ts'

const state = { hydration: { loaderData: { root: null } }, hash: 'h42' }

function fakeDocument(readyState: DocumentReadyState, withBlock: boolean) {
  const listeners: (() => void)[] = []
  let parsed = withBlock
  return {
    readyState,
    getElementById: (id: string) =>
      parsed && id === 'folio-ssg-state'
        ? ({ textContent: JSON.stringify(state) } as HTMLElement)
        : null,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    finishParsing() {
      parsed = true
      for (const listener of listeners) listener()
    },
  }
}

describe('restoreStateWhenParsed', () => {
  it('restores at once while the document is still loading, if the block is parsed', () => {
    const target: Record<string, unknown> = {}
    restoreStateWhenParsed(fakeDocument('loading', true) as unknown as Document, target)
    expect(target).toEqual({
      __staticRouterHydrationData: state.hydration,
      __VITE_REACT_SSG_HASH__: 'h42',
    })
  })

  it('waits for DOMContentLoaded only when the block is not parsed yet', () => {
    const target: Record<string, unknown> = {}
    const doc = fakeDocument('loading', false)
    restoreStateWhenParsed(doc as unknown as Document, target)
    expect(target).toEqual({})
    doc.finishParsing()
    expect(target.__VITE_REACT_SSG_HASH__).toBe('h42')
  })

  it('leaves the window alone on a page without state (404.html)', () => {
    const target: Record<string, unknown> = {}
    restoreStateWhenParsed(fakeDocument('complete', false) as unknown as Document, target)
    expect(target).toEqual({})
  })
})
