import { Fragment } from 'react'

/** A key chord as the person presses it: Ctrl/⌘+Alt+N. */
export function ShortcutKeys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((key, index) => (
        <Fragment key={key}>
          {index > 0 ? '+' : null}
          <kbd>{key}</kbd>
        </Fragment>
      ))}
    </>
  )
}
