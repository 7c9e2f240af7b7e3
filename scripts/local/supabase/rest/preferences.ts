import type { FunctionInfo } from './catalog.ts'
import { RestError } from './restError.ts'

/**
 * The `Prefer` header as PostgREST reads it (src/PostgREST/ApiRequest/Preferences.hs v12.2.12
 * and v13.0.8, fromHeaders): the headers' values split on `,` and trimmed, each token compared
 * whole with the preferences it knows, the first of each kind winning.
 */
export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missingDefault: boolean
  /** `handling=strict`: unknown preferences fail the request; max-affected is enforced. */
  strict: boolean
  maxAffected?: number
  /** `timezone=…`: applied only if it names one of pg_timezone_names. */
  timezone?: string
  /** Every token as written, for the strict check. */
  tokens: string[]
  /** The first token of each kind the client sent, as PostgREST names them back. */
  sent: Partial<Record<Kind, string>>
}

type Kind = 'resolution' | 'return' | 'count' | 'tx' | 'missing' | 'handling'

/** What a request was answered as, for the preferences its answer says it applied. */
export type Answered = 'read' | 'insert' | 'update' | 'delete' | 'rpc'

/**
 * The tokens PostgREST knows, each exactly as written, with the kind it sets and how.
 * `params=single-object` is not one: v13 dropped it, and the local backend never had it.
 *
 * `tx=commit` and `tx=rollback` are known (strict handling does not refuse them) and change
 * nothing: PostgREST reads them only when `db-tx-end` allows overriding (fromHeaders,
 * `preferTransaction = if allowTxDbOverride then … else Nothing`, v12.2.12 and v13.0.8), and
 * it does not by default (Config.hs parseTxEnd: unset is `commit`). The Supabase CLI starts
 * PostgREST without PGRST_DB_TX_END (apps/cli-go/internal/start/start.go), and nothing shows
 * hosted doing otherwise. Honouring `tx=rollback` here would be the permissive side: a
 * "dry run" that saves nothing locally would save for real on hosted.
 */
const KNOWN = new Map<string, [Kind, (prefer: Preferences) => void]>([
  ['resolution=merge-duplicates', ['resolution', (p) => (p.resolution = 'merge-duplicates')]],
  ['resolution=ignore-duplicates', ['resolution', (p) => (p.resolution = 'ignore-duplicates')]],
  ['return=representation', ['return', (p) => (p.return = 'representation')]],
  ['return=minimal', ['return', (p) => (p.return = 'minimal')]],
  ['return=headers-only', ['return', (p) => (p.return = 'headers-only')]],
  ['count=exact', ['count', (p) => (p.count = 'exact')]],
  ['count=planned', ['count', (p) => (p.count = 'planned')]],
  ['count=estimated', ['count', (p) => (p.count = 'estimated')]],
  ['tx=commit', ['tx', () => undefined]],
  ['tx=rollback', ['tx', () => undefined]],
  ['missing=default', ['missing', (p) => (p.missingDefault = true)]],
  ['missing=null', ['missing', (p) => (p.missingDefault = false)]],
  ['handling=strict', ['handling', (p) => (p.strict = true)]],
  ['handling=lenient', ['handling', (p) => (p.strict = false)]],
])

export function parsePreferences(headers: Headers): Preferences {
  const tokens = (headers.get('prefer') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  const prefer: Preferences = {
    return: 'minimal',
    missingDefault: false,
    strict: false,
    tokens,
    sent: {},
  }
  const seen = new Set<Kind>()
  let maxAffectedSeen = false
  for (const token of tokens) {
    const known = KNOWN.get(token)
    if (known && !seen.has(known[0])) {
      seen.add(known[0])
      known[1](prefer)
      prefer.sent[known[0]] = token
    }
    if (token.startsWith('max-affected=') && !maxAffectedSeen) {
      // Only the first max-affected token is read; one that is not a number sets nothing.
      maxAffectedSeen = true
      const value = token.slice('max-affected='.length)
      if (/^-?\d+$/.test(value)) prefer.maxAffected = Number(value)
    }
    if (token.startsWith('timezone=') && prefer.timezone === undefined)
      prefer.timezone = token.slice('timezone='.length)
  }
  return prefer
}

/**
 * `handling=strict` with any token PostgREST does not know: 400 PGRST122, listing them as
 * written (Error.hs InvalidPreferences). A `timezone=` token is unknown unless the first one
 * names a time zone Postgres has (fromHeaders, isTimezonePrefAccepted); `max-affected=` never is.
 * Checked on every read, write and /rpc call, before anything runs (Plan.hs wrappedReadPlan,
 * mutateReadPlan, callReadPlan).
 */
export function failInvalidPreferences(prefer: Preferences, timezoneAccepted: boolean): void {
  if (!prefer.strict) return
  const invalid = prefer.tokens.filter(
    (token) =>
      !KNOWN.has(token) &&
      !(token.startsWith('timezone=') && timezoneAccepted) &&
      !token.startsWith('max-affected='),
  )
  if (invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    )
  }
}

/**
 * `handling=strict, max-affected=n` on a function that returns no set is refused before it runs:
 * 400 PGRST128 (v13.0.8 src/PostgREST/Plan.hs callReadPlan, failMaxAffectedRpcReturnsSingle;
 * v12 counted such a call as one row, so this is v13's rule, the stricter).
 */
export function failMaxAffectedOnSingle(prefer: Preferences, fn: FunctionInfo): void {
  if (prefer.strict && prefer.maxAffected !== undefined && !fn.returnsSet) {
    throw new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    )
  }
}

/**
 * Preferences each kind of answer names back (Response.hs actionResponse, v12.2.12 and
 * v13.0.8); `tx` would be among them only where overriding the transaction's end is allowed.
 */
const NAMED_BACK: Record<Answered, readonly Kind[]> = {
  read: ['count', 'handling'],
  insert: ['resolution', 'missing', 'return', 'count', 'handling'],
  update: ['missing', 'return', 'count', 'handling'],
  delete: ['return', 'count', 'handling'],
  rpc: ['count', 'handling'],
}
/** Answers that also name an accepted `max-affected` under strict handling. */
const NAMES_MAX_AFFECTED = new Set<Answered>(['update', 'delete', 'rpc'])
/** The order PostgREST lists them in (Preferences.hs prefAppliedHeader). */
const APPLIED_ORDER: readonly Kind[] = [
  'resolution',
  'missing',
  'return',
  'count',
  'tx',
  'handling',
]

/**
 * The Preference-Applied header: the preferences of `answered`'s kinds the client sent, in
 * PostgREST's order, then an accepted time zone and (strict only) max-affected; none sent,
 * no header (prefAppliedHeader). An insert names its resolution only when the table has a
 * primary key or the request an on_conflict (Response.hs, MutationCreate).
 */
export function preferenceApplied(
  prefer: Preferences,
  answered: Answered,
  {
    timezoneAccepted,
    resolutionApplies = true,
  }: { timezoneAccepted: boolean; resolutionApplies?: boolean },
): Record<string, string> {
  const named = NAMED_BACK[answered]
  const values = APPLIED_ORDER.filter(
    (kind) => named.includes(kind) && (kind !== 'resolution' || resolutionApplies),
  ).flatMap((kind) => prefer.sent[kind] ?? [])
  if (timezoneAccepted) values.push(`timezone=${prefer.timezone!}`)
  if (prefer.strict && prefer.maxAffected !== undefined && NAMES_MAX_AFFECTED.has(answered))
    values.push(`max-affected=${prefer.maxAffected}`)
  return values.length > 0 ? { 'preference-applied': values.join(', ') } : {}
}
