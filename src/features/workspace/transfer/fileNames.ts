/**
 * File names for documents in an export: the title made safe for every common file system,
 * and unique (case-insensitively, as macOS and Windows compare) with " (2)", " (3)"…
 */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i
const MAX_STEM = 100

export function safeFileStem(title: string): string {
  const stem = title
    .normalize('NFC')
    // Path separators, characters Windows refuses, and control characters.
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // Leading dots hide a file or climb folders; trailing ones vanish on Windows.
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, MAX_STEM)
    .trim()
  if (!stem) return 'Untitled'
  return RESERVED.test(stem) ? `${stem}_` : stem
}

/** Hands out stems one title at a time (an export names documents page by page). */
export function createStemAllocator(): (title: string) => string {
  const taken = new Set<string>()
  return (title) => {
    const base = safeFileStem(title)
    let stem = base
    for (let n = 2; taken.has(stem.toLowerCase()); n++) stem = `${base} (${n})`
    taken.add(stem.toLowerCase())
    return stem
  }
}

/** One stem per title, in order, none equal to another ignoring case. */
export function uniqueFileStems(titles: readonly string[]): string[] {
  return titles.map(createStemAllocator())
}
