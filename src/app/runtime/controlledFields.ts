/**
 * React keeps a controlled field showing its `value`: a keystroke the app refuses (its state
 * does not change) is taken back at once. Preact sets the value only when it renders the field
 * again, so a refused character stayed on screen until the next accepted one. After each input
 * handler, once Preact has rendered what the handler changed, a field that was not rendered
 * again gets the value it was last rendered with.
 */
import { options, type VNode } from 'preact'

type FieldProps = { value?: unknown; type?: unknown; oninput?: unknown }

/** Text fields the app controls (preact/compat has already turned onChange into oninput). */
function isControlledTextField(vnode: VNode): boolean {
  const props = vnode.props as FieldProps
  return (
    (vnode.type === 'input' || vnode.type === 'textarea') &&
    props.value != null &&
    props.type !== 'checkbox' &&
    props.type !== 'radio' &&
    props.type !== 'file' &&
    typeof props.oninput === 'function'
  )
}

// How many controlled fields Preact has rendered: unchanged after a handler means this one
// was not rendered again either, so its value is still the one it was rendered with.
let fieldRenders = 0
let installed = false

export function keepControlledFieldsInStep(): void {
  if (installed) return
  installed = true
  const previousVNode = options.vnode
  options.vnode = (vnode: VNode) => {
    previousVNode?.(vnode)
    if (!isControlledTextField(vnode)) return
    const props = vnode.props as unknown as FieldProps & { oninput: (event: Event) => unknown }
    const handle = props.oninput
    const rendered = String(props.value)
    props.oninput = (event: Event) => {
      const before = fieldRenders
      const result = handle(event)
      const field = event.currentTarget as HTMLInputElement | HTMLTextAreaElement | null
      // Preact renders in a microtask queued by the handler's state change; this one runs after.
      queueMicrotask(() => {
        if (field && fieldRenders === before && field.value !== rendered) field.value = rendered
      })
      return result
    }
  }
  const previousDiffed = options.diffed
  options.diffed = (vnode: VNode) => {
    previousDiffed?.(vnode)
    if (isControlledTextField(vnode)) fieldRenders += 1
  }
}
