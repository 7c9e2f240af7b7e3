import { beforeEach, describe, expect, it, vi } from 'vitest'

type Turns = typeof import('../../../src/app/runtime/hydrationTurns.ts')
let turns: Turns

/** Settles when the last part has hydrated (subscribe before the first turn's task). */
function settled(): Promise<void> {
  return new Promise((resolve) => {
    const stop = turns.subscribeHydrationSettled(() => {
      stop()
      resolve()
    })
  })
}

beforeEach(async () => {
  // The module keeps the page's turns: a fresh copy for every test.
  vi.resetModules()
  turns = await import('../../../src/app/runtime/hydrationTurns.ts')
})

describe('hydration in turns', () => {
  it('gives no turn to a render that is not the first hydration', async () => {
    expect(turns.takeTurn()).toBeUndefined()
    expect(turns.hydrationSettled()).toBe(true)
  })

  it('hydrates each part after the page, in page order, its own parts right after it', async () => {
    const names = new Map<object, string>()
    const take = (name: string) => {
      const turn = turns.takeTurn()
      if (!turn) throw new Error(`no turn for ${name}`)
      names.set(turn, name)
      return turn
    }
    const hydrated: string[] = []
    let hydratedMeanwhile = true
    let settledWhileWaiting = true
    const settledCalls: boolean[] = []
    turns.subscribeHydrationSettled(() => settledCalls.push(turns.hydrationSettled()))
    turns.hydrateInTurns(
      () => {
        take('header')
        take('main')
        take('footer')
      },
      async (turn, collect) => {
        const name = names.get(turn) ?? '?'
        expect(turn.done).toBe(false)
        turn.begin()
        await turn.promise
        settledWhileWaiting &&= turns.hydrationSettled()
        collect(() => {
          hydrated.push(name)
          if (name === 'main') {
            take('first section')
            take('second section')
          }
        })
      },
    )
    const done = settled()
    // The first part waits for a task of its own, not just for the page's microtasks.
    await Promise.resolve()
    await Promise.resolve()
    hydratedMeanwhile = hydrated.length > 0
    await done
    expect(hydratedMeanwhile).toBe(false)
    // Hydration ends with the last part's (what `useIsHydrated` reads).
    expect(settledWhileWaiting).toBe(false)
    expect(settledCalls).toEqual([true])
    expect(hydrated).toEqual(['header', 'main', 'first section', 'second section', 'footer'])
    // Turns are handed out during hydration only.
    expect(turns.takeTurn()).toBeUndefined()
  })

  it('records the page and each part as a measure for the performance panel', async () => {
    const before = performance.getEntriesByType('measure').length
    turns.hydrateInTurns(
      () => void turns.takeTurn(),
      async (turn, collect) => {
        turn.begin()
        collect(() => {})
      },
    )
    await settled()
    const names = performance
      .getEntriesByType('measure')
      .slice(before)
      .map((entry) => entry.name)
    expect(names).toEqual(['hydrate page', 'hydrate part'])
  })
})
