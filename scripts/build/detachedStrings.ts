/**
 * Short strings cut out of a page, kept without keeping the page. V8 represents a substring of
 * 13 characters or more as a view into the string it was cut from, so a link target matched in
 * a 200 KB page kept that whole page alive for as long as the target was kept: every page of
 * the build, until the link check at the end (≈ 0.5 GB with a thousand code-heavy posts).
 */

/** A copy of `value` that refers to no other string. */
export function detached(value: string): string {
  return JSON.parse(JSON.stringify(value)) as string
}

/** One detached copy per distinct value: pages share most of their links. */
export class DetachedStrings {
  private readonly kept = new Map<string, string>()

  keep(value: string): string {
    let copy = this.kept.get(value)
    if (copy === undefined) {
      copy = detached(value)
      this.kept.set(copy, copy)
    }
    return copy
  }
}
