import { useEffect, useState } from 'react'
import { callBillingFunction, type CheckoutStatus } from './billingApi'

/** How long the success page waits for the webhook: about half a minute, checking each second. */
export const MAX_CHECKS = 30
const CHECK_INTERVAL_MS = 1000

export type ConfirmationState =
  | { kind: 'checking'; checks: number }
  | { kind: 'confirmed'; subscription: NonNullable<CheckoutStatus['subscription']> }
  | { kind: 'unfinished' }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string }
  | { kind: 'gave-up' }

/**
 * Polls checkout-session-status until the webhook has recorded the subscription, the session
 * turns out not to be paid, or MAX_CHECKS run out. A network hiccup costs one check, not the
 * whole wait; `restart` starts a fresh round after giving up.
 */
export function useCheckoutStatus(sessionId: string | null, enabled: boolean) {
  const [state, setState] = useState<ConfirmationState>({ kind: 'checking', checks: 0 })
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!enabled || !sessionId) return
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = async (checks: number) => {
      const result = await callBillingFunction<CheckoutStatus>('checkout-session-status', {
        sessionId,
      })
      if (cancelled) return
      if (result.ok && result.data.status === 'open') return setState({ kind: 'unfinished' })
      if (result.ok && result.data.status === 'expired') return setState({ kind: 'expired' })
      if (result.ok && result.data.recorded && result.data.subscription)
        return setState({ kind: 'confirmed', subscription: result.data.subscription })
      if (!result.ok && result.status !== 0 && result.status < 500)
        return setState({ kind: 'failed', message: result.message })
      if (checks >= MAX_CHECKS) return setState({ kind: 'gave-up' })
      setState({ kind: 'checking', checks })
      timer = setTimeout(() => void check(checks + 1), CHECK_INTERVAL_MS)
    }
    void check(1)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [sessionId, enabled, round])

  const restart = () => {
    setState({ kind: 'checking', checks: 0 })
    setRound((count) => count + 1)
  }
  return { state, restart }
}
