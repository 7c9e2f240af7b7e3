/**
 * Tells the page what part of the note the editor shows, so the preview can show the same part
 * (scrollSync.ts). It runs in CodeMirror's own measuring pass (`requestMeasure`): the reads
 * happen beside the editor's, on a layout the editor has brought up to date anyway, and the
 * preview is scrolled in the writing pass after them, so following the editor never forces a
 * layout of its own, whatever moved it (wheel, keyboard, cursor, typing).
 */
import { Transaction } from '@codemirror/state'
import { ViewPlugin, type EditorView, type ViewUpdate } from '@codemirror/view'

/** Where the editor is in the note. */
export interface SourceAnchor {
  /** The line at the editor's top (1-based), with the part of it scrolled past: 12.25. */
  line: number
  /**
   * How far the editor is into its last screen of scrolling, from 0 to 1: at 1 the editor shows
   * the note's end, and so should the preview, however tall the blocks above the end are drawn.
   */
  toEnd: number
  /**
   * Where the cursor is, as a line with the share of it before the cursor (12.5: half way along
   * line 12), while its line is on the editor's screen; null when the person has scrolled it out
   * of view. The preview keeps the block with the cursor in view (scrollSync.ts): in a note that
   * fits in the editor but is taller rendered, the editor never scrolls, and the top line alone
   * would leave what is being typed below the preview's end.
   */
  cursor: number | null
}

/**
 * What follows the editor. `read` runs in the measuring pass and may only read layout;
 * `byPerson` says the person scrolled or edited in the editor (rather than the editor's size
 * changing). Its answer goes to `write`, which runs after every read of the pass.
 */
export interface ScrollFollower<Measured> {
  read(anchor: SourceAnchor | null, byPerson: boolean): Measured
  write(measured: Measured): void
}

const clamp = (value: number) => Math.min(1, Math.max(0, value))

/** The editor's place in the note, or null while it is hidden (the phone's preview shows). */
export function editorAnchor(view: EditorView): SourceAnchor | null {
  const scroller = view.scrollDOM
  const height = scroller.clientHeight
  if (height === 0) return null
  const scrollTop = scroller.scrollTop
  const maxScroll = scroller.scrollHeight - height
  // Heights in the editor's height map start at the document's top, below the content's padding.
  const documentTop =
    view.documentTop - scroller.getBoundingClientRect().top - scroller.clientTop + scrollTop
  const topHeight = scrollTop - documentTop
  const block = view.lineBlockAtHeight(topHeight)
  const within = block.height > 0 ? clamp((topHeight - block.top) / block.height) : 0
  const lastScreen = Math.max(0, maxScroll - height)
  return {
    line: view.state.doc.lineAt(block.from).number + within,
    toEnd: maxScroll > lastScreen ? clamp((scrollTop - lastScreen) / (maxScroll - lastScreen)) : 0,
    cursor: cursorPlace(view, topHeight, height),
  }
}

/**
 * The cursor's place (`SourceAnchor.cursor`), or null when its line is not in the `height` pixels
 * of the note the editor shows from `topHeight` down.
 */
function cursorPlace(view: EditorView, topHeight: number, height: number): number | null {
  const head = view.state.selection.main.head
  const block = view.lineBlockAt(head)
  if (block.bottom <= topHeight || block.top >= topHeight + height) return null
  const line = view.state.doc.lineAt(head)
  return line.number + (head - line.from) / (line.length + 1)
}

/**
 * The extension: tells `follower` whenever the editor scrolls, is edited, its cursor is moved or
 * it changes size.
 */
export function followScroll<Measured>(follower: ScrollFollower<Measured>) {
  return ViewPlugin.fromClass(
    class {
      /** Whether the person moved the editor since the last measuring pass. */
      private byPerson = false
      private readonly onScroll = () => this.request(true)

      constructor(private readonly view: EditorView) {
        view.scrollDOM.addEventListener('scroll', this.onScroll, { passive: true })
      }

      update(update: ViewUpdate) {
        // Typed, deleted, pasted, undone: not a change from another device.
        const edited = update.transactions.some(
          (transaction) =>
            transaction.docChanged && transaction.annotation(Transaction.userEvent) !== undefined,
        )
        // The cursor moved by the person (a key, a click, a search): the preview shows its block.
        const moved = update.transactions.some(
          (transaction) => transaction.selection && transaction.isUserEvent('select'),
        )
        if (edited || moved || update.geometryChanged) this.request(edited || moved)
      }

      private request(byPerson: boolean) {
        this.byPerson ||= byPerson
        // One request a pass however many events came (`key`).
        this.view.requestMeasure({
          key: this,
          read: (view) => {
            const by = this.byPerson
            this.byPerson = false
            return follower.read(editorAnchor(view), by)
          },
          write: (measured) => follower.write(measured),
        })
      }

      destroy() {
        this.view.scrollDOM.removeEventListener('scroll', this.onScroll)
      }
    },
  )
}
