/**
 * A regex engine for shiki that remembers the scans of the block being highlighted.
 *
 * With two themes, shiki tokenises each code block twice, once per theme, and the grammar does
 * exactly the same regex scans both times: the theme only colours the tokens afterwards. The
 * scans (Oniguruma, in WebAssembly) are most of the cost, so this engine records each scan's
 * result and answers the second pass from the record. `forget()` drops the record; the
 * highlighter calls it before every block, so it never holds more than one block's scans.
 */
import type { RegexEngine, RegexEngineString } from 'shiki'

interface ScanResult {
  index: number
  captureIndices: { start: number; end: number; length: number }[]
}

/** A line of text, turned into the inner engine's string only when a scan really runs. */
class LazyString implements RegexEngineString {
  private native: RegexEngineString | undefined
  constructor(
    readonly content: string,
    /** The same number for the same text until `forget()`: the key of this line's scans. */
    readonly textId: number,
    private readonly inner: RegexEngine,
  ) {}
  forScan(): RegexEngineString {
    this.native ??= this.inner.createString(this.content)
    return this.native
  }
  dispose(): void {
    this.native?.dispose?.()
    this.native = undefined
  }
}

export interface ReplayingRegexEngine extends RegexEngine {
  /** Drops every recorded scan: call it between blocks. */
  forget(): void
  /** Scans run by the inner engine since this engine was made (for tests and measurements). */
  readonly innerScans: number
}

export function replayingRegexEngine(inner: RegexEngine): ReplayingRegexEngine {
  let generation = 0
  let textIds = new Map<string, number>()
  let innerScans = 0

  return {
    createString(content) {
      let textId = textIds.get(content)
      if (textId === undefined) textIds.set(content, (textId = textIds.size))
      return new LazyString(content, textId, inner)
    },
    createScanner(patterns) {
      const scanner = inner.createScanner(patterns)
      let scansOf = -1
      let scans = new Map<number, ScanResult | null>()
      return {
        findNextMatchSync(string, startPosition, options) {
          if (!(string instanceof LazyString) || startPosition >= 1_000_000) {
            innerScans += 1
            const text = string instanceof LazyString ? string.forScan() : string
            return scanner.findNextMatchSync(text, startPosition, options)
          }
          if (scansOf !== generation) {
            scans = new Map()
            scansOf = generation
          }
          // Options are a bit mask below 16; positions fit a line of up to a million characters.
          const key = (string.textId * 1_000_000 + startPosition) * 16 + (Number(options) || 0)
          let result = scans.get(key)
          if (result === undefined) {
            innerScans += 1
            result = scanner.findNextMatchSync(string.forScan(), startPosition, options)
            scans.set(key, result)
          }
          return result
        },
        dispose: () => scanner.dispose?.(),
      }
    },
    forget() {
      generation += 1
      textIds = new Map()
    },
    get innerScans() {
      return innerScans
    },
  }
}
