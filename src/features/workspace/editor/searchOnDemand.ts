/**
 * Find and replace, and the highlighting of a selection's other occurrences
 * (@codemirror/search, 6.6 KB gzip), loaded the first time the person asks for them: one of
 * the search panel's keys, or a selection. Opening a note does not wait for them; most notes
 * are written without either.
 *
 * Until then, the panel's keys are held by a stand-in keymap that loads the module and then
 * runs the key's own command, so the first Ctrl/⌘+F opens the same panel a moment later. A
 * note stays open when the network goes (drafts keep the text, decision 0014), and the module
 * cannot be fetched then: offline, the stand-in leaves each key to the browser, whose own find
 * searches the page, and a failed load is tried again at the next key.
 */
import { Compartment, type Extension } from '@codemirror/state'
import { EditorView, keymap, type KeyBinding } from '@codemirror/view'

type SearchModule = typeof import('@codemirror/search')

/**
 * The keys of @codemirror/search's `searchKeymap` (F3 and Mod-g with Shift too), which the
 * stand-in holds until it loads. Escape is left out: it only closes the panel.
 */
export const SEARCH_KEYS = ['Mod-f', 'F3', 'Mod-g', 'Mod-Shift-l', 'Mod-Alt-g', 'Mod-d'] as const

/** The search extensions as the editor uses them, made from the loaded module. */
function searchExtensions(module: SearchModule): Extension {
  return [
    module.search({ top: true }),
    module.highlightSelectionMatches(),
    keymap.of(module.searchKeymap),
  ]
}

export function searchOnDemand(
  load: () => Promise<SearchModule> = () => import('@codemirror/search'),
): Extension {
  const slot = new Compartment()
  let loading: Promise<SearchModule> | null = null

  function loaded(view: EditorView): Promise<SearchModule> {
    loading ??= load().then(
      (module) => {
        view.dispatch({ effects: slot.reconfigure(searchExtensions(module)) })
        return module
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }

  /** Whether the module can be asked for now: not while it is on its way, nor offline. */
  const mayLoad = () => loading === null && navigator.onLine

  /** Loads the module, then runs what its keymap binds to `key` (with Shift: `shift`). */
  const standIn =
    (key: string, which: 'run' | 'shift') =>
    (view: EditorView): boolean => {
      // Loaded (the real keymap takes the key), on its way, or offline: not handled here.
      if (!mayLoad()) return false
      loaded(view).then(
        (module) => module.searchKeymap.find((binding) => binding.key === key)?.[which]?.(view),
        () => undefined, // not fetched: the next key tries again
      )
      return true
    }
  const standInKeymap: KeyBinding[] = SEARCH_KEYS.map((key) => ({
    key,
    run: standIn(key, 'run'),
    shift: standIn(key, 'shift'),
  }))

  return [
    slot.of([]),
    keymap.of(standInKeymap),
    EditorView.updateListener.of((update) => {
      if (mayLoad() && update.selectionSet && !update.state.selection.main.empty)
        loaded(update.view).catch(() => undefined) // not fetched: the next selection tries again
    }),
  ]
}
