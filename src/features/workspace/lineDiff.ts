/**
 * A line diff for the conflict panel: what differs between the version saved elsewhere and the
 * text on this screen. Myers' algorithm (the one `git diff` starts from) on the lines between
 * the shared start and end, so the usual conflict, a few lines apart in a long note, costs
 * next to nothing. Texts that differ almost everywhere stop early and are shown as one block
 * removed and one added, which is what a reader would make of them anyway.
 */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added'
  text: string
}

/** Beyond this many changed lines the exact diff is no longer worth its time and memory. */
const MAX_EDITS = 1000

function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/\r?\n/)
}

/** `before` → `after`: removed lines come from `before`, added ones from `after`. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = splitLines(before)
  const b = splitLines(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1
    endB -= 1
  }
  const same = (lines: string[]): DiffLine[] => lines.map((text) => ({ kind: 'same', text }))
  const middleA = a.slice(start, endA)
  const middleB = b.slice(start, endB)
  const middle = myers(middleA, middleB) ?? [
    ...middleA.map((text): DiffLine => ({ kind: 'removed', text })),
    ...middleB.map((text): DiffLine => ({ kind: 'added', text })),
  ]
  return [...same(a.slice(0, start)), ...middle, ...same(a.slice(endA))]
}

/** The shortest edit script from `a` to `b`, or null when it needs more than MAX_EDITS edits. */
function myers(a: string[], b: string[]): DiffLine[] | null {
  const n = a.length
  const m = b.length
  const max = n + m
  if (max === 0) return []
  const offset = max + 1
  // v[k + offset]: the furthest x reached on diagonal k (k = x - y).
  const v = new Int32Array(2 * max + 3)
  // trace[d]: the diagonals -(d+1)..(d+1) as they were before step d, for the walk back.
  const trace: Int32Array[] = []
  for (let d = 0; d <= Math.min(max, MAX_EDITS); d += 1) {
    trace.push(v.slice(offset - d - 1, offset + d + 2))
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x += 1
        y += 1
      }
      v[offset + k] = x
      if (x >= n && y >= m) return walkBack(a, b, trace)
    }
  }
  return null
}

function walkBack(a: string[], b: string[], trace: Int32Array[]): DiffLine[] {
  const lines: DiffLine[] = []
  let x = a.length
  let y = b.length
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const snapshot = trace[d]!
    const at = (k: number) => snapshot[k + d + 1]!
    const k = x - y
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
    const previousX = d === 0 ? 0 : at(previousK)
    const previousY = previousX - previousK
    while (x > previousX && y > previousY) {
      x -= 1
      y -= 1
      lines.push({ kind: 'same', text: a[x]! })
    }
    if (d === 0) break
    if (x === previousX) lines.push({ kind: 'added', text: b[previousY]! })
    else lines.push({ kind: 'removed', text: a[previousX]! })
    x = previousX
    y = previousY
  }
  return lines.reverse()
}
