/**
 * The `fetch` supabase-js is given, in one chunk loaded with it: long bodies sent from a
 * worker (offThreadFetch.ts), and no seconds of retries while offline (failFastOffline.ts).
 */
import { failFastOffline } from './failFastOffline'
import { createOffThreadFetch } from './offThreadFetch'

export function createSupabaseFetch(): typeof fetch {
  return failFastOffline(createOffThreadFetch())
}
