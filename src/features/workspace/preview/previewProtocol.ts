/** Messages between the page and the preview worker. */
export interface PreviewRequest {
  id: number
  markdown: string
  siteOrigin?: string
}

/** `blocks`: the rendered HTML cut into its top-level blocks (htmlBlocks.ts). */
export type PreviewResponse = { id: number; blocks: string[] } | { id: number; error: string }
