import { useEffect, useState, type ReactNode } from 'react'
import { mergeHeadProps, type HeadProps, type HeadState, type HeadTag } from './headTags'

/*
 * The browser's stand-in for react-helmet-async (scripts/vite/clientHeadPlugin.ts swaps it in
 * for the client build only). The prerender keeps the real library, which writes the head of
 * every page; in the browser all that is left to do is keep <head> in step on client-side
 * navigation, which this does in a fraction of the library's 6 KB gzip, on every public page.
 * It speaks the library's markup: managed elements carry `data-rh`, so the tags the prerender
 * wrote are recognised and kept when they are unchanged.
 */

const MANAGED = 'data-rh'

export function HelmetProvider({ children }: { children?: ReactNode }) {
  return children
}

let nextMountOrder = 0
const mounted = new Map<number, HeadProps>()
let applyScheduled = false

/** Registers its props while mounted; all mounted heads are merged and applied together. */
export function Helmet(props: HeadProps) {
  // Render order is tree order, so a page's head comes after the shell's and overrides it.
  const [order] = useState(() => nextMountOrder++)
  useEffect(() => {
    mounted.set(order, props)
    scheduleApply()
  }, [order, props])
  useEffect(
    () => () => {
      mounted.delete(order)
      scheduleApply()
    },
    [order],
  )
  return null
}

// A navigation unmounts one page's head and mounts the next one's in the same commit: apply once.
function scheduleApply() {
  if (applyScheduled) return
  applyScheduled = true
  queueMicrotask(() => {
    applyScheduled = false
    const inOrder = [...mounted.entries()].sort(([a], [b]) => a - b).map(([, props]) => props)
    applyHead(document, mergeHeadProps(inOrder))
  })
}

let managedHtmlAttributes = new Set<string>()

function applyHead(doc: Document, head: HeadState) {
  if (head.title !== undefined && doc.title !== head.title) doc.title = head.title

  const html = doc.documentElement
  for (const name of managedHtmlAttributes) {
    if (!(name in head.htmlAttributes)) html.removeAttribute(name)
  }
  for (const [name, value] of Object.entries(head.htmlAttributes)) {
    if (html.getAttribute(name) !== value) html.setAttribute(name, value)
  }
  managedHtmlAttributes = new Set(Object.keys(head.htmlAttributes))

  const wanted = head.tags.map((tag) => toElement(doc, tag))
  const current = [...doc.head.querySelectorAll(`[${MANAGED}]:not(title)`)]
  for (const element of current) {
    const same = wanted.findIndex((candidate) => candidate.isEqualNode(element))
    if (same === -1) element.remove()
    else wanted.splice(same, 1)
  }
  doc.head.append(...wanted)
}

function toElement(doc: Document, { tag, attributes, text }: HeadTag): Element {
  const element = doc.createElement(tag)
  element.setAttribute(MANAGED, 'true')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  if (text) element.textContent = text
  return element
}
