import { Link } from 'react-router-dom'
import { LoadingInPlace } from '../../../components/LoadingInPlace'
import { FREE_DOCUMENT_LIMIT } from '../planLimits'
import type { PlanId } from '../types'

interface PlanNoticeProps {
  plan: PlanId | null
  count: number
}

function FreeWords({ count }: { count: number }) {
  return (
    <>
      Free plan · {Math.min(count, FREE_DOCUMENT_LIMIT)} of {FREE_DOCUMENT_LIMIT} documents ·{' '}
      <Link to="/pricing">Upgrade</Link>
    </>
  )
}

/** The plan and, on Free, how much of the document limit is used. */
export function PlanNotice({ plan, count }: PlanNoticeProps) {
  // Not known until the list has loaded: its room is kept, empty, so that the search field
  // under it, there from the start, does not move down when it comes.
  if (!plan)
    return (
      <LoadingInPlace
        expected={
          <p className="plan-notice">
            <FreeWords count={0} />
          </p>
        }
      >
        {null}
      </LoadingInPlace>
    )
  if (plan === 'pro') {
    return (
      <p className="plan-notice" data-testid="plan-notice">
        Pro plan · unlimited documents
      </p>
    )
  }
  return (
    <p className="plan-notice" data-testid="plan-notice">
      <FreeWords count={count} />
    </p>
  )
}
