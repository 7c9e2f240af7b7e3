/**
 * Hydration's tasks as a Lighthouse run saw them: the page marks each with a `hydrate …`
 * measure (src/app/runtime/hydrationTurns.ts), which Lighthouse lists in its `user-timings`
 * audit with the durations it observed, before its 4× CPU slowdown is applied. The longest is
 * what can still block: over 12.5 ms here, it counts towards Total Blocking Time.
 */
import { HYDRATION_MEASURE_PREFIX } from '../../src/app/runtime/hydrationTurns.ts'

export interface UserTiming {
  name: string
  duration?: number
  timingType?: string
}

/** The longest hydration task in ms; NaN for a page that recorded none (the Astro peer's). */
export function longestHydrationMs(timings: readonly UserTiming[]): number {
  const durations = timings
    .filter(
      (timing) =>
        timing.timingType === 'Measure' && timing.name.startsWith(HYDRATION_MEASURE_PREFIX),
    )
    .map((timing) => timing.duration ?? 0)
  return durations.length ? Math.max(...durations) : Number.NaN
}
