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

export const test = base
export { expect }

/** A link of the site header's main navigation. */
export function headerLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('navigation').getByRole('link', { name, exact: true })
}
