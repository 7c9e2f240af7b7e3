import { useEffect } from 'react'
import { useAuthState } from '../auth'
import { loadViewerPlan, type Viewer } from './viewerPlan'

/**
 * Renders nothing: follows the stored session (read without supabase-js) and, for a signed-in
 * person, asks for their plan. Loaded after hydration by PricingPlans.
 */
export function ViewerPlanProbe({ onViewer }: { onViewer: (viewer: Viewer) => void }) {
  const auth = useAuthState()
  useEffect(() => {
    if (auth.status === 'unknown') return
    if (auth.status === 'signed-out') return onViewer({ status: 'visitor' })
    let active = true
    loadViewerPlan().then(
      (viewer) => active && onViewer(viewer),
      // No answer (offline): the page stays as visitors see it, which still works.
      () => undefined,
    )
    return () => {
      active = false
    }
  }, [auth.status, onViewer])
  return null
}
