/** One statement of a migration file, with the line it starts on (1-based) for error messages. */
export interface SqlStatement {
  text: string
  line: number
}

/**
 * Splits a SQL script into its statements, as the Supabase CLI does before sending a
 * migration (so a failure can name the statement). Semicolons inside quotes, quoted
 * identifiers, dollar-quoted bodies, comments and `begin atomic … end` bodies do not split.
 * Statements that are only comments are dropped.
 */
export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = []
  let start = 0
  let i = 0
  // Inside `begin atomic`: how many `case`/`begin` blocks are open, so `end;` ends the body.
  let atomicDepth = 0
  const push = (end: number) => {
    const raw = sql.slice(start, end)
    if (stripComments(raw).trim()) {
      const leading = raw.length - raw.trimStart().length
      const offset = start + leading
      statements.push({ text: raw.trim(), line: lineAt(sql, offset) })
    }
    start = end + 1
  }

  while (i < sql.length) {
    const ch = sql[i]!
    const next = sql[i + 1]
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i)
      i = end === -1 ? sql.length : end + 1
    } else if (ch === '/' && next === '*') {
      i = skipBlockComment(sql, i)
    } else if (ch === "'") {
      const escapes = /[eE]/.test(sql[i - 1] ?? '') && !/[\w$]/.test(sql[i - 2] ?? '')
      i = skipQuoted(sql, i, "'", escapes)
    } else if (ch === '"') {
      i = skipQuoted(sql, i, '"', false)
    } else if (ch === '$' && !/[\w$]/.test(sql[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][\w]*)?\$/.exec(sql.slice(i))
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length)
        i = close === -1 ? sql.length : close + tag[0].length
      } else {
        i++
      }
    } else if (/[A-Za-z_]/.test(ch) && !/[\w$]/.test(sql[i - 1] ?? '')) {
      const word = /^[A-Za-z_][\w$]*/.exec(sql.slice(i))![0].toLowerCase()
      if (atomicDepth === 0 && word === 'begin' && /^begin\s+atomic\b/i.test(sql.slice(i))) {
        atomicDepth = 1
      } else if (atomicDepth > 0 && (word === 'case' || word === 'begin')) {
        atomicDepth++
      } else if (atomicDepth > 0 && word === 'end') {
        atomicDepth--
      }
      i += word.length
    } else if (ch === ';' && atomicDepth === 0) {
      push(i)
      i++
    } else {
      i++
    }
  }
  push(sql.length)
  return statements
}

/** The statement without comments, for recognising what it does. */
export function stripComments(sql: string): string {
  let out = ''
  let i = 0
  while (i < sql.length) {
    const ch = sql[i]!
    const next = sql[i + 1]
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i)
      i = end === -1 ? sql.length : end
      out += ' '
    } else if (ch === '/' && next === '*') {
      i = skipBlockComment(sql, i)
      out += ' '
    } else if (ch === "'" || ch === '"') {
      const end = skipQuoted(sql, i, ch, false)
      out += sql.slice(i, end)
      i = end
    } else {
      out += ch
      i++
    }
  }
  return out
}

function skipBlockComment(sql: string, from: number): number {
  let depth = 0
  let i = from
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth++
      i += 2
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth--
      i += 2
      if (depth === 0) return i
    } else {
      i++
    }
  }
  return i
}

/** From an opening quote to just past its closing one (a doubled quote is not a close). */
function skipQuoted(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1
  while (i < sql.length) {
    if (backslashEscapes && sql[i] === '\\') {
      i += 2
    } else if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2
      else return i + 1
    } else {
      i++
    }
  }
  return i
}

function lineAt(sql: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset; i++) if (sql[i] === '\n') line++
  return line
}
