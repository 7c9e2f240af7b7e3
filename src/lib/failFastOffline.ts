/**
 * A `fetch` for supabase-js that gives up at once when the browser knows it is offline.
 * postgrest-js retries a read (GET, HEAD) whose fetch threw, three times, 1, 2 and 4 s apart,
 * and stops early only for an AbortError (@supabase/postgrest-js 2.109, PostgrestBuilder.then,
 * executeWithRetry): offline, opening a note or an export said it could not be done 7 s late,
 * "Opening…" on screen meanwhile. A fetch that fails while `navigator.onLine` is false is
 * therefore passed on as an AbortError, which postgrest-js answers at once with status 0 (what
 * documentsApi.ts reads as offline). Online, nothing changes: a connection that drops for a
 * moment is still retried, and a slow one is waited for.
 */
export function failFastOffline(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await fetchImpl(input, init)
    } catch (error) {
      if (error instanceof TypeError && navigator.onLine === false)
        throw new DOMException(`Offline: ${error.message}`, 'AbortError')
      throw error
    }
  }
}
