import type { Page } from '@playwright/test'

/**
 * A layout shift the page had, and what moved: each element's name, the start of its text and
 * the landmark it is in (HEADER, ASIDE, MAIN, FOOTER; '' for none).
 */
export interface LayoutShift {
  value: number
  moved: { node: string; text: string; landmark: string }[]
}

/** From the next navigation on, the page keeps every layout shift for `layoutShifts`. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = []
    ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        sources: { node?: Node }[]
      })[]) {
        const moved = entry.sources.map(({ node }) => ({
          node: node?.nodeName ?? '?',
          text: (node?.textContent ?? '?').trim().slice(0, 40),
          landmark:
            (node instanceof Element ? node : node?.parentElement)?.closest(
              'header, aside, main, footer',
            )?.nodeName ?? '',
        }))
        shifts.push({ value: entry.value, moved })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: LayoutShift[] }).__shifts)
}
