import { Link } from 'react-router-dom'

interface UpgradePromptProps {
  title: string
  children: React.ReactNode
  onDismiss: () => void
}

/** What a Free user sees when the plan says no: why, and the way to Pro. */
export function UpgradePrompt({ title, children, onDismiss }: UpgradePromptProps) {
  return (
    <div className="upgrade-prompt" role="alert" data-testid="upgrade-prompt">
      <p className="upgrade-prompt__title">{title}</p>
      <p>{children}</p>
      <div className="button-row">
        <Link className="button button--primary button--small" to="/pricing">
          Upgrade to Pro
        </Link>
        <button type="button" className="button button--small" onClick={onDismiss}>
          Not now
        </button>
      </div>
    </div>
  )
}
