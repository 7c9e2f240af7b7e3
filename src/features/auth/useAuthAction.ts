import { useLayoutEffect, useRef, useState } from 'react'
import { UNREACHABLE_MESSAGE, authErrorMessage } from '../../lib/serviceErrorMessages'
import { refusedFormFocus } from '../../components/SubmitButton'

/**
 * The busy flag and the error line of an auth form: `run` marks the form busy, clears the last
 * error, and turns whatever the task throws (a GoTrue error, a network failure) into the
 * sentence a person reads, so no form shows raw service text. A form that takes `form` as its ref
 * gets the keyboard back after an error, as the sign-in form does (refusedFormFocus): its submit
 * button, disabled while busy, would otherwise leave focus on the page's body. A task may say
 * which failures are its field's fault (`blamesField`): those go in `fieldError`, for the form
 * to show under the field, marked, which then gets the keyboard instead.
 */
export function useAuthAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  // A layout effect as in NewPasswordForm: these forms render only in the browser, and
  // useFocusOnShow would cost /login a chunk of its own.
  useLayoutEffect(() => {
    if (error || fieldError) refusedFormFocus(form.current)?.focus()
  }, [error, fieldError])

  async function run(task: () => Promise<void>, blamesField?: (failure: unknown) => boolean) {
    // Offline the service is not asked: supabase-js would first refresh an access token that
    // expired meanwhile, retrying for up to 30 s (_refreshAccessToken in @supabase/auth-js
    // 2.109), the form busy all that time, to say the same.
    if (navigator.onLine === false) return setError(UNREACHABLE_MESSAGE)
    setBusy(true)
    setError(null)
    setFieldError(null)
    try {
      await task()
    } catch (failure) {
      ;(blamesField?.(failure) ? setFieldError : setError)(authErrorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return { busy, error, setError, fieldError, setFieldError, run, form }
}
