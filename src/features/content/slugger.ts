/**
 * GitHub-style heading ids: lowercase, punctuation dropped, spaces to hyphens, and a numeric
 * suffix for repeats (`setup`, `setup-1`), so links to sections stay stable and unique.
 */

/** A heading's id before any suffix for repeats. */
export function slugBase(text: string): string {
  return (
    text
      .toLowerCase()
      .trim()
      .replace(/[^\p{Letter}\p{Number}\s_-]/gu, '')
      .replace(/\s+/g, '-') || 'section'
  )
}

/**
 * `seen` counts the headings given an id so far, by base: the preview, which renders a note in
 * segments, passes its own to carry the count from one segment to the next.
 */
export function createSlugger(seen = new Map<string, number>()): (text: string) => string {
  return (text) => {
    const base = slugBase(text)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return count === 0 ? base : `${base}-${count}`
  }
}
