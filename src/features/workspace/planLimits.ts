/** How the database's refusal of one document more than the Free plan keeps is recognised. */
export { FREE_DOCUMENT_LIMIT } from '../../lib/plans'

/** The message shown for it (the database raises the same text). */
export const PLAN_LIMIT_MESSAGE = 'Free plan limit reached: upgrade to Pro for unlimited documents'

/** The SQLSTATE the limit trigger raises (supabase/migrations/*_document_limit_after_rls.sql). */
export const PLAN_LIMIT_SQLSTATE = 'FL001'

export function isPlanLimitError(error: { code?: string; message?: string } | null): boolean {
  return error?.code === PLAN_LIMIT_SQLSTATE
}
