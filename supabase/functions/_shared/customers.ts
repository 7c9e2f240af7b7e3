/**
 * The Stripe customer behind a Folio user: one per user, kept in `customers` (which clients
 * cannot read). Created on first checkout; an existing Stripe customer carrying this user's id
 * is adopted instead, so a lost row never leads to a second customer.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { Stripe } from './stripe.ts'

export async function findCustomerId(db: SupabaseClient, userId: string): Promise<string | null> {
  const { data, error } = await db
    .from('customers')
    .select('stripe_customer_id')
    .eq('id', userId)
    .maybeSingle()
  if (error) throw new Error(`customers lookup failed: ${error.message}`)
  return (data as { stripe_customer_id: string } | null)?.stripe_customer_id ?? null
}

/** Records the mapping unless one exists; returns whichever mapping won. */
export async function rememberCustomer(
  db: SupabaseClient,
  userId: string,
  stripeCustomerId: string,
): Promise<string> {
  const { error } = await db
    .from('customers')
    .upsert(
      { id: userId, stripe_customer_id: stripeCustomerId },
      { onConflict: 'id', ignoreDuplicates: true },
    )
  if (error) throw new Error(`customers insert failed: ${error.message}`)
  return (await findCustomerId(db, userId)) ?? stripeCustomerId
}

export async function ensureCustomer(
  db: SupabaseClient,
  stripe: Stripe,
  user: User,
): Promise<string> {
  const known = await findCustomerId(db, user.id)
  if (known) return known
  if (user.email) {
    const existing = await stripe.customers.list({ email: user.email, limit: 10 })
    const mine = existing.data.find((customer) => customer.metadata?.supabase_user_id === user.id)
    if (mine) return rememberCustomer(db, user.id, mine.id)
  }
  // The idempotency key makes two concurrent first checkouts share one customer.
  const created = await stripe.customers.create(
    { email: user.email ?? undefined, metadata: { supabase_user_id: user.id } },
    { idempotencyKey: `folio-customer-${user.id}` },
  )
  return rememberCustomer(db, user.id, created.id)
}
