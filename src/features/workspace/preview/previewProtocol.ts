/**
 * Messages between the page and the preview worker. Both sides remember the last text and the
 * last blocks, and send only what changed (textChange.ts, blockChange.ts); messages arrive in
 * order, so each change applies to what the other side holds.
 */
import type { TextChange } from '../textChange'
import type { BlockChange } from './blockChange'

export interface PreviewRequest {
  id: number
  /** Turns the text of the last request into this one's. */
  change: TextChange
  siteOrigin?: string
}

/**
 * `change`: turns the blocks of the last answer into this one's (htmlBlocks.ts). `lines`: where
 * every block of this answer came from in the text (segmentedRender.ts `blockLines`), whole: a
 * line typed near the top moves them all. Two numbers a block, transferred rather than copied.
 */
export type PreviewResponse =
  { id: number; change: BlockChange; lines: Uint32Array } | { id: number; error: string }
