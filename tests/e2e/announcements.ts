import type { Page } from '@playwright/test'

/**
 * From the next navigation on, the page keeps what its live regions would have a screen reader
 * say: the text of a region (role status, alert or log, or aria-live) each time it changes or
 * is put on the page with text, unless the region is switched off (aria-live="off"). Read with
 * `announcements`. Stricter than most screen readers, which skip some regions put on the page
 * already filled: what this records may be said, and what it does not record is not.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const said: string[] = []
    ;(window as unknown as { __announcements: string[] }).__announcements = said
    const ROLE_LIVENESS: Record<string, string> = {
      status: 'polite',
      log: 'polite',
      alert: 'assertive',
    }
    const liveness = (element: Element) =>
      element.getAttribute('aria-live') ?? ROLE_LIVENESS[element.getAttribute('role') ?? '']
    const regionOf = (node: Node | null): Element | null => {
      for (
        let at = node instanceof Element ? node : (node?.parentElement ?? null);
        at;
        at = at.parentElement
      )
        if (liveness(at)) return at
      return null
    }
    new MutationObserver((mutations) => {
      const changed = new Set<Element>()
      for (const mutation of mutations) {
        const region = regionOf(mutation.target)
        if (region) changed.add(region)
        for (const added of mutation.addedNodes) {
          if (!(added instanceof Element)) continue
          for (const inner of [added, ...added.querySelectorAll('*')])
            if (liveness(inner) && regionOf(inner) === inner) changed.add(inner)
        }
      }
      for (const region of changed) {
        const text = region.textContent?.trim() ?? ''
        if (region.isConnected && text && liveness(region) !== 'off') said.push(text)
      }
    }).observe(document, { childList: true, characterData: true, subtree: true })
  })
}

/** What the page's live regions have said since it loaded, in order. */
export function announcements(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __announcements: string[] }).__announcements)
}
