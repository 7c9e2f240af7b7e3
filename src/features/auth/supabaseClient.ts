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
    import('../../lib/offThreadFetch'),
    import('../../lib/failFastOffline'),
  ]).then(
    ([{ createClient }, { connectAuthState }, { createOffThreadFetch }, { failFastOffline }]) => {
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
        // Saving a long note hands its body to the network from a worker (offThreadFetch.ts);
        // offline, a read is not retried for seconds first (failFastOffline.ts).
        global: { fetch: failFastOffline(createOffThreadFetch()) },
      })
      connectAuthState(supabase)
      return supabase
    },
  )
  return client
}
