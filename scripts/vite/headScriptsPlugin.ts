/**
 * The two scripts every page runs inline before it paints: the colour mode (so a prerendered
 * page never flashes the wrong theme) and the web-font switch. The build lists their hashes in
 * the Content-Security-Policy from the pages it wrote (scripts/build/securityHeaders.ts).
 */
import type { Plugin } from 'vite'
import { colorModeScript } from '../../src/app/colorMode/colorMode.ts'
import { webFontsScript } from '../../src/app/webFonts.ts'

export function headScriptsPlugin(): Plugin {
  return {
    name: 'folio:head-scripts',
    transformIndexHtml() {
      return [
        { tag: 'script', children: colorModeScript, injectTo: 'head-prepend' },
        { tag: 'script', children: webFontsScript, injectTo: 'head-prepend' },
      ]
    },
  }
}
