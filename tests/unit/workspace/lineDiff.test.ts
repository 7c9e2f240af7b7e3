import { describe, expect, it } from 'vitest'
import { lineDiff, type DiffLine } from '../../../src/features/workspace/lineDiff.ts'

const show = (lines: DiffLine[]) =>
  lines.map((line) => `${{ same: ' ', removed: '-', added: '+' }[line.kind]}${line.text}`)

describe('lineDiff: what changed from the saved version to yours, line by line', () => {
  it('marks nothing when both texts are the same', () => {
    expect(show(lineDiff('a\nb', 'a\nb'))).toEqual([' a', ' b'])
  })

  it('shows a changed line as the old one removed and the new one added, in place', () => {
    expect(show(lineDiff('one\ntwo\nthree', 'one\n2\nthree'))).toEqual([
      ' one',
      '-two',
      '+2',
      ' three',
    ])
  })

  it('keeps the longest run of shared lines, not just a shared start and end', () => {
    expect(show(lineDiff('a\nb\nc\nd', 'b\nc\nx\nd'))).toEqual(['-a', ' b', ' c', '+x', ' d'])
  })

  it('treats an empty text as no lines, so adding to an empty document adds every line', () => {
    expect(show(lineDiff('', 'first\nsecond'))).toEqual(['+first', '+second'])
    expect(show(lineDiff('gone', ''))).toEqual(['-gone'])
    expect(lineDiff('', '')).toEqual([])
  })

  it('compares lines whatever the line endings (a Windows paste against a saved LF text)', () => {
    expect(show(lineDiff('a\nb\n', 'a\r\nb\r\n'))).toEqual([' a', ' b', ' '])
  })

  it('tells a trailing space apart: a line either matches exactly or is changed', () => {
    expect(show(lineDiff('x ', 'x'))).toEqual(['-x ', '+x'])
  })

  it('stays quick and whole on large, mostly different texts (no quadratic table)', () => {
    const saved = Array.from({ length: 20_000 }, (_, i) => `saved ${i}`).join('\n')
    const mine = Array.from({ length: 20_000 }, (_, i) => `mine ${i}`).join('\n')
    const lines = lineDiff(saved, mine)
    // Every line of both texts is accounted for, removed lines before added ones.
    expect(lines.filter((line) => line.kind === 'removed')).toHaveLength(20_000)
    expect(lines.filter((line) => line.kind === 'added')).toHaveLength(20_000)
  })

  it('finds the one changed line in a long text with many repeated lines', () => {
    const base = Array.from({ length: 3_000 }, (_, i) => (i % 2 ? '' : `line ${i}`))
    const edited = [...base]
    edited[1500] = 'changed'
    const lines = lineDiff(base.join('\n'), edited.join('\n'))
    expect(lines.filter((line) => line.kind !== 'same').map((line) => line.text)).toEqual([
      'line 1500',
      'changed',
    ])
  })
})
