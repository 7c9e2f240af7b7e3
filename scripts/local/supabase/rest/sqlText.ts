/** Collects parameter values and hands out their `$n` placeholders. */
export class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/**
 * Quotes an identifier. Callers only pass names already found in the catalog; quoting
 * is what keeps odd-but-valid names (capitals, spaces) working, not the safety net.
 */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`
}

/** Type names in casts are restricted to plain words, so they can be written unquoted. */
export function isSafeTypeName(name: string): boolean {
  return /^[a-z_][a-z0-9_]*(\[\])?$/.test(name)
}
