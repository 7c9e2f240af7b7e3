/**
 * The one Supabase client of the app, created on first use. supabase-js is imported
 * dynamically so that public pages, which never call this, do not download it.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { supabaseConfig } from '../../config'

let client: Promise<SupabaseClient> | null = null

export function supabaseSettings() {
  return supabaseConfig
}

export function loadSupabase(): Promise<SupabaseClient> {
  // The auth state (stored session, cookies) comes along on demand too: the sign-in forms
  // import this module, and their first load should not carry what only a client needs.
  client ??= Promise.all([
    import('@supabase/supabase-js'),
    import('./authState'),
    import('../../lib/supabaseFetch'),
  ]).then(([{ createClient }, { connectAuthState }, { createSupabaseFetch }]) => {
    const { url, anonKey } = supabaseSettings()
    // createClient raises 'supabaseUrl is required.' / 'supabaseKey is required.' itself.
    const supabase = createClient(url, anonKey, {
      auth: {
        // PKCE for our own email links; /confirm handles implicit-flow links itself.
        flowType: 'pkce',
        detectSessionInUrl: false,
        persistSession: true,
        autoRefreshToken: true,
      },
      // Long bodies go from a worker; offline, reads are not retried for seconds first.
      global: { fetch: createSupabaseFetch() },
    })
    connectAuthState(supabase)
    return supabase
  })
  return client
}
