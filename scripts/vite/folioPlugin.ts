/**
 * Folio's Vite plugin: the build id, the no-flash colour-mode script, and self-hosted fonts
 * (copied into public/fonts from their npm packages, with fallback metrics from capsize).
 */
import { createHash, randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { colorModeScript } from '../../src/app/colorMode.ts'
import { webFontsScript } from '../../src/app/webFonts.ts'
import { fontFaceCss, fonts, type FontMetrics } from '../../src/app/fonts.ts'

const require = createRequire(import.meta.url)
const FONTS_CSS_ID = 'virtual:folio-fonts.css'

/** Where each self-hosted font file comes from. */
const fontSources: Record<string, string> = {
  'inter-latin-wght-normal.woff2': '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  'jetbrains-mono-latin-wght-normal.woff2':
    '@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2',
}

/** capsize's metrics module names. */
const metricModules: Record<string, string> = {
  Inter: 'inter',
  Arial: 'arial',
  'JetBrains Mono': 'jetBrainsMono',
  'Courier New': 'courierNew',
}

/**
 * One id per build, shared by the client and server passes (vite-react-ssg loads the config
 * once per pass, in one process, so the environment carries it across).
 */
export function buildId(): string {
  process.env.FOLIO_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`
  return process.env.FOLIO_BUILD_ID
}

/** sha256 of the inline theme script, for a Content-Security-Policy without 'unsafe-inline'. */
export const colorModeScriptHash = `sha256-${createHash('sha256').update(colorModeScript).digest('base64')}`
export const webFontsScriptHash = `sha256-${createHash('sha256').update(webFontsScript).digest('base64')}`

async function loadMetrics(family: string): Promise<FontMetrics | undefined> {
  const name = metricModules[family]
  if (!name) return undefined
  const module = (await import(`@capsizecss/metrics/${name}`)) as { default: FontMetrics }
  return module.default
}

function copyFonts(publicDir: string): void {
  const target = join(publicDir, 'fonts')
  mkdirSync(target, { recursive: true })
  for (const [file, source] of Object.entries(fontSources)) {
    const destination = join(target, file)
    if (!existsSync(destination)) copyFileSync(require.resolve(source), destination)
  }
}

/** `…/node_modules/@scope/name/…` → `@scope/name` (the last node_modules segment wins). */
export function packageOfModule(id: string): string | null {
  const matches = [...id.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)]
  return matches.at(-1)?.[1] ?? null
}

export const CHUNK_PACKAGES_FILE = '.vite/chunk-packages.json'

export function folioPlugin(): Plugin {
  let isSsrBuild = false
  return {
    name: 'folio',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr)
      copyFonts(config.publicDir || join(dirname(config.configFile ?? '.'), 'public'))
    },
    generateBundle(_options, bundle) {
      // Which npm packages each client chunk contains, so `npm run size` can prove that
      // public pages ship no Supabase, Stripe, shiki or CodeMirror code.
      if (isSsrBuild) return
      const packages: Record<string, string[]> = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const names = new Set(
          chunk.moduleIds.map(packageOfModule).filter((name): name is string => Boolean(name)),
        )
        packages[chunk.fileName] = [...names].sort()
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_PACKAGES_FILE,
        source: JSON.stringify(packages, null, 2),
      })
    },
    config() {
      return { define: { __FOLIO_BUILD_ID__: JSON.stringify(buildId()) } }
    },
    resolveId(id) {
      return id === FONTS_CSS_ID ? `\0${FONTS_CSS_ID}` : undefined
    },
    async load(id) {
      if (id !== `\0${FONTS_CSS_ID}`) return undefined
      const faces = await Promise.all(
        fonts.map(async (font) => {
          const [own, fallback] = await Promise.all([
            loadMetrics(font.family),
            loadMetrics(font.fallback),
          ])
          return fontFaceCss(font, own && fallback ? { font: own, fallback } : undefined)
        }),
      )
      return faces.join('\n')
    },
    transformIndexHtml() {
      return [
        { tag: 'script', children: colorModeScript, injectTo: 'head-prepend' },
        { tag: 'script', children: webFontsScript, injectTo: 'head-prepend' },
        ...fonts
          .filter((font) => font.preload)
          .map((font) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: font.src,
              as: 'font',
              type: `font/${font.type}`,
              crossorigin: '',
            },
            injectTo: 'head' as const,
          })),
      ]
    },
  }
}
