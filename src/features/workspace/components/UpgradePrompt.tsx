import { useLayoutEffect, useRef } from 'react'
import { Link } from 'react-router-dom'

interface UpgradePromptProps {
  title: string
  children: React.ReactNode
  onDismiss: () => void
}

/** What a Free user sees when the plan says no: why, and the way to Pro. */
export function UpgradePrompt({ title, children, onDismiss }: UpgradePromptProps) {
  // Where focus was as the prompt appeared: the button that asked (Add image…, New document)
  // or the editor an image was pasted into. "Not now" hands it back there, so the keyboard
  // goes on from where it was instead of from the top of the page.
  const cameFrom = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const active = document.activeElement
    cameFrom.current = active instanceof HTMLElement && active !== document.body ? active : null
  }, [])
  const dismiss = () => {
    const back = cameFrom.current
    onDismiss()
    if (back?.isConnected) back.focus()
  }
  return (
    <div className="upgrade-prompt" role="alert" data-testid="upgrade-prompt">
      <p className="upgrade-prompt__title">{title}</p>
      <p>{children}</p>
      <div className="button-row">
        <Link className="button button--primary button--small" to="/pricing">
          Upgrade to Pro
        </Link>
        <button type="button" className="button button--small" onClick={dismiss}>
          Not now
        </button>
      </div>
    </div>
  )
}
