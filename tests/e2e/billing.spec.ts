import {
  adminClient,
  createUser,
  signIn,
  uniqueEmail,
  visitorClient,
  type TestUser,
} from './backend.ts'
import {
  STAND_IN_URL,
  blockStripeJs,
  payWithCard,
  routeStripeJs,
  routeStripeServices,
  unblockStripeJs,
} from './billingFixtures.ts'
import type { Locator } from '@playwright/test'
import { expect, test, trackErrors, waitForHydration } from './fixtures.ts'

/** supabase-js as the user, from Node: what the database lets them do. */
async function userClient(user: TestUser) {
  const supabase = await visitorClient()
  const { error } = await supabase.auth.signInWithPassword(user)
  if (error) throw error
  return supabase
}

/**
 * How a block's children are spaced, in whole pixels: from its top edge to the first child,
 * from the last child to its bottom edge, and between each child and the next.
 */
async function spacingOf(block: Locator): Promise<{ top: number; bottom: number; gaps: number[] }> {
  return block.evaluate((element) => {
    const outer = element.getBoundingClientRect()
    const inner = [...element.children].map((child) => child.getBoundingClientRect())
    return {
      top: Math.round((inner[0] as DOMRect).top - outer.top),
      bottom: Math.round(outer.bottom - (inner.at(-1) as DOMRect).bottom),
      gaps: inner
        .slice(1)
        .map((box, index) => Math.round(box.top - (inner[index] as DOMRect).bottom)),
    }
  })
}

