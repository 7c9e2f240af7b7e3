/**
 * `react-dom/client` in the browser build (scripts/vite/preactClientPlugin.ts): React 18's root
 * API on preact/compat, which vite-react-ssg imports to hydrate the prerendered page (or to
 * render one that was not prerendered). Hydration reports what it had to change, and `autoFocus`
 * and controlled fields behave as in React.
 */
import type { ComponentChild } from 'preact'
import { hydrate, render, unmountComponentAtNode } from 'preact/compat'
import { focusOnMount, whileHydrating } from './autoFocus'
import { keepControlledFieldsInStep } from './controlledFields'
import { reportHydrationChanges } from './hydrationCheck'

focusOnMount()
keepControlledFieldsInStep()

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

export function hydrateRoot(container: Element, children: ComponentChild): Root {
  reportHydrationChanges(container, () => {
    whileHydrating(() => hydrate(children, container))
  })
  return createRoot(container)
}

// vite-react-ssg reads the root API from the default export.
export default { createRoot, hydrateRoot }
