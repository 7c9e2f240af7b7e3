/**
 * React's `autoFocus`: an element rendered with it is focused when it is added to the page.
 * Preact only writes the `autofocus` attribute, which a browser honours once, while the page
 * loads, so a code field that appears after a step would not get the focus. Elements that
 * were prerendered are left as the browser focused them, as React does when it hydrates.
 */
import { options, type Ref, type VNode } from 'preact'

const seen = new WeakSet<Element>()
let hydrating = false

function focusWhenNew(element: unknown): void {
  if (!(element instanceof HTMLElement) || seen.has(element)) return
  seen.add(element)
  if (!hydrating) element.focus()
}

type AnyRef = Ref<unknown>

// One wrapper per ref (and one for elements without a ref), so that re-rendering passes the
// same ref and Preact does not detach and attach it again.
const wrappers = new WeakMap<object, (element: unknown) => unknown>()

function wrap(ref: AnyRef | null | undefined): (element: unknown) => unknown {
  if (!ref) return focusWhenNew
  let wrapper = wrappers.get(ref)
  if (!wrapper) {
    wrapper = (element) => {
      focusWhenNew(element)
      if (typeof ref === 'function') return ref(element)
      ref.current = element
      return undefined
    }
    wrappers.set(ref, wrapper)
  }
  return wrapper
}

let installed = false

export function focusOnMount(): void {
  if (installed) return
  installed = true
  const previous = options.vnode
  options.vnode = (vnode: VNode) => {
    previous?.(vnode)
    const props = vnode.props as { autoFocus?: unknown }
    if (typeof vnode.type === 'string' && props.autoFocus) {
      const element = vnode as VNode & { ref?: AnyRef | null }
      element.ref = wrap(element.ref) as AnyRef
    }
  }
}

/** Runs a hydration: what it finds with `autoFocus` was on the page already. */
export function whileHydrating(hydrate: () => void): void {
  hydrating = true
  try {
    hydrate()
  } finally {
    hydrating = false
  }
}
