import { describe, expect, it } from 'vitest'
import { longestHydrationMs } from '../../../scripts/lighthouse/hydrationTimings.ts'

describe('longestHydrationMs', () => {
  it("is the longest of the page's hydration measures", () => {
    expect(
      longestHydrationMs([
        { name: 'hydrate page', duration: 9.5, timingType: 'Measure' },
        { name: 'hydrate main', duration: 12.25, timingType: 'Measure' },
        { name: 'hydrate footer', duration: 2, timingType: 'Measure' },
        { name: 'other', duration: 80, timingType: 'Measure' },
        { name: 'hydrate mark', timingType: 'Mark' },
      ]),
    ).toBe(12.25)
  })

  it('is not a number for a page that hydrates nothing', () => {
    expect(longestHydrationMs([])).toBeNaN()
    expect(longestHydrationMs([{ name: 'other', duration: 3, timingType: 'Measure' }])).toBeNaN()
  })
})
