/**
 * The script every page runs inline before it paints: the colour mode (so a prerendered page
 * never flashes the wrong theme), then the web-font switch, as one element (one tag and one
 * CSP hash fewer on every page than two). The build lists its hash in the
 * Content-Security-Policy from the pages it wrote (scripts/build/securityHeaders.ts).
 */
import type { Plugin } from 'vite'
import { colorModeScript } from '../../src/app/colorMode/colorMode.ts'
import { webFontsScript } from '../../src/app/webFonts.ts'

export const headScript = `${colorModeScript};${webFontsScript}`

export function headScriptsPlugin(): Plugin {
  return {
    name: 'folio:head-scripts',
    transformIndexHtml() {
      return [{ tag: 'script', children: headScript, injectTo: 'head-prepend' }]
    },
  }
}
