/**
 * Runs `work` in a task of its own when the page is idle, at the latest after `timeoutMs`, or
 * soon in a zero-delay timer where the browser has no idle callbacks. Returns what cancels it.
 * `win` is for tests.
 */
type IdleWindow = Pick<
  Window,
  'requestIdleCallback' | 'cancelIdleCallback' | 'setTimeout' | 'clearTimeout'
>

export function whenIdle(
  work: () => void,
  timeoutMs: number,
  win: IdleWindow = window,
): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(work, { timeout: timeoutMs })
    return () => win.cancelIdleCallback(handle)
  }
  const handle = win.setTimeout(work, 0)
  return () => win.clearTimeout(handle)
}
