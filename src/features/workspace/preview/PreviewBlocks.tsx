import { useEffect, useLayoutEffect, useRef } from 'react'
import { NO_BLOCKS, patchBlocks, type PlacedBlocks } from './patchBlocks'

const NO_LINES = new Uint32Array()

interface PreviewBlocksProps {
  blocks: readonly string[]
  /** Where each block came from in the note (previewProtocol.ts), handed on with the nodes. */
  lines: Uint32Array
  /** After each patch: the nodes each block became, and their lines (scrollSync.ts). */
  onPlaced?: (nodes: readonly (readonly ChildNode[])[], lines: Uint32Array) => void
}

/**
 * The rendered preview, updated block by block (patchBlocks.ts). React renders the container
 * only; its children belong to patchBlocks.
 */
export function PreviewBlocks({ blocks, lines, onPlaced }: PreviewBlocksProps) {
  const container = useRef<HTMLDivElement>(null)
  const placed = useRef<PlacedBlocks>(NO_BLOCKS)
  const placedListener = useRef(onPlaced)
  placedListener.current = onPlaced

  useLayoutEffect(() => {
    if (!container.current) return
    placed.current = patchBlocks(container.current, placed.current, blocks)
    placedListener.current?.(placed.current.nodes, lines)
  }, [blocks, lines])

  // Gone from the page (the note emptied): nothing left to scroll to.
  useEffect(() => () => placedListener.current?.([], NO_LINES), [])

  return <div className="prose" ref={container} />
}
