import { describe, expect, it, vi } from 'vitest'
import {
  PLANS,
  findPrice,
  formatAmount,
  yearlySavingPercent,
} from '../../../src/features/billing/plans.ts'
import { parseFormBody } from '../../../scripts/local/stripe/index.ts'

describe('plan data', () => {
  it('formats amounts the way the pricing page shows them', () => {
    expect(formatAmount(800, 'usd')).toBe('$8')
    expect(formatAmount(8000, 'usd')).toBe('$80')
    expect(formatAmount(850, 'usd')).toBe('$8.50')
    expect(formatAmount(1000, 'eur')).toBe('€10')
  })

  it("writes every amount as Intl's en-US currency format does, without calling it", () => {
    const intl = (unitAmount: number, currency: string) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: unitAmount % 100 === 0 ? 0 : 2,
        maximumFractionDigits: unitAmount % 100 === 0 ? 0 : 2,
      }).format(unitAmount / 100)
    const amounts = [0, 1, 5, 99, 100, 800, 850, 8000, 99_999, 100_000, 123_456_789, -850]
    for (const currency of ['usd', 'eur', 'gbp', 'jpy', 'chf'])
      for (const amount of amounts)
        expect(formatAmount(amount, currency), `${amount} ${currency}`).toBe(
          intl(amount, currency.toUpperCase()),
        )
  })

  it('formats the site’s own currencies without Intl.NumberFormat (costly in a page’s hydration)', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    try {
      for (const plan of PLANS)
        for (const price of plan.prices) formatAmount(price.unitAmount, price.currency)
      formatAmount(0, 'usd')
      expect(numberFormat).not.toHaveBeenCalled()
    } finally {
      numberFormat.mockRestore()
    }
  })

  it('finds each Pro interval and says how much a year saves', () => {
    expect(findPrice('pro', 'month')?.id).toBe('price_FolioProMonthly')
    expect(findPrice('pro', 'year')?.id).toBe('price_FolioProYearly')
    expect(findPrice('free', 'month')).toBeUndefined()
    const pro = PLANS.find((plan) => plan.id === 'pro')!
    expect(yearlySavingPercent(pro)).toBe(17)
    expect(yearlySavingPercent({ ...pro, prices: pro.prices.slice(0, 1) })).toBe(0)
  })
})

describe('the Stripe stand-in form parser', () => {
  it('rebuilds the nested objects the stripe SDK encodes', () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][price]': 'price_x',
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][user_id]': 'u1',
      'expand[]': 'customer',
    })
    expect(parseFormBody(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_x', quantity: '1' }],
      subscription_data: { metadata: { user_id: 'u1' } },
      expand: ['customer'],
    })
  })
})
