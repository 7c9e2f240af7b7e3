/**
 * The frontmatter each kind of document must have, as valibot schemas (the library the build's
 * configuration check uses too), each with the shape it expects said for a person, so a message
 * can name the file, the line, the field, what was expected and what was found instead.
 */
import * as v from 'valibot'
import { ContentError } from './contentError.ts'
import type { ParsedDocument } from './frontmatter.ts'

export interface PostFields {
  title: string
  description: string
  date: string
  tags: string[]
  draft: boolean
  author: string
}

export interface ChangelogFields {
  version: string
  date: string
  title: string
}

export interface PageFields {
  title: string
  description: string
  updated?: string
}

/**
 * One frontmatter field: its valibot schema, the shape it expects said for a person, and the
 * value an optional field takes when it is left out.
 */
interface FieldRule<T> {
  schema: v.GenericSchema<unknown, T>
  expected: string
  fallback?: T
}

const rule = <T>(schema: v.GenericSchema<unknown, T>, expected: string, fallback?: T) => ({
  schema,
  expected,
  fallback,
})

const text = (max: number): FieldRule<string> =>
  rule(
    v.pipe(
      v.string(),
      v.check((value) => value.trim().length > 0 && value.length <= max),
      v.transform((value) => value.trim()),
    ),
    `a non-empty text of at most ${max} characters`,
  )

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

const isoDate: FieldRule<string> = rule(
  v.pipe(
    // YAML reads an unquoted 2026-03-14 as a Date; accept both spellings.
    v.union([v.date(), v.string()]),
    v.transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value)),
    v.regex(ISO_DATE),
    v.check((raw) => {
      const day = new Date(`${raw}T00:00:00Z`)
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(raw)
    }),
  ),
  'a date written YYYY-MM-DD',
)

const tagList: FieldRule<string[]> = rule(
  v.array(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,31}$/))),
  'a list of lowercase tags like [security, editor]',
  [],
)

const flag: FieldRule<boolean> = rule(v.boolean(), 'true or false', false)

const semver: FieldRule<string> = rule(
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform(String),
    v.regex(/^\d+\.\d+\.\d+(-[0-9a-z.]+)?$/i),
  ),
  'a version like 1.4.0',
)

type Rules<T> = { [K in keyof T]-?: FieldRule<T[K]> }

/**
 * Reads a document's frontmatter by its rules: an unknown field, a missing one or a value of
 * the wrong shape stops the build with the file, the line and what was expected.
 */
function readFields<T>(file: string, doc: ParsedDocument, rules: Rules<T>, optional: (keyof T)[] = []): T {
  const known = Object.keys(rules)
  const unknown = Object.keys(doc.data).find((key) => !known.includes(key))
  if (unknown)
    throw new ContentError(
      file,
      `unknown frontmatter field "${unknown}" (allowed: ${known.join(', ')})`,
      doc.lines[unknown],
    )
  const fields: Partial<T> = {}
  for (const name of known as (keyof T & string)[]) {
    const { schema, expected, fallback } = rules[name]
    const raw = doc.data[name]
    if (raw === undefined || raw === null) {
      if (fallback !== undefined) fields[name] = fallback
      else if (!optional.includes(name))
        throw new ContentError(file, `frontmatter field "${name}" is missing`, 2)
      continue
    }
    const result = v.safeParse(schema, raw)
    if (!result.success) {
      const found = raw instanceof Date ? raw.toISOString() : JSON.stringify(raw)
      throw new ContentError(
        file,
        `frontmatter field "${name}" must be ${expected}, got ${found}`,
        doc.lines[name],
      )
    }
    fields[name] = result.output
  }
  return fields as T
}

export function postFields(file: string, doc: ParsedDocument): PostFields {
  return readFields<PostFields>(file, doc, {
    title: text(120),
    description: text(300),
    date: isoDate,
    tags: tagList,
    draft: flag,
    author: text(80),
  })
}

export function changelogFields(file: string, doc: ParsedDocument): ChangelogFields {
  return readFields<ChangelogFields>(file, doc, {
    version: semver,
    date: isoDate,
    title: text(120),
  })
}

export function pageFields(file: string, doc: ParsedDocument): PageFields {
  return readFields<PageFields>(
    file,
    doc,
    { title: text(120), description: text(300), updated: isoDate as FieldRule<string | undefined> },
    ['updated'],
  )
}
