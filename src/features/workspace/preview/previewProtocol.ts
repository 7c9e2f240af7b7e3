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

/** `change`: turns the blocks of the last answer into this one's (htmlBlocks.ts). */
export type PreviewResponse = { id: number; change: BlockChange } | { id: number; error: string }
