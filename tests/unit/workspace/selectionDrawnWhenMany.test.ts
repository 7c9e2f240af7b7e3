// @vitest-environment jsdom
import { EditorSelection, EditorState } from '@codemirror/state'
import { EditorView, runScopeHandlers } from '@codemirror/view'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMarkdownEditor,
  type MarkdownEditorHandle,
} from '../../../src/features/workspace/editor/createMarkdownEditor.ts'
import { searchOnDemand } from '../../../src/features/workspace/editor/searchOnDemand.ts'
import { selectionDrawnWhenMany } from '../../../src/features/workspace/editor/selectionDrawnWhenMany.ts'

let view: EditorView | undefined
let handle: MarkdownEditorHandle | undefined
afterEach(() => {
  view?.destroy()
  handle?.destroy()
  view = handle = undefined
  document.body.innerHTML = ''
})

function editor(doc: string): EditorView {
  view = new EditorView({
    parent: document.body,
    state: EditorState.create({ doc, extensions: [selectionDrawnWhenMany(), searchOnDemand()] }),
  })
  return view
}

/** Whether CodeMirror draws the cursors and selection itself (and hides the browser's). */
const drawsSelection = (view: EditorView): boolean =>
  view.dom.querySelector('.cm-cursorLayer') !== null &&
  view.dom.querySelector('.cm-selectionLayer') !== null

describe('the selection is drawn only when there are several ranges', () => {
  it('leaves one cursor, and one selected range, to the browser', () => {
    const view = editor('alpha beta alpha')
    expect(drawsSelection(view)).toBe(false)
    view.dispatch({ selection: { anchor: 0, head: 5 } })
    expect(drawsSelection(view)).toBe(false)
  })

  it('draws every range from the transaction that makes a second one, and stops after', () => {
    const view = editor('alpha beta alpha')
    view.dispatch({
      selection: EditorSelection.create([EditorSelection.cursor(1), EditorSelection.cursor(12)]),
    })
    expect(view.state.selection.ranges).toHaveLength(2)
    expect(drawsSelection(view)).toBe(true)

    view.dispatch({ selection: { anchor: 3 } })
    expect(drawsSelection(view)).toBe(false)
  })

  it('keeps and shows both occurrences Ctrl+D selects', async () => {
    const view = editor('alpha beta alpha')
    view.dispatch({ selection: { anchor: 2 } })
    const ctrlD = () =>
      runScopeHandlers(view, new KeyboardEvent('keydown', { key: 'd', ctrlKey: true }), 'editor')
    ctrlD() // loads find and replace, then selects the word
    await vi.waitFor(() => expect(view.state.selection.main.empty).toBe(false))
    ctrlD() // the next occurrence, as a second range
    expect(view.state.selection.ranges.map((r) => [r.from, r.to])).toEqual([
      [0, 5],
      [11, 16],
    ])
    expect(drawsSelection(view)).toBe(true)
  })

  it('is how the note editor shows its cursor', () => {
    const parent = document.createElement('div')
    document.body.append(parent)
    handle = createMarkdownEditor({
      parent,
      doc: '# Title\n\nText',
      dark: false,
      label: 'Note',
      onChange: () => undefined,
      onTyping: () => undefined,
      onSave: () => undefined,
      onFiles: () => undefined,
    })
    expect(parent.querySelector('.cm-editor')).not.toBeNull()
    expect(parent.querySelector('.cm-cursorLayer')).toBeNull()
  })
})
