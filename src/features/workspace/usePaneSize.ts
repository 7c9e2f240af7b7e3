import { useCallback, useState } from 'react'

/**
 * One remembered pane size (the document list's width, the editor's share beside the preview).
 * Kept per device in localStorage rather than in the account: a laptop and a phone want
 * different layouts, and a resize should not cost a request.
 */
export interface PaneSizeRange {
  min: number
  max: number
  initial: number
}

const STORAGE_PREFIX = 'folio.workspace.'

export function clampSize(value: number, { min, max }: PaneSizeRange): number {
  return Math.round(Math.min(max, Math.max(min, value)))
}

function readStored(name: string, range: PaneSizeRange): number {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_PREFIX + name))
    // A missing or hand-edited value falls back rather than breaking the layout.
    return Number.isFinite(stored) && stored > 0 ? clampSize(stored, range) : range.initial
  } catch {
    return range.initial
  }
}

export function usePaneSize(name: string, range: PaneSizeRange): [number, (value: number) => void] {
  const [size, setSize] = useState(() =>
    typeof window === 'undefined' ? range.initial : readStored(name, range),
  )
  const update = useCallback(
    (value: number) => {
      const next = clampSize(value, range)
      setSize(next)
      try {
        window.localStorage.setItem(STORAGE_PREFIX + name, String(next))
      } catch {
        // Storage full or blocked: the size still applies until the page is left.
      }
    },
    // The range is a module constant at every call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [name],
  )
  return [size, update]
}
