/**
 * Only Folio Pro makes a user Pro: a subscription to another product, or to a $0 price, must
 * not unlock Pro (private.is_pro) and cannot be bought through checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startBillingBackend, type BillingBackend } from './billingBackend.ts'
import { serviceClient, signedInUser } from './helpers.ts'

let env: BillingBackend
let admin: SupabaseClient
beforeAll(async () => {
  env = await startBillingBackend()
  admin = serviceClient(env.backend)
  // What the webhook would have synced: a second product with a paid and a free price, and a
  // $0 price of Folio Pro itself (a trial price, or a mistake in the Stripe dashboard).
  const products = await admin.from('products').insert([
    { id: 'prod_Stickers', name: 'Sticker club', metadata: {} },
    { id: 'prod_FakePro', name: 'Pro', metadata: { plan: 'team' } },
  ])
  expect(products.error).toBeNull()
  const recurring = { active: true, type: 'recurring', interval: 'month', currency: 'usd' }
  const prices = await admin.from('prices').insert([
    { id: 'price_StickersMonthly', product_id: 'prod_Stickers', unit_amount: 500, ...recurring },
    { id: 'price_StickersFree', product_id: 'prod_Stickers', unit_amount: 0, ...recurring },
    { id: 'price_FakePro', product_id: 'prod_FakePro', unit_amount: 800, ...recurring },
    { id: 'price_FolioProZero', product_id: 'prod_FolioPro', unit_amount: 0, ...recurring },
  ])
  expect(prices.error).toBeNull()
})
afterAll(() => env?.stop())

async function subscribe(userId: string, price: string, status = 'active') {
  const { error } = await admin.from('subscriptions').insert({
    id: `sub_${price}_${status}_${userId.slice(0, 8)}`,
    user_id: userId,
    status,
    price_id: price,
    quantity: 1,
  })
  expect(error).toBeNull()
}

async function planOf(user: { supabase: SupabaseClient }) {
  const { data, error } = await user.supabase.rpc('current_plan')
  expect(error).toBeNull()
  return data as string
}

describe('private.is_pro', () => {
  it.each([
    ['an active subscription to another product', 'price_StickersMonthly', 'active'],
    ['a trial of another product', 'price_StickersMonthly', 'trialing'],
    ['a $0 price of another product', 'price_StickersFree', 'active'],
    ['a product named "Pro" that is not Folio Pro', 'price_FakePro', 'active'],
    ['an active $0 price of Folio Pro', 'price_FolioProZero', 'active'],
  ])('is false for %s', async (_, price, status) => {
    const user = await signedInUser(env.backend, 'not-pro')
    await subscribe(user.id, price, status)
    expect(await planOf(user)).toBe('free')
    // The Free plan's limit still applies: the fourth document is refused by the database.
    for (const title of ['1', '2', '3'])
      expect((await user.supabase.from('documents').insert({ title })).error).toBeNull()
    expect((await user.supabase.from('documents').insert({ title: '4' })).error).not.toBeNull()
  })

  it('is true for paid Folio Pro, and for a Folio Pro trial even on a $0 price', async () => {
    const paying = await signedInUser(env.backend, 'paying')
    await subscribe(paying.id, 'price_FolioProMonthly')
    expect(await planOf(paying)).toBe('pro')

    const trying = await signedInUser(env.backend, 'trying')
    await subscribe(trying.id, 'price_FolioProZero', 'trialing')
    expect(await planOf(trying)).toBe('pro')
  })
})

describe('create-checkout-session: only Folio Pro is for sale', () => {
  it.each([
    ['another product', 'price_StickersMonthly'],
    ['a $0 price of another product', 'price_StickersFree'],
    ['a look-alike product', 'price_FakePro'],
    ['a $0 price of Folio Pro', 'price_FolioProZero'],
  ])('refuses %s with 400 and never asks Stripe', async (_, price) => {
    const user = await signedInUser(env.backend, 'buyer')
    const sessionsBefore = env.stripe.state.sessions.size
    const result = await env.invoke(user.supabase, 'create-checkout-session', { price })
    expect(result).toMatchObject({
      status: 400,
      body: {
        code: 'unknown_price',
        error: 'That plan is not available. Choose one on the pricing page.',
      },
    })
    expect(env.stripe.state.sessions.size).toBe(sessionsBefore)
  })

  it('lets a user with an unrelated subscription buy Pro', async () => {
    const user = await signedInUser(env.backend, 'sticker-fan')
    await subscribe(user.id, 'price_StickersMonthly')
    const result = await env.invoke(user.supabase, 'create-checkout-session', {
      price: 'price_FolioProMonthly',
    })
    expect(result.status).toBe(200)
  })
})
