import type { Page } from '@playwright/test'
import { latestEmail } from './backend.ts'
import { expect, waitForHydration } from './fixtures.ts'

/** Signs up with `email` on `page`, and returns the confirmation link the mailbox got. */
export async function signUpForLink(page: Page, email: string): Promise<string> {
  await page.goto('/login?mode=signup&redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password').fill('a-long-enough-password')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText(`we sent a confirmation link to ${email}`)).toBeVisible()
  return (await latestEmail(email, 'signup')).links[0] as string
}
