import { useLayoutEffect, useRef } from 'react'
import { NO_BLOCKS, patchBlocks, type PlacedBlocks } from './patchBlocks'

/**
 * The rendered preview, updated block by block (patchBlocks.ts). React renders the container
 * only; its children belong to patchBlocks.
 */
export function PreviewBlocks({ blocks }: { blocks: readonly string[] }) {
  const container = useRef<HTMLDivElement>(null)
  const placed = useRef<PlacedBlocks>(NO_BLOCKS)

  useLayoutEffect(() => {
    if (container.current) placed.current = patchBlocks(container.current, placed.current, blocks)
  }, [blocks])

  return <div className="prose" ref={container} />
}
