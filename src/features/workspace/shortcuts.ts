/**
 * The dashboard's keyboard shortcuts. Single keys work only outside text fields (as in Gmail or
 * GitHub), so typing is never hijacked; the save chord works everywhere.
 */
export type ShortcutAction = 'new-document' | 'search' | 'save' | 'undo-delete'

export interface KeyLike {
  key: string
  /** The physical key ('KeyN'): with Alt held, macOS types '˜' for N, so `key` alone misses it. */
  code?: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  shiftKey?: boolean
  /** Whether focus is in something that takes text (input, textarea, the editor). */
  inTextField: boolean
}

/** What the dashboard and the product tour promise; Ctrl/⌘ means either key. */
export const SHORTCUT_HELP: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['Ctrl/⌘', 'Alt', 'N'], action: 'New document' },
  { keys: ['Ctrl/⌘', 'K'], action: 'Search titles' },
  { keys: ['Ctrl/⌘', 'S'], action: 'Save now' },
]

export function shortcutFor(event: KeyLike): ShortcutAction | null {
  const mod = event.ctrlKey || event.metaKey
  // Ctrl/⌘+Alt+N rather than Ctrl/⌘+N, which the browser keeps for a new window.
  if (mod && event.altKey && (event.code === 'KeyN' || event.key.toLowerCase() === 'n'))
    return 'new-document'
  if (mod && !event.altKey && event.key.toLowerCase() === 's') return 'save'
  if (mod && !event.altKey && event.key.toLowerCase() === 'k') return 'search'
  if (event.inTextField) return null
  // Outside text, where the browser has no undo of its own: the undo a deletion offers for a
  // few seconds, which by Tab is at the far end of the page.
  if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z')
    return 'undo-delete'
  if (mod || event.altKey) return null
  if (event.key === '/') return 'search'
  if (event.key === 'n' || event.key === 'N') return 'new-document'
  return null
}

export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag !== 'INPUT') return false
  const type = (target as HTMLInputElement).type
  return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(type)
}

/** Keys in the title search and the results under it. */
export type ResultsKey = 'open-first' | 'next' | 'previous' | 'clear'

/**
 * As in a command palette: in the search field Enter opens the first match and ↓ steps into
 * the results; there ↑ and ↓ move along them, ↑ from the first back to the field.
 */
export function resultsKeyFor(
  event: Pick<KeyLike, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'> & {
    isComposing?: boolean
  },
): ResultsKey | null {
  // The Enter that ends an input method's composition (Japanese, Chinese…) picks the typed
  // word; it is not the person's Enter.
  if (event.isComposing) return null
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null
  if (event.key === 'Enter') return 'open-first'
  if (event.key === 'ArrowDown') return 'next'
  if (event.key === 'ArrowUp') return 'previous'
  if (event.key === 'Escape') return 'clear'
  return null
}
