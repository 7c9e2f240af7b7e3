import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { PLANS } from '../../src/features/billing/plans.ts'
import { client, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

/**
 * /pricing is prerendered from src/features/billing/plans.ts. This keeps that snapshot honest:
 * it must say exactly what the migrated and seeded `products` / `prices` tables say.
 */
describe('prerendered pricing data', () => {
  it('matches the products and prices the database holds', async () => {
    const { data, error } = await client(backend)
      .from('products')
      .select(
        'id, name, description, active, prices(id, active, unit_amount, currency, type, interval)',
      )
      .eq('active', true)
      .order('id')
    expect(error).toBeNull()
    const fromDatabase = (data ?? []).map((product) => ({
      productId: product.id,
      name: product.name,
      description: product.description,
      prices: product.prices
        .filter((price) => price.active)
        .map((price) => ({
          id: price.id,
          interval: price.interval,
          unitAmount: price.unit_amount,
          currency: price.currency,
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    }))
    const fromPlans = PLANS.map((plan) => ({
      productId: plan.productId,
      name: plan.name,
      description: plan.description,
      prices: plan.prices.map((price) => ({ ...price })).sort((a, b) => a.id.localeCompare(b.id)),
    })).sort((a, b) => a.productId.localeCompare(b.productId))
    expect(fromDatabase).toEqual(fromPlans)
  })

  it('states the Free document limit the database enforces', async () => {
    const free = PLANS.find((plan) => plan.id === 'free')
    const { data } = await client(backend)
      .from('products')
      .select('metadata')
      .eq('id', free?.productId)
      .single()
    expect(String(free?.documentLimit)).toBe(
      (data?.metadata as { document_limit: string }).document_limit,
    )
  })
})
