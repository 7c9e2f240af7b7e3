/** The Free plan's document limit and how the database's refusal of one more is recognised. */
export const FREE_DOCUMENT_LIMIT = 3

/** The exact message the database raises (supabase/migrations/*_documents.sql). */
export const PLAN_LIMIT_MESSAGE = 'Free plan limit reached: upgrade to Pro for unlimited documents'

export function isPlanLimitError(error: { code?: string; message?: string } | null): boolean {
  return Boolean(error && error.code === 'P0001' && error.message?.startsWith('Free plan limit'))
}
