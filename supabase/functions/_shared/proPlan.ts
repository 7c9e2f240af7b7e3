/**
 * What Folio sells: the Folio Pro product, recognised by its Stripe metadata `plan = pro`
 * (mirrored into `products.metadata` by the webhook). The database's private.is_pro_price
 * (migration 20261123002000_only_folio_pro_is_pro.sql) decides who is Pro by the same rule;
 * checkout refuses anything it would not count, so paying always means getting Pro.
 */

export const PRO_PLAN = 'pro'

/** A `prices` row with its product, as `select('…, products(active, metadata)')` returns it. */
export interface PriceWithProduct {
  active: boolean
  type: string | null
  unit_amount: number | null
  products: { active: boolean; metadata: Record<string, unknown> | null } | null
}

export function isProProduct(product: PriceWithProduct['products']): boolean {
  return product?.metadata?.plan === PRO_PLAN
}

/** A price a customer may check out with: an active, paid, recurring price of Folio Pro. */
export function isPurchasableProPrice(price: PriceWithProduct | null): boolean {
  return Boolean(
    price &&
    price.active &&
    price.type === 'recurring' &&
    (price.unit_amount ?? 0) > 0 &&
    price.products?.active &&
    isProProduct(price.products),
  )
}
