import { useState } from 'react'
import { authErrorMessage } from '../../lib/serviceErrorMessages'

/**
 * The busy flag and the error line of an auth form: `run` marks the form busy, clears the last
 * error, and turns whatever the task throws (a GoTrue error, a network failure) into the
 * sentence a person reads, so no form shows raw service text.
 */
export function useAuthAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function run(task: () => Promise<void>) {
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
