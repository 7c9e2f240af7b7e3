/** A content problem the build stops on, naming the file and, when known, the line. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
    readonly line?: number,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${detail}`)
    this.name = 'ContentError'
  }
}
