/**
 * What the preview worker sends back instead of every block: the blocks that differ from its
 * last answer, and where they go. For a long note the whole list was a megabyte and more of
 * HTML for the page to copy in after every pause in typing, when one paragraph had changed.
 * Blocks the page keeps are the very strings it already had, so comparing them (patchBlocks.ts)
 * costs nothing either.
 */
export interface BlockChange {
  /** `previous.slice(start, end)` is replaced by `insert`. */
  start: number
  end: number
  insert: string[]
}

export function blockChange(previous: readonly string[], next: readonly string[]): BlockChange {
  let start = 0
  while (start < previous.length && start < next.length && previous[start] === next[start])
    start += 1
  let end = previous.length
  let endNext = next.length
  while (end > start && endNext > start && previous[end - 1] === next[endNext - 1]) {
    end -= 1
    endNext -= 1
  }
  return { start, end, insert: next.slice(start, endNext) }
}

/** The blocks after `change`; `previous` itself when nothing changed. */
export function applyBlockChange(previous: readonly string[], change: BlockChange): string[] {
  if (change.start === change.end && change.insert.length === 0) return previous as string[]
  return [...previous.slice(0, change.start), ...change.insert, ...previous.slice(change.end)]
}
