import { Children, isValidElement, type ReactNode } from 'react'

/** What a page asks `<Head>` for: the props vite-react-ssg passes on to react-helmet-async. */
export interface HeadProps {
  htmlAttributes?: Record<string, string>
  children?: ReactNode
}

/** One element for <head>, as DOM attribute names and text content. */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script' | 'style' | 'base' | 'noscript'
  attributes: Record<string, string>
  text: string
}

/** Everything the mounted `<Head>`s ask for together. */
export interface HeadState {
  title?: string
  htmlAttributes: Record<string, string>
  tags: HeadTag[]
}

const TAG_NAMES = new Set<string>(['meta', 'link', 'script', 'style', 'base', 'noscript'])
// JSX spells a few attributes differently from HTML.
const ATTRIBUTE_NAMES: Record<string, string> = {
  className: 'class',
  charSet: 'charset',
  httpEquiv: 'http-equiv',
  itemProp: 'itemprop',
  crossOrigin: 'crossorigin',
}

/**
 * Merges the props of every mounted `<Head>`, in mount order, the way react-helmet-async
 * does: the last title wins, later html attributes override earlier ones, and a tag from a
 * later `<Head>` replaces an earlier one with the same identity (a meta's name or property,
 * the canonical link), so a page's description replaces the shell's default.
 */
export function mergeHeadProps(instances: readonly HeadProps[]): HeadState {
  let title: string | undefined
  const htmlAttributes: Record<string, string> = {}
  const tagsPerInstance: HeadTag[][] = []
  for (const props of instances) {
    Object.assign(htmlAttributes, props.htmlAttributes)
    const tags: HeadTag[] = []
    Children.forEach(props.children, (child) => {
      if (!isValidElement<Record<string, unknown>>(child) || typeof child.type !== 'string') return
      if (child.type === 'title') title = textOf(child.props.children)
      else if (TAG_NAMES.has(child.type)) tags.push(toHeadTag(child.type, child.props))
    })
    tagsPerInstance.push(tags)
  }
  // Walk from the last <Head> back so the later one keeps a contested identity.
  const claimed = new Set<string>()
  const kept: HeadTag[][] = []
  for (const tags of [...tagsPerInstance].reverse()) {
    const survivors = tags.filter((tag) => !claimed.has(identityOf(tag)))
    for (const tag of survivors) claimed.add(identityOf(tag))
    kept.unshift(survivors)
  }
  return { title, htmlAttributes, tags: kept.flat() }
}

function toHeadTag(tag: string, props: Record<string, unknown>): HeadTag {
  const attributes: Record<string, string> = {}
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'dangerouslySetInnerHTML') continue
    if (value === undefined || value === null || value === false) continue
    attributes[ATTRIBUTE_NAMES[name] ?? name.toLowerCase()] = value === true ? '' : String(value)
  }
  const inner = props.dangerouslySetInnerHTML as { __html?: string } | undefined
  return { tag: tag as HeadTag['tag'], attributes, text: inner?.__html ?? textOf(props.children) }
}

function textOf(children: unknown): string {
  return Children.toArray(children as ReactNode)
    .filter((child) => typeof child === 'string' || typeof child === 'number')
    .join('')
}

/** Two tags with the same identity cannot both be in <head>: the later `<Head>` wins. */
function identityOf({ tag, attributes, text }: HeadTag): string {
  if (tag === 'meta') {
    for (const key of ['name', 'property', 'http-equiv', 'charset', 'itemprop']) {
      if (attributes[key] !== undefined) return `meta ${key}=${attributes[key]}`
    }
  }
  if (tag === 'link' && attributes.rel === 'canonical') return 'link canonical'
  if (tag === 'base') return 'base'
  return `${tag} ${JSON.stringify(attributes)} ${text}`
}
