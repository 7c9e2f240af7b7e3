import { useState } from 'react'
import { UNREACHABLE_MESSAGE, authErrorMessage } from '../../lib/serviceErrorMessages'

/**
 * The busy flag and the error line of an auth form: `run` marks the form busy, clears the last
 * error, and turns whatever the task throws (a GoTrue error, a network failure) into the
 * sentence a person reads, so no form shows raw service text.
 */
export function useAuthAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function run(task: () => Promise<void>) {
    // Offline the service is not asked: supabase-js would first refresh an access token that
    // expired meanwhile, retrying for up to 30 s (_refreshAccessToken in @supabase/auth-js
    // 2.109), the form busy all that time, to say the same.
    if (navigator.onLine === false) return setError(UNREACHABLE_MESSAGE)
    setBusy(true)
    setError(null)
    try {
      await task()
    } catch (failure) {
      setError(authErrorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return { busy, error, setError, run }
}
