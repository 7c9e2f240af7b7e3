import { useMemo } from 'react'
import { sizeWarning } from '../documentLimits'

/** How full a long document is, before the size limit stops its saves. */
export function SizeWarning({ draft }: { draft: string }) {
  const warning = useMemo(() => sizeWarning(draft), [draft])
  if (!warning) return null
  return (
    <p className="status-note size-warning" data-testid="size-warning">
      {warning}
    </p>
  )
}
