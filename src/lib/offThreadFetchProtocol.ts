/** Messages between the page and the fetch worker (offThreadFetch.ts). */
export interface OffThreadRequest {
  id: number
  url: string
  method: string
  headers: [string, string][]
  body: string
}

export type OffThreadResponse =
  | {
      id: number
      status: number
      statusText: string
      headers: [string, string][]
      body: string
    }
  /** The request never got an answer (offline, refused): fetch's own TypeError. */
  | { id: number; error: string }
