/**
 * The CodeMirror 6 editor for documents. This module and everything it imports is loaded only
 * when the dashboard opens a document (a dynamic import from MarkdownEditor.tsx), never by a
 * public page. Fenced code is highlighted in its own language, whose parser is fetched the first
 * time a fence names it (fenceLanguages.ts), and the list of languages the first time a note has a
 * fence (fenceLanguageLookup.ts).
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { markdown, markdownLanguage } from '@codemirror/lang-markdown'
import { indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { Annotation, Compartment, EditorState } from '@codemirror/state'
import {
  EditorView,
  dropCursor,
  highlightActiveLine,
  highlightSpecialChars,
  keymap,
  placeholder,
} from '@codemirror/view'
import { editorTheme, markdownHighlightStyle } from './editorTheme'
import { fenceLanguageFor, fetchFenceLanguagesFor } from './fenceLanguageLookup'
import { searchOnDemand } from './searchOnDemand'
import { selectionDrawnWhenMany } from './selectionDrawnWhenMany'
import { minimalChange } from '../textChange'
import { createTextHandover } from './textHandover'
import { followScroll, type ScrollFollower } from './scrollAnchor'

export interface MarkdownEditorOptions {
  parent: HTMLElement
  doc: string
  dark: boolean
  /** Accessible name of the text area. */
  label: string
  /** The whole text after the person typed, handed over when typing pauses (textHandover.ts). */
  onChange: (text: string) => void
  /** Every keystroke, at once and cheaply (no text): the document has unsaved changes. */
  onTyping: () => void
  onSave: () => void
  /** Files pasted or dropped (images become attachments), and where they should go. */
  onFiles: (files: File[], position: number) => void
  /** Told where the editor is in the note as it scrolls (the preview follows, scrollSync.ts). */
  follow?: ScrollFollower<unknown>
}

export interface MarkdownEditorHandle {
  /** Hands typed text not yet passed to `onChange` over now. */
  flushChanges: () => void
  /** Replaces the text from outside (another tab's edit, a conflict choice), keeping the cursor. */
  replaceDoc: (text: string) => void
  /** Inserts text at a position (clamped to the document), e.g. an uploaded image's link. */
  insertAt: (position: number, text: string) => void
  /** Where the cursor is, for what a button inserts there. */
  cursor: () => number
  setDark: (dark: boolean) => void
  /** Renames the text area for assistive tech, as the document's title changes. */
  setLabel: (label: string) => void
  focus: () => void
  destroy: () => void
}

/** Marks changes that did not come from the person typing, so they are not echoed back. */
const external = Annotation.define<boolean>()

/** Every dropped or pasted file goes to the page, which explains what it cannot attach. */
function filesOf(list: FileList | null | undefined): File[] {
  return [...(list ?? [])]
}

export function createMarkdownEditor(options: MarkdownEditorOptions): MarkdownEditorHandle {
  fetchFenceLanguagesFor(options.doc)
  const themeMode = new Compartment()
  const labelling = new Compartment()
  const handover = createTextHandover({
    read: () => view.state.doc.toString(),
    deliver: options.onChange,
  })
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        highlightSpecialChars(),
        history(),
        selectionDrawnWhenMany(),
        dropCursor(),
        indentOnInput(),
        highlightActiveLine(),
        searchOnDemand(),
        EditorView.lineWrapping,
        // No tag-name completion: the editor has no completion UI, and HTML inside markdown is
        // coloured by htmlInMarkdown.ts in the client build.
        markdown({
          base: markdownLanguage,
          codeLanguages: fenceLanguageFor,
          completeHTMLTags: false,
        }),
        syntaxHighlighting(markdownHighlightStyle),
        editorTheme,
        themeMode.of(EditorView.theme({}, { dark: options.dark })),
        placeholder('Start writing markdown…'),
        options.follow ? followScroll(options.follow) : [],
        // tabindex: the scroller around the text counts as keyboard-reachable for assistive tech.
        EditorView.contentAttributes.of({ 'aria-multiline': 'true', tabindex: '0' }),
        labelling.of(EditorView.contentAttributes.of({ 'aria-label': options.label })),
        keymap.of([
          {
            key: 'Mod-s',
            preventDefault: true,
            run: () => {
              handover.flush()
              options.onSave()
              return true
            },
          },
          ...historyKeymap,
          ...defaultKeymap,
        ]),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return
          if (update.transactions.every((tr) => tr.annotation(external))) return
          options.onTyping()
          handover.changed()
        }),
        EditorView.domEventHandlers({
          // Whatever the person does next (download, switch, close) sees the text they typed.
          blur() {
            handover.flush()
            return false
          },
          paste(event, view) {
            const files = filesOf(event.clipboardData?.files)
            if (files.length === 0) return false
            event.preventDefault()
            options.onFiles(files, view.state.selection.main.head)
            return true
          },
          drop(event, view) {
            const files = filesOf(event.dataTransfer?.files)
            if (files.length === 0) return false
            event.preventDefault()
            const position =
              view.posAtCoords({ x: event.clientX, y: event.clientY }) ??
              view.state.selection.main.head
            options.onFiles(files, position)
            return true
          },
        }),
      ],
    }),
  })

  return {
    flushChanges: handover.flush,
    replaceDoc(text) {
      // The session took in any typed text before deciding to replace it (receiveRemote,
      // resolveConflict), so nothing typed is lost here.
      const current = view.state.doc.toString()
      if (current === text) return
      view.dispatch({
        changes: minimalChange(current, text),
        annotations: external.of(true),
      })
    },
    cursor: () => view.state.selection.main.head,
    insertAt(position, text) {
      const at = Math.max(0, Math.min(position, view.state.doc.length))
      view.dispatch({
        changes: { from: at, insert: text },
        selection: { anchor: at + text.length },
        scrollIntoView: true,
      })
    },
    setDark(dark) {
      view.dispatch({ effects: themeMode.reconfigure(EditorView.theme({}, { dark })) })
    },
    setLabel(label) {
      view.dispatch({
        effects: labelling.reconfigure(EditorView.contentAttributes.of({ 'aria-label': label })),
      })
    },
    focus() {
      view.focus()
    },
    destroy() {
      handover.flush()
      handover.dispose()
      view.destroy()
    },
  }
}
