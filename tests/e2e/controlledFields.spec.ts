/**
 * A field whose value the app controls shows only what the app accepted, as with React: the
 * browser runs Preact (docs/decisions/0019), which on its own leaves a refused keystroke on
 * screen until the next accepted one.
 */
import { expect, test, waitForHydration } from './fixtures.ts'
import { createTwoFactorUser } from './twoFactor.ts'

test('a letter typed into the two-factor code field does not appear; digits do', async ({
  page,
}) => {
  const user = await createTwoFactorUser('mfa-letters')
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const field = page.getByLabel('Authentication code')
  await expect(field).toBeFocused()

  await page.keyboard.type('12')
  await expect(field).toHaveValue('12')
  await page.keyboard.type('x')
  await expect(field).toHaveValue('12')
  // Still a letter refused on its own, with nothing accepted after it.
  await page.keyboard.type('-')
  await expect(field).toHaveValue('12')
  await page.keyboard.type('3')
  await expect(field).toHaveValue('123')
})
