/** A row of `public.documents` as the workspace reads it. */
export interface WorkspaceDocument {
  id: string
  title: string
  body: string
  /** Bumped by the database on every update; saves name the version they were based on. */
  version: number
  created_at: string
  updated_at: string
}

/** What the documents list needs (no body: a list of long notes stays cheap). */
export type DocumentSummary = Pick<WorkspaceDocument, 'id' | 'title' | 'version' | 'updated_at'>

export type { PlanId } from '../../lib/plans'
