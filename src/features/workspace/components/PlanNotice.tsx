import { Link } from 'react-router-dom'
import { FREE_DOCUMENT_LIMIT } from '../planLimits'
import type { PlanId } from '../types'

interface PlanNoticeProps {
  plan: PlanId | null
  count: number
}

/** The plan and, on Free, how much of the document limit is used. */
export function PlanNotice({ plan, count }: PlanNoticeProps) {
  if (!plan) return null
  if (plan === 'pro') {
    return (
      <p className="plan-notice" data-testid="plan-notice">
        Pro plan · unlimited documents
      </p>
    )
  }
  return (
    <p className="plan-notice" data-testid="plan-notice">
      Free plan · {Math.min(count, FREE_DOCUMENT_LIMIT)} of {FREE_DOCUMENT_LIMIT} documents ·{' '}
      <Link to="/pricing">Upgrade</Link>
    </p>
  )
}
