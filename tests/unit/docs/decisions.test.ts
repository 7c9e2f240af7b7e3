import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Every decision record follows docs/decisions/0000-template.md, so a reader finds the same parts. */
const DIR = 'docs/decisions'
const records = readdirSync(DIR).filter(
  (file) => /^\d{4}-.+\.md$/.test(file) && !file.startsWith('0000'),
)

describe('decision records', () => {
  it('each have a unique number', () => {
    const numbers = records.map((file) => file.slice(0, 4))
    expect(new Set(numbers).size).toBe(numbers.length)
  })

  it.each(records)(
    '%s has the template: numbered title, date, status, context, decision, consequences',
    (file) => {
      const text = readFileSync(join(DIR, file), 'utf8')
      expect(text).toMatch(new RegExp(`^# ${file.slice(0, 4)} — \\S`))
      expect(text).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m)
      expect(text).toMatch(/^- Status: (proposed|accepted|deprecated|superseded by \[\d{4}\])/m)
      const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1])
      // In this order; a record may add its own sections (Measurements) between them.
      const parts = ['Context', 'Decision', 'Consequences'].map((name) => sections.indexOf(name))
      expect(parts.every((at) => at >= 0)).toBe(true)
      expect([...parts].sort((a, b) => a - b)).toEqual(parts)
    },
  )

  it('cite no outside tracker or spec: the repository stands on its own', () => {
    for (const file of records) {
      const text = readFileSync(join(DIR, file), 'utf8')
      expect(text, file).not.toMatch(/\b[Ii]ssue #?\d+|PRODUCT\.md|ARCHITECTURE\.md|\bthe spec\b/)
    }
  })
})
