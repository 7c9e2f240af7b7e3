/**
 * Input-to-paint latency, measured in the page. For every keydown: from the event's own
 * timestamp (when the browser received the input, so time spent queued behind other work
 * counts) to the first moment after the next frame was produced. A requestAnimationFrame
 * callback runs just before the frame's style, layout and paint; a message posted from it is
 * delivered once that frame's work is done, which is as close to "the person sees the
 * character" as a page can observe. The Event Timing API reports the same span but rounded to
 * 8 ms and only from 16 ms up, too coarse for a 16 ms target; its entries are kept alongside
 * as a cross-check.
 */
export interface LatencyProbeResult {
  /** One figure per keystroke, in ms. */
  inputToPaint: number[]
  /**
   * Each keystroke's input-to-paint in two parts, in ms: until the next frame began (the key's
   * own handling, then the wait for the display's next frame, up to one frame interval, about
   * 16.7 ms at 60 Hz), and that frame's work until it was painted.
   */
  toFrame: number[]
  frame: number[]
  /** Event Timing durations of keydown and input events that reached 16 ms. */
  eventTiming: number[]
  /** Long tasks (≥ 50 ms) on the main thread while typing. */
  longTasks: number[]
}

declare global {
  interface Window {
    __folioLatency?: LatencyProbeResult
  }
}

/**
 * Runs in the page (page.evaluate): starts recording. Figures go to whatever
 * `window.__folioLatency` is when they arrive, so taking them starts a fresh record.
 */
export function installLatencyProbe(): void {
  const record = () =>
    (window.__folioLatency ??= {
      inputToPaint: [],
      toFrame: [],
      frame: [],
      eventTiming: [],
      longTasks: [],
    })
  record()
  window.addEventListener(
    'keydown',
    (event) => {
      const started = event.timeStamp
      requestAnimationFrame(() => {
        const frameStarted = performance.now()
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          const painted = performance.now()
          record().inputToPaint.push(painted - started)
          record().toFrame.push(frameStarted - started)
          record().frame.push(painted - frameStarted)
        }
        channel.port2.postMessage(null)
      })
    },
    { capture: true },
  )
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'keydown' || entry.name === 'input')
          record().eventTiming.push(entry.duration)
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit)
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record().longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  } catch {
    // Engines without these entry types: the rAF figures alone.
  }
}

/** Runs in the page: what was recorded since the last take. */
export function takeLatencyProbe(): LatencyProbeResult {
  const empty = (): LatencyProbeResult => ({
    inputToPaint: [],
    toFrame: [],
    frame: [],
    eventTiming: [],
    longTasks: [],
  })
  const taken = window.__folioLatency ?? empty()
  window.__folioLatency = empty()
  return taken
}

export function percentile(values: number[], share: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)
  return sorted[Math.max(0, index)] as number
}
