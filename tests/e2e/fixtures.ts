import { test as base, expect, type Page } from '@playwright/test'

/** Collects console errors and uncaught exceptions so a test can assert a clean page. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Resolves once React has hydrated the page (the shell marks <html> in its first effect). */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** Marks the current document; a full page load loses the mark, a client navigation keeps it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __e2eMark?: boolean }).__e2eMark = true))
}

export async function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean((window as unknown as { __e2eMark?: boolean }).__e2eMark))
}

/**
 * Switches a loaded page to a colour scheme, as the operating system's setting would, and waits
 * until the page shows it (a page that forces light mode stays light). One page load then serves
 * the checks of both modes: in this VM a fresh page costs about a second of CPU before it loads.
 */
export async function switchColorScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme })
  const html = page.locator('html')
  const forced = await html.getAttribute('data-forced-color-mode')
  await expect(html).toHaveClass(new RegExp(`(^|\\s)${forced ?? colorScheme}(\\s|$)`))
}

export const test = base
export { expect }

/** A link of the site header's main navigation. */
export function headerLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('navigation').getByRole('link', { name, exact: true })
}
