/**
 * The frontmatter each kind of document must have. Checks are plain functions so a message can
 * name the field, the expected shape and what was found instead.
 */
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

type Check<T> = (value: unknown) => { ok: true; value: T } | { ok: false; expected: string }

const text =
  (max: number): Check<string> =>
  (value) =>
    typeof value === 'string' && value.trim().length > 0 && value.length <= max
      ? { ok: true, value: value.trim() }
      : { ok: false, expected: `a non-empty text of at most ${max} characters` }

const isoDate: Check<string> = (value) => {
  // YAML reads an unquoted 2026-03-14 as a Date; accept both spellings.
  const raw = value instanceof Date ? value.toISOString().slice(0, 10) : value
  return typeof raw === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(raw) &&
    !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) &&
    new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw)
    ? { ok: true, value: raw }
    : { ok: false, expected: 'a date written YYYY-MM-DD' }
}

const tagList: Check<string[]> = (value) =>
  Array.isArray(value) &&
  value.every((tag) => typeof tag === 'string' && /^[a-z0-9][a-z0-9-]{0,31}$/.test(tag))
    ? { ok: true, value: value as string[] }
    : { ok: false, expected: 'a list of lowercase tags like [security, editor]' }

const flag: Check<boolean> = (value) =>
  typeof value === 'boolean' ? { ok: true, value } : { ok: false, expected: 'true or false' }

const semver: Check<string> = (value) => {
  const raw = typeof value === 'number' ? String(value) : value
  return typeof raw === 'string' && /^\d+\.\d+\.\d+(-[0-9a-z.]+)?$/i.test(raw)
    ? { ok: true, value: raw }
    : { ok: false, expected: 'a version like 1.4.0' }
}

function field<T>(
  file: string,
  doc: ParsedDocument,
  name: string,
  check: Check<T>,
  fallback?: T,
): T {
  const raw = doc.data[name]
  if (raw === undefined || raw === null) {
    if (fallback !== undefined) return fallback
    throw new ContentError(file, `frontmatter field "${name}" is missing`, 2)
  }
  const result = check(raw)
  if (!result.ok) {
    const found = raw instanceof Date ? raw.toISOString() : JSON.stringify(raw)
    throw new ContentError(
      file,
      `frontmatter field "${name}" must be ${result.expected}, got ${found}`,
      doc.lines[name],
    )
  }
  return result.value
}

function refuseUnknown(file: string, doc: ParsedDocument, known: string[]): void {
  const unknown = Object.keys(doc.data).find((key) => !known.includes(key))
  if (unknown)
    throw new ContentError(
      file,
      `unknown frontmatter field "${unknown}" (allowed: ${known.join(', ')})`,
      doc.lines[unknown],
    )
}

export function postFields(file: string, doc: ParsedDocument): PostFields {
  refuseUnknown(file, doc, ['title', 'description', 'date', 'tags', 'draft', 'author'])
  return {
    title: field(file, doc, 'title', text(120)),
    description: field(file, doc, 'description', text(300)),
    date: field(file, doc, 'date', isoDate),
    tags: field(file, doc, 'tags', tagList, []),
    draft: field(file, doc, 'draft', flag, false),
    author: field(file, doc, 'author', text(80)),
  }
}

export function changelogFields(file: string, doc: ParsedDocument): ChangelogFields {
  refuseUnknown(file, doc, ['version', 'date', 'title'])
  return {
    version: field(file, doc, 'version', semver),
    date: field(file, doc, 'date', isoDate),
    title: field(file, doc, 'title', text(120)),
  }
}

export function pageFields(file: string, doc: ParsedDocument): PageFields {
  refuseUnknown(file, doc, ['title', 'description', 'updated'])
  const updated = doc.data.updated === undefined ? undefined : field(file, doc, 'updated', isoDate)
  return {
    title: field(file, doc, 'title', text(120)),
    description: field(file, doc, 'description', text(300)),
    ...(updated ? { updated } : {}),
  }
}
