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
  // The current block's record: line ids by text, and each scanner's results by line and
  // position. forget() replaces both.
  let textIds = new Map<string, number>()
  let scansByScanner = new WeakMap<object, Map<number, ScanResult | null>>()
  let innerScans = 0

  return {
    createString(content) {
      let textId = textIds.get(content)
      if (textId === undefined) textIds.set(content, (textId = textIds.size))
      return new LazyString(content, textId, inner)
    },
    createScanner(patterns) {
      const scanner = inner.createScanner(patterns)
      const scan: typeof scanner.findNextMatchSync = (string, startPosition, options) => {
        innerScans += 1
        const text = string instanceof LazyString ? string.forScan() : string
        return scanner.findNextMatchSync(text, startPosition, options)
      }
      return {
        findNextMatchSync(string, startPosition, options) {
          if (!(string instanceof LazyString) || startPosition >= 1_000_000) {
            return scan(string, startPosition, options)
          }
          let scans = scansByScanner.get(scanner)
          if (!scans) scansByScanner.set(scanner, (scans = new Map()))
          // Options are a bit mask below 16; positions fit a line of up to a million characters.
          const key = (string.textId * 1_000_000 + startPosition) * 16 + (Number(options) || 0)
          let result = scans.get(key)
          if (result === undefined) {
            result = scan(string, startPosition, options)
            scans.set(key, result)
          }
          return result
        },
        dispose: () => scanner.dispose?.(),
      }
    },
    forget() {
      textIds = new Map()
      scansByScanner = new WeakMap()
    },
    get innerScans() {
      return innerScans
    },
  }
}
