/**
 * Shiki's themes for the dashboard preview, without the editor colours shiki never reads.
 *
 * A VS Code theme carries ~240 `colors` for the editor's own chrome (tabs, scroll bars, the
 * minimap…). Shiki reads three kinds of them: `editor.foreground`, `editor.background` and
 * the `terminal.ansi*` palette (for `ansi` fences), in `@shikijs/primitive`'s `normalizeTheme`.
 * The rest took the shiki chunk a note with code loads from 45.5 to 42.3 KB gzip. The
 * build's own highlighter (scripts/content/highlighter.ts) loads themes by name in Node and
 * is not affected.
 */
import { pathToFileURL } from 'node:url'
import type { ThemeRegistration } from 'shiki'
import type { Plugin } from 'vite'

/** The theme modules of `@shikijs/themes`, as Vite resolves `shiki/themes/<name>.mjs`. */
const THEME_MODULE = /[\\/]@shikijs[\\/]themes[\\/]dist[\\/][\w-]+\.mjs$/

/** Whether shiki reads this key of a theme's `colors`. */
export function shikiReadsColor(key: string): boolean {
  return (
    key === 'editor.foreground' || key === 'editor.background' || key.startsWith('terminal.ansi')
  )
}

/** The theme with only what shiki reads of its `colors`; token colours untouched. */
export function withoutEditorColors(theme: ThemeRegistration): ThemeRegistration {
  const colors = Object.fromEntries(
    Object.entries(theme.colors ?? {}).filter(([key]) => shikiReadsColor(key)),
  )
  return { ...theme, colors }
}

export function shikiThemesPlugin(): Plugin {
  return {
    name: 'folio-shiki-themes',
    async load(id) {
      if (!THEME_MODULE.test(id)) return null
      const theme = ((await import(pathToFileURL(id).href)) as { default: ThemeRegistration })
        .default
      // Frozen, as the published module exports it.
      return `export default Object.freeze(JSON.parse(${JSON.stringify(JSON.stringify(withoutEditorColors(theme)))}))`
    },
  }
}
