/** Names this process has made: with the time, one no earlier name of this process has taken. */
let named = 0

/**
 * `<pid>-<time>-<n>`: a name for a file or folder that no other of this process's names takes,
 * even within one millisecond (the unit tests open caches and set folders aside that fast: the
 * second took the first's name, emptied its pack or was renamed onto it), and that the process
 * id and the time keep apart from other processes' names.
 */
export function processUniqueName(): string {
  named += 1
  return `${process.pid}-${Date.now()}-${named}`
}
