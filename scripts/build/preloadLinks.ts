/**
 * The links that make the browser fetch a page's modules, stylesheets, fonts and pictures early,
 * put into the head of each prerendered page. vite-react-ssg hands the files a page's render used
 * to `onPageRendered` (our patch), and the finishing thread puts them in here, off the thread
 * that renders: on the main thread this step took ≈ 0.3 s of a thousand-post prerender's 2.8 s.
 *
 * Only the head is parsed and written out again, with parse5 (as jsdom did for vite-react-ssg
 * before our patch): the body stays React's markup as rendered.
 */
import { defaultTreeAdapter, parse, serialize, type DefaultTreeAdapterMap } from 'parse5'

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml'

/** The link for `file`, by its kind, or none for a file the browser need not fetch early. */
export function preloadLinkFor(file: string): Record<string, string> | undefined {
  if (file.endsWith('.js')) return { rel: 'modulepreload', crossorigin: '', href: file }
  if (file.endsWith('.css')) return { rel: 'stylesheet', href: file, crossorigin: '' }
  if (/\.(woff2?|ttf)$/.test(file))
    return { rel: 'preload', as: 'font', type: 'font/woff2', href: file, crossorigin: '' }
  if (/\.(png|jpe?g|webp|gif|ico|svg)$/.test(file))
    return { rel: 'preload', as: 'image', href: file, crossorigin: '' }
  return undefined
}

/** `html` with a link for each of `files` the head does not link already, at the head's end. */
export function withPreloadLinks(html: string, files: Iterable<string>): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd === -1) throw new Error('The page has no </head> to put its preload links before')
  const document = parse(html.slice(0, headEnd))
  const root = document.childNodes.find((node) => node.nodeName === 'html') as Element
  const head = root.childNodes.find((node) => node.nodeName === 'head') as Element
  const linked = new Set<string>()
  const collect = (node: Node): void => {
    if (node.nodeName === 'link')
      for (const attr of (node as Element).attrs) if (attr.name === 'href') linked.add(attr.value)
    if ('childNodes' in node) for (const child of node.childNodes) collect(child)
  }
  collect(head)
  for (const file of files) {
    const attrs = preloadLinkFor(file)
    if (!attrs || linked.has(file)) continue
    linked.add(file)
    const link = defaultTreeAdapter.createElement(
      'link',
      HTML_NAMESPACE as Element['namespaceURI'],
      Object.entries(attrs).map(([name, value]) => ({ name, value })),
    )
    defaultTreeAdapter.appendChild(head, link)
  }
  const serialized = serialize(document)
  return serialized.slice(0, serialized.indexOf('</head>')) + html.slice(headEnd)
}
