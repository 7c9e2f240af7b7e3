/** Which plan an account is on (`current_plan()` in the database answers one of these). */
export type PlanId = 'free' | 'pro'

/**
 * The Free plan's rule, for every page and feature that states or applies it. The database
 * enforces it (the `documents` limit trigger, private.enforce_document_limit, and the Free
 * product's `document_limit` metadata in supabase/seed.sql); tests/backend/rest.test.ts and
 * tests/backend/billing-prices.test.ts fail when this number and the database disagree.
 */
export const FREE_DOCUMENT_LIMIT = 3
