/**
 * A highlighted block's HTML, written straight from shiki's tokens in both themes.
 *
 * It is, byte for byte, what shiki's `codeToHast` and then hast-util-to-html give for the same
 * tokens (`tests/unit/content/highlighter.test.ts` compares the two on every fence of the site
 * and of the bench's posts). That road builds, for every token, a style object per theme, a
 * merged one, its string, a hast element and a text node, then walks them all again to print:
 * in a build's thousands of blocks, about a fifth of shiki's time and much of the render
 * threads' garbage. Here a token costs a lookup of its style string and two concatenations.
 */
import type { ThemedTokenWithVariants, TokenStyles } from 'shiki'

/** What every block shares: the `<pre>`'s class and style, and the themes' order. */
export interface BlockFrame {
  /** `shiki shiki-themes <light> <dark>`, as shiki names the `<pre>`. */
  className: string
  /** The themes' foreground and background as CSS variables, as shiki styles the `<pre>`. */
  rootStyle: string
  /** The themes' keys (`light`, `dark`), in the order shiki writes their variables. */
  themeKeys: string[]
}

const CSS_VARIABLE_PREFIX = '--shiki-'
// shiki's FontStyle bits (@shikijs/vscode-textmate).
const ITALIC = 1
const BOLD = 2
const UNDERLINE = 4
const STRIKETHROUGH = 8
const WHITESPACE_ONLY = /^\s+$/

/** A theme's style of one token, as shiki's getTokenStyleObject lists it. */
function styleEntries(style: TokenStyles): [string, string][] {
  const entries: [string, string][] = []
  if (style.color) entries.push(['color', style.color])
  if (style.bgColor) entries.push(['background-color', style.bgColor])
  const fontStyle = style.fontStyle
  if (fontStyle) {
    if (fontStyle & ITALIC) entries.push(['font-style', 'italic'])
    if (fontStyle & BOLD) entries.push(['font-weight', 'bold'])
    const lines = [
      ...(fontStyle & UNDERLINE ? ['underline'] : []),
      ...(fontStyle & STRIKETHROUGH ? ['line-through'] : []),
    ]
    if (lines.length) entries.push(['text-decoration', lines.join(' ')])
  }
  return entries
}

/**
 * The `style` attribute shiki gives a token in several themes: for each theme in order, a
 * variable for every property any theme sets, `inherit` where this theme does not.
 */
function tokenStyle(variants: Record<string, TokenStyles>, themeKeys: string[]): string {
  const perTheme = themeKeys.map((key) => new Map(styleEntries(variants[key] ?? {})))
  const properties = new Set(perTheme.flatMap((styles) => [...styles.keys()]))
  const declarations: string[] = []
  perTheme.forEach((styles, index) => {
    for (const property of properties) {
      const suffix =
        property === 'color' ? '' : property === 'background-color' ? '-bg' : `-${property}`
      declarations.push(
        `${CSS_VARIABLE_PREFIX}${themeKeys[index]}${suffix}:${styles.get(property) ?? 'inherit'}`,
      )
    }
  })
  return declarations.join(';')
}

/** A character as hast-util-to-html refers to it: `<` is `&#x3C;`. */
const reference = (character: string) =>
  `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`
/** What hast-util-to-html escapes in text. */
const escapeText = (text: string) => text.replace(/[&<]/g, reference)
/** What hast-util-to-html escapes in a double-quoted attribute value. */
const escapeAttribute = (value: string) => value.replace(/["&'`]/g, reference)

export function createBlockWriter(frame: BlockFrame) {
  // Blocks share a few dozen colour combinations: each token's style string is looked up.
  const styles = new Map<string, string>()
  const styleAttribute = (variants: Record<string, TokenStyles>): string => {
    let key = ''
    for (const theme of frame.themeKeys) {
      const style = variants[theme]
      key += `${style?.color ?? ''},${style?.bgColor ?? ''},${style?.fontStyle ?? ''};`
    }
    let attribute = styles.get(key)
    if (attribute === undefined) {
      const style = tokenStyle(variants, frame.themeKeys)
      attribute = style ? ` style="${escapeAttribute(style)}"` : ''
      styles.set(key, attribute)
    }
    return attribute
  }
  const open = `<pre class="${escapeAttribute(frame.className)}" style="${escapeAttribute(frame.rootStyle)}" tabindex="0" data-language="`

  /** The block's `<pre>`, `data-language` included, from its lines of tokens. */
  return (lines: ThemedTokenWithVariants[][], lang: string): string => {
    let html = `${open}${escapeAttribute(lang)}"><code>`
    lines.forEach((line, index) => {
      if (index) html += '\n'
      html += '<span class="line">'
      // As shiki's codeToHast (mergeWhitespaces): a run of whitespace-only tokens joins the
      // token after it, in that token's colours; at the end of a line it stays as it is.
      let whitespace = ''
      line.forEach((token, position) => {
        if (WHITESPACE_ONLY.test(token.content) && position + 1 < line.length) {
          whitespace += token.content
          return
        }
        html += `<span${styleAttribute(token.variants)}>${escapeText(whitespace + token.content)}</span>`
        whitespace = ''
      })
      html += '</span>'
    })
    return `${html}</code></pre>`
  }
}
