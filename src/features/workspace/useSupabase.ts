import { useEffect, useState } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { loadSupabase } from '../auth'

/** The app's Supabase client once supabase-js has loaded (it is never part of a first load). */
export function useSupabase(): SupabaseClient | null {
  const [client, setClient] = useState<SupabaseClient | null>(null)
  useEffect(() => {
    let active = true
    void loadSupabase().then((supabase) => {
      if (active) setClient(supabase)
    })
    return () => {
      active = false
    }
  }, [])
  return client
}
