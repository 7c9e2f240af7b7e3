// @vitest-environment jsdom
import * as searchModule from '@codemirror/search'
import { EditorState } from '@codemirror/state'
import { EditorView, runScopeHandlers } from '@codemirror/view'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  SEARCH_KEYS,
  searchOnDemand,
} from '../../../src/features/workspace/editor/searchOnDemand.ts'

let view: EditorView | undefined
afterEach(() => {
  view?.destroy()
  vi.restoreAllMocks()
})

/** An editor with search on demand, counting how often the module is asked for. */
function editor(
  doc: string,
  fetch: () => Promise<typeof searchModule> = async () => searchModule,
): { view: EditorView; loads: () => number } {
  let loads = 0
  view = new EditorView({
    parent: document.body,
    state: EditorState.create({
      doc,
      extensions: searchOnDemand(() => {
        loads += 1
        return fetch()
      }),
    }),
  })
  return { view, loads: () => loads }
}

/** A key as CodeMirror's keymaps see it (Mod is Ctrl off a Mac). */
function press(view: EditorView, key: string, modifiers: KeyboardEventInit = {}): boolean {
  return runScopeHandlers(view, new KeyboardEvent('keydown', { key, ...modifiers }), 'editor')
}

describe('search on demand', () => {
  it("holds every key of @codemirror/search's keymap until the module loads", () => {
    const keys = searchModule.searchKeymap.map((binding) => binding.key)
    expect([...SEARCH_KEYS].sort()).toEqual(keys.filter((key) => key !== 'Escape').sort())
  })

  it('is not loaded to open, type in or move through a note', () => {
    const { view, loads } = editor('alpha beta alpha')
    view.dispatch({ changes: { from: 0, insert: 'x' } })
    view.dispatch({ selection: { anchor: 3 } })
    expect(press(view, 'a')).toBe(false)
    expect(loads()).toBe(0)
  })

  it('loads on the first Ctrl+F and opens the search panel, and the real keys take over', async () => {
    const { view, loads } = editor('alpha beta alpha')
    expect(press(view, 'f', { ctrlKey: true })).toBe(true)
    await vi.waitFor(() => expect(searchModule.searchPanelOpen(view.state)).toBe(true))
    expect(view.dom.querySelector('.cm-search')).not.toBeNull()
    expect(loads()).toBe(1)
    // The module's own F3 now finds the next match of the query.
    view.dispatch({
      effects: searchModule.setSearchQuery.of(new searchModule.SearchQuery({ search: 'alpha' })),
    })
    press(view, 'F3')
    expect(view.state.selection.main).toMatchObject({ from: 0, to: 5 })
    press(view, 'F3')
    expect(view.state.selection.main).toMatchObject({ from: 11, to: 16 })
    expect(loads()).toBe(1)
  })

  it('runs the Shift variant of a key it held: Shift+F3 is find previous', async () => {
    const ran: string[] = []
    const spied = {
      ...searchModule,
      searchKeymap: searchModule.searchKeymap.map((binding) => ({
        ...binding,
        run: () => {
          ran.push(binding.key as string)
          return true
        },
        shift: () => {
          ran.push(`Shift-${binding.key}`)
          return true
        },
      })),
    }
    view = new EditorView({
      parent: document.body,
      state: EditorState.create({ doc: 'alpha', extensions: searchOnDemand(async () => spied) }),
    })
    expect(press(view, 'F3', { shiftKey: true })).toBe(true)
    await vi.waitFor(() => expect(ran).toEqual(['Shift-F3']))
  })

  it("loads on the first selection, to mark the selection's other occurrences", async () => {
    const { view, loads } = editor('alpha beta alpha')
    view.dispatch({ selection: { anchor: 0, head: 5 } })
    await vi.waitFor(() => expect(loads()).toBe(1))
    await vi.waitFor(() =>
      expect(view.dom.querySelectorAll('.cm-selectionMatch').length).toBeGreaterThan(0),
    )
  })

  it('leaves the keys to the browser offline, and tries again after a failed load', async () => {
    let online = false
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
    let fail = true
    const { view, loads } = editor('alpha beta alpha', async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module')
      return searchModule
    })
    // Offline: not handled, so the browser's own find opens; nothing is fetched.
    expect(press(view, 'f', { ctrlKey: true })).toBe(false)
    view.dispatch({ selection: { anchor: 0, head: 5 } })
    expect(loads()).toBe(0)
    // Back online, a load that fails leaves the next key free to try again.
    online = true
    expect(press(view, 'f', { ctrlKey: true })).toBe(true)
    await vi.waitFor(() => expect(press(view, 'f', { ctrlKey: true })).toBe(true))
    expect(loads()).toBe(2)
    fail = false
    await vi.waitFor(() => expect(press(view, 'f', { ctrlKey: true })).toBe(true))
    await vi.waitFor(() => expect(searchModule.searchPanelOpen(view.state)).toBe(true))
  })
})
