/**
 * `react-dom/client` in the browser build (scripts/vite/preactClientPlugin.ts): React 18's root
 * API on preact/compat, which vite-react-ssg imports to hydrate the prerendered page (or to
 * render one that was not prerendered). Hydration runs in turns (hydrationTurns.ts), reports
 * what it had to change, keeps what was typed before it (typedBeforeHydration.ts), and
 * `autoFocus` and controlled fields behave as in React.
 */
import { options, type ComponentChild } from 'preact'
import { hydrate, render, unmountComponentAtNode } from 'preact/compat'
import { focusOnMount, whileHydrating } from './autoFocus'
import { keepControlledFieldsInStep } from './controlledFields'
import { reportHydrationChanges, watchHydrationChanges } from './hydrationCheck'
import { hydrateInTurns, enableHydrationTurns, type Turn } from './hydrationTurns'
import { keepWhatWasTypedBeforeHydration } from './typedBeforeHydration'

focusOnMount()
keepControlledFieldsInStep()
enableHydrationTurns()

interface Root {
  render(children: ComponentChild): void
  unmount(): void
}

export function createRoot(container: Element): Root {
  return {
    render: (children) => {
      render(children, container)
    },
    unmount: () => {
      unmountComponentAtNode(container)
    },
  }
}

/**
 * Hydrates one part whose turn has come. Its Suspense renders it again once the turn's promise
 * settles, through Preact's render queue; the queue is caught here instead of waiting for a
 * microtask, so that the part hydrates inside `collect`. What the hydration changed is read
 * when the part's ref is set, before its effects run: the same flush goes on to render what
 * those effects change, as it would after any hydration.
 */
async function resumeTurn(
  container: Element,
  turn: Turn,
  collect: (render: () => void) => void,
): Promise<void> {
  let flush: (() => void) | undefined
  const previous = options.debounceRendering
  options.debounceRendering = (callback) => {
    flush = callback
  }
  try {
    turn.begin()
    await turn.promise
  } finally {
    options.debounceRendering = previous
  }
  const watch = watchHydrationChanges(container)
  // Other updates that came in meanwhile run in the same flush: only the part's nodes count.
  turn.onHydrated = (element) => watch.report((node) => element.contains(node))
  try {
    collect(() => whileHydrating(() => flush?.()))
  } finally {
    watch.report(() => false)
  }
}

export function hydrateRoot(container: Element, children: ComponentChild): Root {
  keepWhatWasTypedBeforeHydration(container)
  // A task of its own, apart from the router's set-up that ran just before.
  setTimeout(() => {
    hydrateInTurns(
      () =>
        reportHydrationChanges(container, () => whileHydrating(() => hydrate(children, container))),
      (turn, collect) => resumeTurn(container, turn, collect),
    )
  })
  return createRoot(container)
}

// vite-react-ssg reads the root API from the default export.
export default { createRoot, hydrateRoot }