test('pricing → sign in → embedded checkout → webhook → Pro, documents unlimited → portal', async ({
  page,
}) => {
  // The whole purchase and the portal: 18-21 s on a loaded 2-core machine, near the 30 s limit.
  test.slow()
  const errors = trackErrors(page)
  await routeStripeJs(page)
  await routeStripeServices(page)
  const user = await createUser('buyer')

  await page.goto('/pricing')
  await waitForHydration(page)
  await expect(page.getByText('$8 per month')).toBeVisible()
  await page.locator('label', { hasText: 'Yearly' }).click()
  await expect(page.getByText('$80 per year')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go Pro monthly' })).toBeHidden()
  await expect(page.getByRole('radio', { name: /Yearly/ })).toBeChecked()
  await page.locator('label', { hasText: 'Monthly' }).click()
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked()
  await page.getByRole('link', { name: 'Go Pro monthly' }).click()

  // A visitor signs in first and comes back to the same checkout.
  await expect(page).toHaveURL(
    /\/login\/?\?redirect=%2Fsubscribe%2Fstripe%3Fplan%3Dpro%26interval%3Dmonth$/,
  )
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/subscribe\/stripe\/?\?plan=pro&interval=month$/)

  const checkout = page.getByRole('region', { name: 'Stripe checkout (test stand-in)' })
  await expect(checkout.getByText('Pro: 8.00 USD every month')).toBeVisible()
  await payWithCard(checkout, '4242 4242 4242 4242')

  // Back from Stripe before the webhook arrived: the page waits, visibly, then confirms.
  await expect(page).toHaveURL(/\/subscribe\/success\/?\?session_id=cs_test_/)
  await expect(page.getByText('Waiting for Stripe to confirm your subscription')).toBeVisible()
  // The waiting lines keep the page's rhythm: one gap between them, no paragraph margins on top.
  expect((await spacingOf(page.getByRole('status').filter({ hasText: 'Waiting' }))).gaps).toEqual([
    12, 12,
  ])
  const confirmed = page.getByTestId('subscription-confirmed')
  await expect(confirmed.getByRole('heading', { name: 'You are on Folio Pro' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(confirmed).toContainText('Plan: Pro, $8 per month.')
  // Spelt as the account page and the blog spell a day.
  await expect(confirmed).toContainText(/Renews on [A-Z][a-z]+ \d{1,2}, \d{4}\./)
  // The card's lines are evenly spaced, with as much room above the heading as under the button.
  const card = await spacingOf(confirmed)
  expect(card.gaps).toEqual([12, 12, 12])
  expect(Math.abs(card.top - card.bottom)).toBeLessThanOrEqual(2)

  // The database now treats the user as Pro: a 4th document is allowed.
  const supabase = await userClient(user)
  expect((await supabase.rpc('current_plan')).data).toBe('pro')
  for (const title of ['One', 'Two', 'Three', 'Four']) {
    const { error } = await supabase.from('documents').insert({ title })
    expect(error).toBeNull()
  }

  await confirmed.getByRole('link', { name: 'Open your dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard\/?$/)
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${user.email}`)
  // The dashboard knows: Pro beside the list, the four documents, no Free-limit notice…
  await expect(page.getByTestId('plan-notice')).toHaveText('Pro plan · unlimited documents')
  for (const title of ['One', 'Two', 'Three', 'Four'])
    await expect(page.getByRole('link', { name: new RegExp(`^${title} Edited`) })).toBeVisible()
  await expect(page.getByText(/of 3 documents/)).toHaveCount(0)
  // …and so does the account page.
  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page.getByTestId('account-plan')).toContainText('Pro')

  await page.goto('/stripe')
  await expect(page).toHaveURL(new RegExp(`^${STAND_IN_URL}/p/session/bps_`))
  await expect(page.getByRole('heading', { name: /Billing portal/ })).toBeVisible()

  // Subscribed already: a second checkout sends the user to the portal instead of charging twice.
  await page.goto('/subscribe/stripe?plan=pro&interval=year')
  await expect(page).toHaveURL(new RegExp(`^${STAND_IN_URL}/p/session/bps_`))
  expect(errors).toEqual([])
})

test('a subscriber to another product is offered Pro, not sent to the portal', async ({ page }) => {
  await routeStripeJs(page)
  await routeStripeServices(page)
  const user = await createUser('other-product')
  // Another product sold from the same Stripe account, as the webhook would have synced it.
  const admin = await adminClient()
  const suffix = user.id.slice(0, 8)
  await admin.from('products').insert({ id: `prod_e2e_${suffix}`, name: 'Sticker club' })
  await admin.from('prices').insert({
    id: `price_e2e_${suffix}`,
    product_id: `prod_e2e_${suffix}`,
    active: true,
    type: 'recurring',
    interval: 'month',
    unit_amount: 500,
    currency: 'usd',
  })
  const { error } = await admin.from('subscriptions').insert({
    id: `sub_e2e_other_${suffix}`,
    user_id: user.id,
    status: 'active',
    price_id: `price_e2e_${suffix}`,
  })
  expect(error).toBeNull()

  await signIn(page, user, '/subscribe/stripe?plan=pro&interval=month')
  const checkout = page.getByRole('region', { name: 'Stripe checkout (test stand-in)' })
  await expect(checkout.getByText('Pro: 8.00 USD every month')).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/subscribe\/stripe\/?\?plan=pro&interval=month$/)
})

test('checkout explains a blocked Stripe.js and recovers on retry', async ({ page }) => {
  await blockStripeJs(page)
  await routeStripeServices(page)
  const user = await createUser('blocked')
  await signIn(page, user, '/subscribe/stripe?plan=pro&interval=year')

  const problem = page.getByRole('alert')
  await expect(problem).toContainText("Stripe's secure checkout could not be loaded")
  await expect(problem.getByRole('link', { name: 'Back to pricing' })).toBeVisible()

  await unblockStripeJs(page)
  await routeStripeJs(page)
  await problem.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByText('Pro: 80.00 USD every year')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('the portal page tells a user without a billing account where to go', async ({ page }) => {
  const user = await createUser('noportal')
  await signIn(page, user, '/stripe')
  await expect(page.getByText('You do not have a billing account yet')).toBeVisible()
  await page.getByRole('link', { name: 'See plans and pricing' }).click()
  await expect(page).toHaveURL(/\/pricing\/?$/)
})

test("the success page refuses an unknown or someone else's session", async ({ page }) => {
  const user = await createUser('nosession')
  await signIn(page, user, '/subscribe/success?session_id=cs_test_not_a_real_session')
  await expect(page.getByRole('alert')).toContainText(
    'We could not find this checkout for your account.',
  )
  await expect(page.getByTestId('subscription-confirmed')).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('pricing shows both intervals from the prerendered data', async ({ page }) => {
    await page.goto('/pricing')
    await expect(page.getByText('$8 per month')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go Pro monthly' })).toHaveAttribute(
      'href',
      '/subscribe/stripe?plan=pro&interval=month',
    )
    await page.locator('label', { hasText: 'Yearly' }).click()
    await expect(page.getByText('$80 per year')).toBeVisible()
    await expect(page.getByText('$8 per month')).toBeHidden()
    await expect(page.getByRole('link', { name: 'Go Pro yearly' })).toHaveAttribute(
      'href',
      '/subscribe/stripe?plan=pro&interval=year',
    )
    await expect(page.getByRole('row', { name: /Documents/ })).toContainText('Up to 3')
  })
})

test('the contact form validates, sends, and lands on /success', async ({ page }) => {
  await page.goto('/contact')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Enter your name.')).toBeVisible()
  await expect(page.getByText('Write a message.')).toBeVisible()

  await page.getByLabel('Name').fill('Ada Lovelace')
  await page.getByLabel('Email').fill(uniqueEmail('contact'))
  await page.getByLabel('Message').fill('How do I import my existing notes?')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL(/\/success\/?\?from=contact$/)
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible()
})
