/**
 * GitHub-style heading ids: lowercase, punctuation dropped, spaces to hyphens, and a numeric
 * suffix for repeats (`setup`, `setup-1`), so links to sections stay stable and unique.
 */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>()
  return (text) => {
    const base =
      text
        .toLowerCase()
        .trim()
        .replace(/[^\p{Letter}\p{Number}\s_-]/gu, '')
        .replace(/\s+/g, '-') || 'section'
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return count === 0 ? base : `${base}-${count}`
  }
}
