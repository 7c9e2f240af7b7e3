/**
 * Stripe in the browser for end-to-end runs. A build made with VITE_STRIPE_STAND_IN_URL loads
 * the stand-in's Stripe.js and portal by itself (the offline journey needs no routes); for a
 * build without it, js.stripe.com serves the same Stripe.js stand-in, api.stripe.com/_stand-in/*
 * reaches the Stripe stand-in process, and the customer portal is a placeholder page.
 */
import type { Locator, Page } from '@playwright/test'
import { stripeJsStandInSource, E2E_STAND_IN_PORT } from '../../scripts/local/stripe/index.ts'

export const STAND_IN_URL = `http://127.0.0.1:${E2E_STAND_IN_PORT}`
/** Both places a build may load Stripe.js from: Stripe's, or the stand-in's by configuration. */
const STRIPE_JS_URLS = ['https://js.stripe.com/**', `${STAND_IN_URL}/v3/**`]

export async function routeStripeJs(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: stripeJsStandInSource('https://api.stripe.com/_stand-in'),
    }),
  )
}

export async function blockStripeJs(page: Page): Promise<void> {
  for (const url of STRIPE_JS_URLS) await page.route(url, (route) => route.abort('blockedbyclient'))
}

export async function unblockStripeJs(page: Page): Promise<void> {
  for (const url of STRIPE_JS_URLS) await page.unroute(url)
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

/** Fills the stand-in checkout's card form (any future expiry and CVC) and pays. */
export async function payWithCard(checkout: Locator, number: string): Promise<void> {
  await checkout.getByLabel('Card number').fill(number)
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34')
  await checkout.getByLabel('CVC').fill('123')
  await checkout.getByRole('button', { name: 'Pay and subscribe' }).click()
}
