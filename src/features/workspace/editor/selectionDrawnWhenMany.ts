/**
 * The browser's own caret and selection for one cursor; CodeMirror's drawn ones
 * (`drawSelection`) only while there are several, which the browser cannot show.
 *
 * A drawn cursor is a layer CodeMirror measures and redraws after every keystroke, and each
 * redraw restarts its blink animation. In Chromium that put a second frame behind most keys:
 * `npm run bench:editor` on 2026-11-27 gave, with the drawn cursor and then with the browser's,
 * p95 23 → 13–18 ms in the 10 KB note and 27–30 → 19–23 ms in the 100 KB one; CodeMirror alone
 * on a page of its own, 100 KB, 20–21 → 7–10 ms (decision 0037). Several cursors come from
 * Ctrl/⌘+D and Ctrl/⌘+Shift+L (searchOnDemand.ts) and Ctrl/Alt+click; the transaction that
 * makes the second range also switches the drawn layers on, and the one that leaves a single
 * range switches them off, so no frame shows ranges the person cannot see.
 */
import { Compartment, EditorState, type Extension } from '@codemirror/state'
import { drawSelection } from '@codemirror/view'

export function selectionDrawnWhenMany(): Extension {
  const drawn = new Compartment()
  const native: Extension = []
  return [
    // drawSelection() allows several ranges itself; without it they would merge into one.
    EditorState.allowMultipleSelections.of(true),
    drawn.of(native),
    EditorState.transactionExtender.of((tr) => {
      const many = tr.newSelection.ranges.length > 1
      const drawing = drawn.get(tr.startState) !== native
      if (many === drawing) return null
      return { effects: drawn.reconfigure(many ? drawSelection() : native) }
    }),
  ]
}
