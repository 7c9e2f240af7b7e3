/**
 * Self-hosted fonts: the font files are copied into public/fonts from their npm packages, and
 * every page's head gets their @font-face rules, with fallback faces whose metrics come from
 * capsize, so text does not move when the web font arrives (src/app/fonts.ts). The rules sit in
 * the page's own <style>, not in the entry stylesheet: a page loads the full entry stylesheet
 * after its first paint (scripts/build/inlineCss.ts), and @font-face rules in it would be new
 * faces for the same fonts, fetched a second time.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { transform } from 'lightningcss'
import type { Plugin } from 'vite'
import {
  fallbackFamily,
  fallbackMetricOverrides,
  fontFaceCss,
  fonts,
  type FontDefinition,
  type FontMetrics,
} from '../../src/app/fonts.ts'

const require = createRequire(import.meta.url)

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

async function loadMetrics(family: string): Promise<FontMetrics | undefined> {
  const name = metricModules[family]
  if (!name) return undefined
  return importMetrics(name)
}

async function importMetrics(path: string): Promise<FontMetrics> {
  const module = (await import(`@capsizecss/metrics/${path}`)) as { default: FontMetrics }
  return module.default
}

/**
 * Bold text in the fallback: without a bold face of its own, the browser thickens the regular
 * fallback, whose widths then match neither the fallback's bold nor Inter's, and a bold heading
 * could wrap differently once Inter arrives (a post card's title on /blog did: CLS 0.017). So
 * the fallback's own bold gets a face, scaled to Inter's bold; weights up to 600 keep the
 * regular one (a semibold face, tried, changed no page's shift and cost every page 26 B).
 */
const boldFallbacks: Record<
  string,
  { weights: Record<number, string>; fallback: string; localNames: string[] }
> = {
  Inter: {
    weights: { 700: 'inter/700' },
    fallback: 'arial/700',
    localNames: [
      'Arial Bold',
      'Arial-BoldMT',
      'Liberation Sans Bold',
      'LiberationSans-Bold',
      'Arimo Bold',
      'Arimo-Bold',
    ],
  },
}

async function boldFallbackFaces(font: FontDefinition): Promise<string> {
  const bold = boldFallbacks[font.family]
  if (!bold) return ''
  const fallback = await importMetrics(bold.fallback)
  const src = bold.localNames.map((name) => `local('${name}')`).join(',')
  const faces = await Promise.all(
    Object.entries(bold.weights).map(async ([weight, metrics]) => {
      const o = fallbackMetricOverrides(await importMetrics(metrics), fallback)
      return `@font-face{font-family:'${fallbackFamily(font)}';font-weight:${weight};src:${src};size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}}`
    }),
  )
  return faces.join('')
}

function copyFonts(publicDir: string): void {
  const target = join(publicDir, 'fonts')
  mkdirSync(target, { recursive: true })
  for (const [file, source] of Object.entries(fontSources)) {
    const destination = join(target, file)
    if (existsSync(destination)) continue
    // Copied under a name of this process's, then renamed: two builds starting at once (the
    // unit suite's) would otherwise write the same file together, and a torn copy, once there,
    // is never copied again.
    const copying = `${destination}.${process.pid}`
    copyFileSync(require.resolve(source), copying)
    renameSync(copying, destination)
  }
}

/** The @font-face rules of every font and its metric-matched fallback, minified. */
async function fontFaces(): Promise<string> {
  const faces = await Promise.all(
    fonts.map(async (font) => {
      const [own, fallback] = await Promise.all([
        loadMetrics(font.family),
        loadMetrics(font.fallback),
      ])
      if (!own || !fallback) return fontFaceCss(font)
      return fontFaceCss(font, { font: own, fallback }) + (await boldFallbackFaces(font))
    }),
  )
  // Minified as Vite minifies the stylesheets (the same tool), since every page carries them.
  return transform({
    filename: 'fonts.css',
    code: Buffer.from(faces.join('')),
    minify: true,
  }).code.toString()
}

export function fontsPlugin(): Plugin {
  let faces: Promise<string> | undefined
  return {
    name: 'folio:fonts',
    configResolved(config) {
      copyFonts(config.publicDir || join(dirname(config.configFile ?? '.'), 'public'))
    },
    async transformIndexHtml() {
      const preloads = fonts
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
        }))
      return [
        ...preloads,
        { tag: 'style', children: await (faces ??= fontFaces()), injectTo: 'head' as const },
      ]
    },
  }
}
