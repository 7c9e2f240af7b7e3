/**
 * Runs `visit` over many files with a few dozen in flight: post-build steps touch every file
 * in dist/ (thousands with a large blog), and one at a time each waits out the disk's latency.
 */
const IN_FLIGHT = 32

export async function forEachFile<T>(items: T[], visit: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await visit(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, worker))
}
