import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { switchColorScheme } from './fixtures.ts'

/**
 * Axe's findings on the page as it stands (WCAG 2.1 A and AA, and best practice), one line per
 * rule with the elements it failed on.
 *
 * Legacy mode runs axe in the page itself. The default runs it per frame and then merges the
 * results in a blank page it opens for each check: a new renderer, about 1.5 s of this
 * machine's time, where the check itself takes 0.2–0.4 s. The pages checked here have no
 * frames from another origin, which is all the default would add.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode()
    .analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

/** Axe's findings in light mode and then, switched in place, in dark mode. */
export async function axeViolationsInBothModes(
  page: Page,
): Promise<Record<'light' | 'dark', string[]>> {
  await switchColorScheme(page, 'light')
  const light = await axeViolations(page)
  await switchColorScheme(page, 'dark')
  return { light, dark: await axeViolations(page) }
}

/** What a page with no findings in either mode gives. */
export const NO_VIOLATIONS = { light: [], dark: [] }
