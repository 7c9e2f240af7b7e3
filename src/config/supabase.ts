import type { SupabaseConfig } from './schema.ts'

declare const __FOLIO_SUPABASE_CONFIG__: SupabaseConfig

/** Checked at build time (schema.ts); a literal in the bundle. */
export const supabaseConfig: Readonly<SupabaseConfig> =
  /* @__PURE__ */ Object.freeze(__FOLIO_SUPABASE_CONFIG__)
