/**
 * The site's fonts, self-hosted from public/fonts (no third-party font host): the Latin subset
 * of each variable font as its npm package ships it (U+0000–00FF and common punctuation, every
 * weight in one file). Each definition names a local fallback; the build computes metric
 * overrides for it so text laid out in the fallback occupies the same space as the web font and
 * nothing shifts when it arrives (docs/decisions/0023-one-typeface-on-every-page.md).
 */
export interface FontDefinition {
  family: string
  style: 'normal' | 'italic'
  weight: string
  src: string
  type: 'woff2'
  /** A locally installed font used until the web font loads, with adjusted metrics. */
  fallback: string
  /**
   * Preload from <head>. None do: a font fetched before the first paint delays the largest
   * paint on a first visit (src/app/webFonts.ts says when the fonts are fetched instead).
   */
  preload?: boolean
}

export interface FontMetrics {
  ascent: number
  descent: number
  lineGap: number
  unitsPerEm: number
  xWidthAvg: number
}

export const fonts: readonly FontDefinition[] = [
  {
    family: 'Inter',
    style: 'normal',
    weight: '100 900',
    src: '/fonts/inter-latin-wght-normal.woff2',
    type: 'woff2',
    fallback: 'Arial',
  },
  {
    family: 'JetBrains Mono',
    style: 'normal',
    weight: '100 800',
    src: '/fonts/jetbrains-mono-latin-wght-normal.woff2',
    type: 'woff2',
    fallback: 'Courier New',
  },
]

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

/**
 * Names a fallback goes by where it is installed: the metric-compatible Liberation and Croscore
 * fonts stand in for Arial and Courier New on Linux, so the overrides computed for the
 * originals fit them too. Without a match the face is skipped and text would shift.
 */
const localNames: Record<string, string[]> = {
  Arial: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
  'Courier New': ['Courier New', 'CourierNewPSMT', 'Liberation Mono', 'LiberationMono', 'Cousine'],
}

export function localSources(fallback: string): string {
  return (localNames[fallback] ?? [fallback]).map((name) => `local('${name}')`).join(',')
}

export function fallbackFamily(font: FontDefinition): string {
  return `${font.family} Fallback`
}

/**
 * The overrides that make `fallback` match `font`: scale glyph widths to the font's average
 * width (size-adjust), then express the font's vertical metrics in the scaled fallback's em.
 */
export function fallbackMetricOverrides(font: FontMetrics, fallback: FontMetrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm)
  const em = font.unitsPerEm * sizeAdjust
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / em),
    descentOverride: percent(Math.abs(font.descent) / em),
    lineGapOverride: percent(font.lineGap / em),
  }
}

export function fontFaceCss(
  font: FontDefinition,
  metrics?: { font: FontMetrics; fallback: FontMetrics },
): string {
  // swap, not optional: the web font is used on every page and every visit, even when it arrives
  // after the first paint; the metric-matched fallback keeps that swap from moving the text.
  const face = `@font-face{font-family:'${font.family}';font-style:${font.style};font-weight:${font.weight};font-display:swap;src:url('${font.src}') format('${font.type}')}`
  if (!metrics) return face
  const o = fallbackMetricOverrides(metrics.font, metrics.fallback)
  return `${face}\n@font-face{font-family:'${fallbackFamily(font)}';src:${localSources(font.fallback)};size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}}`
}
