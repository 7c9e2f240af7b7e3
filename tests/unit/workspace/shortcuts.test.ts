import { describe, expect, it } from 'vitest'
import { resultsKeyFor, shortcutFor } from '../../../src/features/workspace/shortcuts.ts'

const key = (k: string, extra: Partial<Parameters<typeof shortcutFor>[0]> = {}) =>
  shortcutFor({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    inTextField: false,
    ...extra,
  })

describe('dashboard shortcuts', () => {
  it('N starts a document and / searches, but never while typing', () => {
    expect(key('n')).toBe('new-document')
    expect(key('N')).toBe('new-document')
    expect(key('/')).toBe('search')
    expect(key('n', { inTextField: true })).toBeNull()
    expect(key('/', { inTextField: true })).toBeNull()
    expect(key('n', { altKey: true })).toBeNull()
    expect(key('x')).toBeNull()
  })

  it('Ctrl or Cmd+S saves and Ctrl or Cmd+K searches, even in the editor', () => {
    expect(key('s', { ctrlKey: true, inTextField: true })).toBe('save')
    expect(key('S', { metaKey: true })).toBe('save')
    expect(key('k', { ctrlKey: true, inTextField: true })).toBe('search')
    expect(key('s')).toBeNull()
    expect(key('n', { ctrlKey: true })).toBeNull() // the browser's new window stays the browser's
  })

  it('Ctrl or Cmd+Alt+N starts a document, as the tour promises, even in the editor', () => {
    expect(key('n', { ctrlKey: true, altKey: true, inTextField: true })).toBe('new-document')
    // macOS: Alt turns N into a dead key; the physical key still says N.
    expect(key('Dead', { metaKey: true, altKey: true, code: 'KeyN' })).toBe('new-document')
  })
})

describe('undoing a deletion', () => {
  it('Ctrl or Cmd+Z outside text undoes it; in text it stays the text’s undo', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo-delete')
    expect(key('Z', { metaKey: true })).toBe('undo-delete')
    expect(key('z', { ctrlKey: true, inTextField: true })).toBeNull()
    expect(key('z', { ctrlKey: true, shiftKey: true })).toBeNull()
    expect(key('z')).toBeNull()
  })
})

describe('keys in the title search and its results', () => {
  const press = (k: string, extra: Partial<Parameters<typeof resultsKeyFor>[0]> = {}) =>
    resultsKeyFor({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...extra })

  it('Enter opens the first match, the arrows move, Escape clears', () => {
    expect(press('Enter')).toBe('open-first')
    expect(press('ArrowDown')).toBe('next')
    expect(press('ArrowUp')).toBe('previous')
    expect(press('Escape')).toBe('clear')
    expect(press('a')).toBeNull()
  })

  it('leaves alone an Enter that ends an input method composition, and chords', () => {
    expect(press('Enter', { isComposing: true })).toBeNull()
    expect(press('Enter', { ctrlKey: true })).toBeNull()
    expect(press('ArrowDown', { shiftKey: true })).toBeNull()
  })
})
