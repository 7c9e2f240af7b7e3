import { SHORTCUT_HELP } from '../shortcuts'
import { ShortcutKeys } from './ShortcutKeys'

interface EmptyStateProps {
  onCreate: () => void
  onCreateSample: () => void
  busy: boolean
}

/** The first visit: what Folio does, shown rather than told, and the one step to start. */
export function EmptyState({ onCreate, onCreateSample, busy }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>Write your first note</h2>
      <p>
        Folio is a markdown workspace for technical notes. Write in a real code editor; the preview
        beside it (a tab away on a phone) renders it exactly as the blog does, with code blocks
        highlighted in their own language.
      </p>
      <ul className="empty-state__points">
        <li>
          Fence code with its language, like <code>```ts</code>, and it is highlighted as you type.
        </li>
        <li>Everything saves by itself a moment after you stop typing.</li>
        <li>Open the same note in another tab or on another device: changes appear live.</li>
      </ul>
      <div className="button-row">
        {/* Busy, they only look disabled: a disabled button would drop the focus of whoever
            pressed it to the page, and a refusal (offline) would leave it there. */}
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            if (!busy) onCreate()
          }}
          aria-disabled={busy || undefined}
        >
          Create your first document
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            if (!busy) onCreateSample()
          }}
          aria-disabled={busy || undefined}
        >
          Start from an example
        </button>
      </div>
      <p className="empty-state__keys keyboard-hint">
        Shortcuts:{' '}
        {SHORTCUT_HELP.map(({ keys, action }, index) => (
          <span key={action}>
            {index > 0 ? ' · ' : null}
            <ShortcutKeys keys={keys} /> {action.toLowerCase()}
          </span>
        ))}
      </p>
    </div>
  )
}

export const SAMPLE_DOCUMENT = {
  title: 'Welcome to Folio',
  body: `# Welcome to Folio

Write **markdown** in the editor; the preview, beside it or a tab away on a phone, is rendered by the same pipeline as the Folio blog.

## Code, highlighted

\`\`\`ts
export function greet(name: string): string {
  return \`Hello, \${name}!\`
}
\`\`\`

\`\`\`bash
npm install && npm start
\`\`\`

## Lists and tables

- Saved a moment after you stop typing
- Live in your other tabs and devices

| Shortcut | Does |
| --- | --- |
| Ctrl/⌘+Alt+N | New document |
| Ctrl/⌘+K | Search titles |
| Ctrl/⌘+S | Save now |
`,
}
