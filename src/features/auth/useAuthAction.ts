import { useLayoutEffect, useRef, useState } from 'react'
import { UNREACHABLE_MESSAGE, authErrorMessage } from '../../lib/serviceErrorMessages'
import { refusedFormFocus } from '../../components/SubmitButton'

/**
 * The busy flag and the error line of an auth form: `run` marks the form busy, clears the last
 * error, and turns whatever the task throws (a GoTrue error, a network failure) into the
 * sentence a person reads, so no form shows raw service text. A form that takes `form` as its ref
 * gets the keyboard back after an error, as the sign-in form does (refusedFormFocus): its submit
 * button, disabled while busy, would otherwise leave focus on the page's body.
 */
export function useAuthAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  // A layout effect as in NewPasswordForm: these forms render only in the browser, and
  // useFocusOnShow would cost /login a chunk of its own.
  useLayoutEffect(() => {
    if (error) refusedFormFocus(form.current)?.focus()
  }, [error])

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

  return { busy, error, setError, run, form }
}
