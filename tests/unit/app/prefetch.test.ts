import { describe, expect, it } from 'vitest'
import {
  PREFETCH_DELAY_MS,
  internalPaths,
  schedulePrefetch,
  shouldPrefetch,
} from '../../../src/app/prefetch.ts'

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

describe('schedulePrefetch', () => {
  /** A window whose timers and idle callbacks run only when the test says so. */
  function fakeWindow(hrefs: string[], { idleCallbacks = true } = {}) {
    const timers: (() => void)[] = []
    const idle: (() => void)[] = []
    const win = {
      navigator: {},
      location: { origin: 'https://folio.example' },
      document: { querySelectorAll: () => hrefs.map((href) => ({ getAttribute: () => href })) },
      setTimeout: (work: () => void, delay: number) => {
        ;(delay === PREFETCH_DELAY_MS ? timers : idle).push(work)
        return timers.length
      },
      clearTimeout: () => timers.splice(0),
      ...(idleCallbacks ? { requestIdleCallback: (work: () => void) => idle.push(work) } : {}),
    }
    const runNext = () => idle.shift()?.()
    return { win: win as unknown as Parameters<typeof schedulePrefetch>[1], timers, idle, runNext }
  }

  it('after the delay, starts one linked page per idle task, so no task does them all', () => {
    const { win, timers, idle, runNext } = fakeWindow(['/blog', '/pricing', '/about'])
    const prefetched: string[] = []
    schedulePrefetch((path) => prefetched.push(path), win)
    expect(prefetched).toEqual([])
    timers.shift()?.()
    expect(prefetched).toEqual([])
    runNext()
    expect(prefetched).toEqual(['/blog'])
    runNext()
    expect(prefetched).toEqual(['/blog', '/pricing'])
    runNext()
    runNext()
    expect(prefetched).toEqual(['/blog', '/pricing', '/about'])
    expect(idle).toEqual([])
  })

  it('uses a zero timeout where there are no idle callbacks, and stops when cancelled', () => {
    const { win, timers, runNext } = fakeWindow(['/blog', '/pricing'], { idleCallbacks: false })
    const prefetched: string[] = []
    const cancel = schedulePrefetch((path) => prefetched.push(path), win)
    timers.shift()?.()
    runNext()
    expect(prefetched).toEqual(['/blog'])
    cancel()
    runNext()
    expect(prefetched).toEqual(['/blog'])
  })
})
