/**
 * The smallest single edit between two texts: what the editor dispatches when a text is
 * replaced from outside (undo and the cursor stay sensible), and what the page sends the preview
 * worker instead of the whole text (copying a megabyte to the worker after every pause in
 * typing cost the page more than finding the edit does).
 */
export interface TextChange {
  from: number
  to: number
  insert: string
}

/** The one change that turns `from` into `to`: a common start and end are left out. */
export function minimalChange(from: string, to: string): TextChange {
  let start = 0
  const max = Math.min(from.length, to.length)
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start += 1
  let endFrom = from.length
  let endTo = to.length
  while (
    endFrom > start &&
    endTo > start &&
    from.charCodeAt(endFrom - 1) === to.charCodeAt(endTo - 1)
  ) {
    endFrom -= 1
    endTo -= 1
  }
  return { from: start, to: endFrom, insert: to.slice(start, endTo) }
}

export function applyTextChange(text: string, change: TextChange): string {
  return text.slice(0, change.from) + change.insert + text.slice(change.to)
}
