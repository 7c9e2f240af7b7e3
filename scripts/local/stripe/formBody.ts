/**
 * Stripe's API takes `application/x-www-form-urlencoded` bodies with bracketed keys
 * (`line_items[0][price]=price_x`, `metadata[user_id]=…`). This turns them back into the
 * nested objects the SDK started from, so the stand-in can read what our functions sent.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormObject = { [key: string]: FormValue }

function keyPath(key: string): string[] {
  const [head = '', ...rest] = key.split('[')
  return [head, ...rest.map((part) => part.replace(/\]$/, ''))]
}

export function parseFormBody(body: string | URLSearchParams): FormObject {
  const params = typeof body === 'string' ? new URLSearchParams(body) : body
  const root: FormObject = {}
  for (const [key, value] of params) {
    const path = keyPath(key)
    let node: FormObject = root
    path.forEach((segment, index) => {
      const last = index === path.length - 1
      const name = segment === '' ? String(Object.keys(node).length) : segment
      if (last) node[name] = value
      else node = (node[name] ??= {}) as FormObject
    })
  }
  return arraysFromIndexedObjects(root) as FormObject
}

/** `{ "0": a, "1": b }` → `[a, b]`, recursively. */
function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const converted = Object.fromEntries(
    keys.map((key) => [key, arraysFromIndexedObjects(value[key] as FormValue)]),
  )
  const indexed = keys.length > 0 && keys.every((key, index) => key === String(index))
  return indexed ? keys.map((key) => converted[key] as FormValue) : converted
}
