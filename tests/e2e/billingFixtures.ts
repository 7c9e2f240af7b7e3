/**
 * Stripe in the browser for end-to-end runs: js.stripe.com serves the Stripe.js stand-in,
 * api.stripe.com/_stand-in/* reaches the Stripe stand-in process, and the customer portal is
 * a placeholder page (leaving the site is the behaviour under test, not Stripe's portal).
 */
import type { Page } from '@playwright/test'
import { stripeJsStandInSource } from '../stripe/stripeJsStandIn'
import { E2E_STAND_IN_PORT } from '../stripe/testKeys'

const STAND_IN_URL = `http://127.0.0.1:${E2E_STAND_IN_PORT}`

export async function routeStripeJs(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: stripeJsStandInSource }),
  )
}

export async function blockStripeJs(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.abort('blockedbyclient'))
}

export async function routeStripeServices(page: Page): Promise<void> {
  await page.route('https://api.stripe.com/_stand-in/**', async (route) => {
    const url = new URL(route.request().url())
    const response = await route.fetch({ url: `${STAND_IN_URL}${url.pathname}` })
    await route.fulfill({ response })
  })
  await page.route('https://billing.stripe.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Stripe billing portal</title><h1>Billing portal (stand-in)</h1>',
    }),
  )
}
