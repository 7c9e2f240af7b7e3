import { describe, expect, it, vi } from 'vitest'
import { formatDate, formatLocalDay } from '../../../src/lib/formatDate.ts'

describe('formatDate', () => {
  it("writes every day as Intl's en-US long date in UTC does, without calling it", () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    })
    // Every day of a leap year and of the year after.
    for (let day = Date.UTC(2028, 0, 1); day < Date.UTC(2030, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10)
      expect(formatDate(iso), iso).toBe(intl.format(new Date(day)))
    }
    expect(formatDate('2026-03-14')).toBe('March 14, 2026')
  })

  it('needs no Intl.DateTimeFormat (costly in a page’s hydration)', () => {
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat')
    try {
      formatDate('2026-11-26')
      expect(dateTimeFormat).not.toHaveBeenCalled()
    } finally {
      dateTimeFormat.mockRestore()
    }
  })

  it('refuses what is not a date instead of writing "undefined"', () => {
    expect(() => formatDate('2026-13-01')).toThrow('Not a date: "2026-13-01"')
    expect(() => formatDate('soon')).toThrow('Not a date')
  })
})

describe('formatLocalDay', () => {
  it('writes a moment as the day it falls on here, spelt as formatDate spells days', () => {
    // Late in the evening here, whatever day it already is in UTC.
    const lateEvening = new Date(2026, 11, 28, 23, 30).toISOString()
    expect(formatLocalDay(lateEvening)).toBe('December 28, 2026')
    expect(formatLocalDay('2026-03-14T12:00:00+00:00')).toBe(formatDate('2026-03-14'))
  })

  it('refuses what is not a moment', () => {
    expect(() => formatLocalDay('soon')).toThrow('Not a date: "soon"')
  })
})
