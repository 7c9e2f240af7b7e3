/**
 * Splits `a,b(c,d),"e,f"` on commas that are not inside parentheses or double quotes.
 * Returns undefined when parentheses or quotes do not balance.
 */
export function splitTopLevel(text: string): string[] | undefined {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      current += ch
      if (ch === '\\' && i + 1 < text.length) current += text[++i]
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') {
      depth--
      if (depth < 0) return undefined
    } else if (ch === ',' && depth === 0) {
      parts.push(current)
      current = ''
      continue
    }
    current += ch
  }
  if (depth !== 0 || quoted) return undefined
  parts.push(current)
  return parts
}

/** `"a \"b\""` → `a "b"`; unquoted text is returned as is. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return value
}
