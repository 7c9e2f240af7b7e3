/**
 * Marks the chunks every prerendered page runs at once (the app's entry and the framework
 * chunk) with V8's explicit compile hint, `//# allFunctionsCalledOnLoad`. Chromium (136 and
 * later) then compiles all their functions while the script streams in, off the main thread,
 * instead of one by one on the main thread the first time hydration calls each
 * (docs/decisions/0032-hydration-in-turns.md has the measurements). Other browsers read a
 * comment. Lazy chunks (pages, the dashboard, the editor) are left to compile on demand: most
 * of their functions never run on a given page.
 */
import type { Plugin } from 'vite'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** The chunk names that get the hint; the entry chunk gets it whatever its name. */
const HINTED_CHUNKS = new Set(['framework'])

export function compileHintsPlugin(): Plugin {
  return {
    name: 'folio:compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own additions to the top of the entry (its preload helper's dependency map).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.config.consumer !== 'client') return
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !(chunk.isEntry || HINTED_CHUNKS.has(chunk.name))) continue
          // The hint only counts as the file's very first line.
          chunk.code = COMPILE_HINT + chunk.code
          // One line more at the top: the source map (FOLIO_SOURCEMAP=1) moves down with it.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
        }
      },
    },
  }
}
