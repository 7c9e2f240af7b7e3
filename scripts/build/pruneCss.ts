/**
 * Cuts an inlined stylesheet down to what can style the page's first paint: a rule is dropped
 * when every one of its selectors names a class the prerendered markup does not have (the error
 * screen's rules on a post, the blog index's cards on a post…). The full stylesheet still loads,
 * after the first paint and before hydration (scripts/build/deferHydration.ts), so states that
 * only script brings (an open menu, a signed-in header, the next page of a client navigation)
 * are styled by then.
 *
 * Classes and element names decide; ids, attributes and pseudo-classes (:hover, :focus,
 * [data-open]) are kept as written, since the visitor or script may bring them before
 * hydration. The classes the inline head scripts put on <html> before the first paint (colour
 * mode, web fonts) count as present on every page. Custom properties (the tokens) that nothing
 * left on the page reads go too.
 */
import postcss, { type Container } from 'postcss'
import { WEB_FONTS_CLASS } from '../../src/app/webFonts.ts'

/** Classes set on <html> before the first paint by the head scripts (src/app). */
export const HEAD_SCRIPT_CLASSES: readonly string[] = ['dark', 'light', WEB_FONTS_CLASS]

/** What the page's markup holds, as selectors name it: class names and element names. */
export interface PageMarkup {
  classes: ReadonlySet<string>
  elements: ReadonlySet<string>
}

/** The classes and elements of the prerendered HTML, before any script runs. */
export function markupOf(html: string): PageMarkup {
  const classes = new Set<string>(HEAD_SCRIPT_CLASSES)
  for (const [, names] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (names as string).split(/\s+/)) if (name) classes.add(name)
  }
  const elements = new Set<string>()
  for (const [, name] of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)) {
    elements.add((name as string).toLowerCase())
  }
  return { classes, elements }
}

/** The custom properties a text (stylesheets, style attributes) reads with var(). */
export function propertiesRead(text: string): Set<string> {
  return new Set([...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] as string))
}

/** Takes out every `name(…)` group (balanced parentheses) of a selector. */
function withoutGroups(selector: string, names: RegExp): string {
  let result = selector
  for (let at = result.search(names); at !== -1; at = result.search(names)) {
    let depth = 0
    let end = result.indexOf('(', at)
    for (; end < result.length; end += 1) {
      if (result[end] === '(') depth += 1
      else if (result[end] === ')' && (depth -= 1) === 0) break
    }
    result = result.slice(0, at) + result.slice(end + 1)
  }
  return result
}

/**
 * The classes and elements a selector requires the page to have. What sits under :not() is not
 * required, and :is(), :where() and :has() are taken as able to match (their lists are not
 * looked into); attribute values and strings are not selectors.
 */
export function requiredBy(selector: string): { classes: string[]; elements: string[] } {
  const bare = withoutGroups(
    selector.replace(/"[^"]*"|'[^']*'/g, '').replace(/\[[^\]]*\]/g, ''),
    /:(?:not|is|where|has|nth-[a-z-]+)\(/,
  )
  return {
    classes: [...bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] as string),
    // An element name starts a compound selector: at the start or after a combinator.
    elements: [...bare.matchAll(/(?:^|[\s>+~])([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) =>
      (match[1] as string).toLowerCase(),
    ),
  }
}

function canMatch(selector: string, page: PageMarkup): boolean {
  const required = requiredBy(selector)
  return (
    required.classes.every((name) => page.classes.has(name)) &&
    // html and body are always there, even when a test page leaves them out.
    required.elements.every((name) => name === 'html' || name === 'body' || page.elements.has(name))
  )
}

/** Selectors split at top-level commas (not those inside :is(…) and the like). */
function selectorList(selector: string): string[] {
  const list: string[] = []
  let depth = 0
  let from = 0
  for (let at = 0; at < selector.length; at += 1) {
    const char = selector[at]
    if (char === '(' || char === '[') depth += 1
    else if (char === ')' || char === ']') depth -= 1
    else if (char === ',' && depth === 0) {
      list.push(selector.slice(from, at))
      from = at + 1
    }
  }
  list.push(selector.slice(from))
  return list
}

export interface PrunedCss {
  css: string
  /** Whether anything was taken out (then the full stylesheet must load after first paint). */
  pruned: boolean
}

/** Takes out the rules none of whose selectors can match the page's markup. */
export function withoutUnmatchedRules(css: string, page: PageMarkup): PrunedCss {
  const root = postcss.parse(css)
  let pruned = false
  root.walkRules((rule) => {
    // Keyframe selectors (from, 50%) are not selectors of the page.
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name))
      return
    const selectors = selectorList(rule.selector)
    const kept = selectors.filter((selector) => canMatch(selector, page))
    if (kept.length === selectors.length) return
    pruned = true
    if (kept.length === 0) {
      const parent = rule.parent as Container | undefined
      rule.remove()
      // An @media block whose rules all went goes too.
      if (parent && parent.type === 'atrule' && parent.nodes?.length === 0) parent.remove()
    } else rule.selector = kept.join(',')
  })
  return pruned ? { css: root.toString(), pruned } : { css, pruned }
}

/**
 * Takes out the custom property declarations (tokens) that nothing in `read` reads: `read`
 * holds what every stylesheet the page keeps and its markup read, since a token declared in the
 * site-wide sheet is read by the chunks' sheets. Repeated until nothing changes, since a token
 * may only be read by another one of the same sheet.
 */
export function withoutUnreadProperties(css: string, read: ReadonlySet<string>): PrunedCss {
  const root = postcss.parse(css)
  let pruned = false
  for (;;) {
    const readHere = propertiesRead(root.toString())
    let removed = false
    root.walkDecls(/^--/, (declaration) => {
      if (readHere.has(declaration.prop) || read.has(declaration.prop)) return
      declaration.remove()
      removed = true
    })
    if (!removed) break
    pruned = true
  }
  if (!pruned) return { css, pruned }
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove()
  })
  return { css: root.toString(), pruned }
}
