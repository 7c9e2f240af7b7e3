/**
 * Reports a prerendered page that hydration had to change. React reports such a page in the
 * console (and renders it again); preact/compat quietly patches the text and moves on, so
 * without this a page whose prerender disagrees with the app would go unnoticed. The
 * end-to-end tests fail on any console error, so they fail on such a page too
 * (tests/e2e/hydration.spec.ts).
 */

/**
 * Removals that change nothing a visitor sees: the comments React writes between adjacent
 * texts and around Suspense, and the contents of `<noscript>`, which a browser running scripts
 * keeps as text and React skips when it hydrates too.
 */
function isInvisibleRemoval(record: MutationRecord): boolean {
  return (
    record.type === 'childList' &&
    record.addedNodes.length === 0 &&
    (record.target.nodeName === 'NOSCRIPT' ||
      [...record.removedNodes].every((node) => node.nodeType === Node.COMMENT_NODE))
  )
}

let replacedOnPurpose = false

/**
 * Says that the page being hydrated is replaced on purpose, so its changes are not reported:
 * the 404 for an address its route refuses (PageOutlet). The route's check reads the query,
 * which the prerender did not have, and must win before the page's own content acts (a guarded
 * page would send the visitor to sign in instead), so the 404 comes while the page hydrates.
 */
export function replacingPrerenderedPage(): void {
  replacedOnPurpose = true
}

function nameOf(node: Node): string {
  if (node instanceof Element) return `<${node.localName}>`
  return node.nodeType === Node.TEXT_NODE ? `text "${node.textContent ?? ''}"` : node.nodeName
}

function describeChange(record: MutationRecord): string {
  if (record.type === 'characterData') {
    const where = record.target.parentElement
    return `in ${where ? nameOf(where) : 'the page'}: "${record.oldValue ?? ''}" became "${record.target.textContent ?? ''}"`
  }
  const added = [...record.addedNodes].map(nameOf)
  const removed = [...record.removedNodes].map(nameOf)
  return `in ${nameOf(record.target)}: ${[
    added.length ? `added ${added.join(', ')}` : '',
    removed.length ? `removed ${removed.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ')}`
}

/**
 * Starts watching `root` for a hydration's changes; `report` logs an error naming the first
 * change (only among the nodes `within` accepts, when given) and stops watching.
 */
export function watchHydrationChanges(root: Element): {
  report: (within?: (node: Node) => boolean) => void
} {
  const observer = new MutationObserver(() => {})
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    characterDataOldValue: true,
  })
  let watching = true
  return {
    report: (within = () => true) => {
      if (!watching) return
      watching = false
      const changes = observer
        .takeRecords()
        .filter((record) => within(record.target) && !isInvisibleRemoval(record))
      observer.disconnect()
      const [first] = changes
      if (first && !replacedOnPurpose) {
        console.error(
          `Hydration changed the prerendered page (${changes.length} change(s)), first ${describeChange(first)}.`,
        )
      }
    },
  }
}

/** Runs `hydrate` (synchronous) and logs an error when it changed text or nodes under `root`. */
export function reportHydrationChanges(root: Element, hydrate: () => void): void {
  const watch = watchHydrationChanges(root)
  try {
    hydrate()
  } finally {
    watch.report()
  }
}
