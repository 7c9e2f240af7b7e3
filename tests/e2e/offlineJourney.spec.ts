/**
 * The journey a newcomer takes after `npm start`, with nothing from the internet: the build
 * loads the Stripe stand-in's Stripe.js and portal by configuration (VITE_STRIPE_STAND_IN_URL),
 * so no request to Stripe is routed or faked here; any attempt to reach a *.stripe.com host
 * fails the test.
 */
import type { Page } from '@playwright/test'
import { BACKEND_URL, createUser, signIn, uniqueEmail } from './backend.ts'
import { STAND_IN_URL, payWithCard } from './billingFixtures.ts'
import { expect, headerLink, test, trackErrors, waitForHydration } from './fixtures.ts'

function recordStripeHosts(page: Page): string[] {
  const reached: string[] = []
  page.on('request', (request) => {
    if (/^https:\/\/[^/]*stripe\.com\//.test(request.url())) reached.push(request.url())
  })
  return reached
}

test('landing → sign-up through the mailbox → checkout with 4242 → Pro → portal → cancel', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const errors = trackErrors(page)
  const stripeHosts = recordStripeHosts(page)
  const email = uniqueEmail('journey')

  await page.goto('/')
  await waitForHydration(page)
  await headerLink(page, 'Pricing').click()
  await expect(page).toHaveURL(/\/pricing\/?$/)
  await page.getByRole('link', { name: 'Go Pro monthly' }).click()
  await expect(page).toHaveURL(/\/login\/?\?redirect=/)
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Create account' }).click()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password').fill('a-long-enough-password')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText(`we sent a confirmation link to ${email}`)).toBeVisible()

  // The mailbox is a page: find the newest message for this address and follow its link.
  await page.goto(`${BACKEND_URL}/__mailbox?email=${encodeURIComponent(email)}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Mail for ${email}`)
  const message = page.getByRole('article').first()
  await message
    .getByRole('link', { name: /\/auth\/v1\/verify/ })
    .first()
    .click()

  await expect(page).toHaveURL(/\/subscribe\/stripe\/?\?plan=pro&interval=month$/)
  const checkout = page.getByRole('region', { name: 'Stripe checkout (test stand-in)' })
  // The first signed-in page loads supabase-js, asks for a session and loads Stripe.js: give
  // a busy machine time.
  await expect(checkout.getByText('Pro: 8.00 USD every month')).toBeVisible({ timeout: 20_000 })
  await payWithCard(checkout, '4242 4242 4242 4242')

  const confirmed = page.getByTestId('subscription-confirmed')
  await expect(confirmed.getByRole('heading', { name: 'You are on Folio Pro' })).toBeVisible({
    timeout: 20_000,
  })
  await confirmed.getByRole('link', { name: 'Open your dashboard' }).click()
  await expect(page.getByTestId('plan-notice')).toHaveText('Pro plan · unlimited documents')
  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page.getByTestId('account-plan')).toContainText('Pro · renews on')

  await page.getByRole('link', { name: 'Manage billing, invoices and your card' }).click()
  await expect(page).toHaveURL(new RegExp(`^${STAND_IN_URL}/p/session/bps_`))
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await page.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(page.getByRole('status')).toContainText('Your subscription is cancelled')
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Folio' }).click()

  await expect(page).toHaveURL(/\/dashboard\/?$/)
  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page.getByTestId('account-plan')).toContainText('Pro · ends on')
  expect(stripeHosts).toEqual([])
  expect(errors).toEqual([])
})

test('a declined card says so and can be replaced; 3-D Secure can fail and then pass', async ({
  page,
}) => {
  const stripeHosts = recordStripeHosts(page)
  const user = await createUser('declined')
  await signIn(page, user, '/subscribe/stripe?plan=pro&interval=year')
  const checkout = page.getByRole('region', { name: 'Stripe checkout (test stand-in)' })
  await expect(checkout.getByText('Pro: 80.00 USD every year')).toBeVisible()

  await payWithCard(checkout, '4000 0000 0000 0002')
  await expect(checkout.getByRole('alert')).toHaveText('Your card was declined.')
  await expect(page).toHaveURL(/\/subscribe\/stripe/)

  await payWithCard(checkout, '4000 0025 0000 3155')
  const bank = checkout.getByRole('dialog', { name: 'Confirm the payment with your bank (test)' })
  await bank.getByRole('button', { name: 'Fail authentication' }).click()
  await expect(checkout.getByRole('alert')).toContainText(
    'We are unable to authenticate your payment method.',
  )
  await checkout.getByRole('button', { name: 'Pay and subscribe' }).click()
  await bank.getByRole('button', { name: 'Complete authentication' }).click()
  await expect(page.getByTestId('subscription-confirmed')).toContainText('Folio Pro', {
    timeout: 20_000,
  })
  expect(stripeHosts).toEqual([])
})
