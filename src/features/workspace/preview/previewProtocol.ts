/** Messages between the page and the preview worker. */
export interface PreviewRequest {
  id: number
  markdown: string
  siteOrigin?: string
}

export type PreviewResponse = { id: number; html: string } | { id: number; error: string }
