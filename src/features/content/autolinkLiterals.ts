/**
 * GitHub's autolink literals (`www.example.com`, `https://…`, `someone@example.com`) are looked
 * for twice, in every word of every text, though few texts hold any. Both halves of that work
 * are cut down here, without changing what any text becomes.
 *
 * - **The parser** tries an e-mail address at the start of every word (micromark's GFM syntax
 *   registers one at every letter and digit), a `www.` link at every word that starts with a
 *   `w`, and an `http://` or `https://` one at every word that starts with an `h`. Each try
 *   also cuts the text into one more piece to join afterwards. A construct that needs
 *   something the document does not hold at all is left out of its parse
 *   (`autolinkLiteralsNotIn`, `withoutAutolinkLiterals`): leaving out the e-mail construct
 *   from text without an `@` took parsing 200 of the bench's posts a third less time on its
 *   standard posts (582 → 394 ms) and a quarter less on its prose (2,325 → 1,728 ms); leaving
 *   out the other two as well from text without `www.` or a scheme took the render of 300
 *   posts 5% less on the standard ones (435 → 412 ms), 4% on prose (1,778 → 1,709 ms) and 10%
 *   on code-heavy ones (447 → 404 ms).
 * - **The transform over the finished tree** (`mdast-util-gfm-autolink-literal`) walked the
 *   whole tree four times, once per pattern, and ran each pattern over every text node: ≈ 1 s of
 *   each render thread's 9.3 s on the bench's 1,000 prose posts. Each of its patterns needs an
 *   `@`, `http://`, `https://` or `www.`, in any case. So the library's own transform now runs on
 *   the text nodes that hold one, each alone in a tree of its own, in a single walk that skips
 *   links and link references as the transform does (`withAutolinksWhereTheyCanBe`).
 */
import type { Nodes, Parents, PhrasingContent, Root, Text } from 'mdast'
import type { Extension, Transform } from 'mdast-util-from-markdown'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import type { gfm } from 'micromark-extension-gfm'

type SyntaxExtension = ReturnType<typeof gfm>
type ConstructRecord = NonNullable<SyntaxExtension['text']>

/**
 * micromark's GFM autolink literal constructs, by name, each with what a document must hold
 * somewhere for it to match: an address needs its `@`; a `www.` link its `www.` and a scheme
 * link its `http://` or `https://`, both read a character at a time in any case
 * (micromark-extension-gfm-autolink-literal, `tokenizeWwwPrefix`, `tokenizeProtocolAutolink`).
 * A character reference or an escape never stands in for one of them there.
 */
const AUTOLINK_LITERALS = {
  emailAutolink: /@/,
  wwwAutolink: /www\./i,
  protocolAutolink: /https?:\/\//i,
} as const

export type AutolinkLiteral = keyof typeof AUTOLINK_LITERALS

/** The autolink literal constructs that cannot match anywhere in `markdown`. */
export function autolinkLiteralsNotIn(markdown: string): AutolinkLiteral[] {
  return (Object.keys(AUTOLINK_LITERALS) as AutolinkLiteral[]).filter(
    (name) => !AUTOLINK_LITERALS[name].test(markdown),
  )
}

/** GFM's syntax (`gfm()`) without the autolink literal constructs named. */
export function withoutAutolinkLiterals(
  syntax: SyntaxExtension,
  names: readonly AutolinkLiteral[],
): SyntaxExtension {
  if (names.length === 0) return syntax
  const left = new Set<string>(names)
  const text: ConstructRecord = {}
  for (const [code, constructs] of Object.entries(syntax.text ?? {})) {
    const kept = [constructs ?? []].flat().filter((construct) => !left.has(construct.name ?? ''))
    if (kept.length > 0) text[code] = kept
  }
  return { ...syntax, text }
}

/**
 * Text that none of the transform's patterns can match lacks all of what the constructs need:
 * the transform looks for the same `@`, `www.` and `http(s)://` as the parser does.
 */
const MAY_HOLD_AN_AUTOLINK = new RegExp(
  Object.values(AUTOLINK_LITERALS)
    .map((needed) => needed.source)
    .join('|'),
  'i',
)

/** The library's own transform, as `gfmFromMarkdown()` lists it. */
const [autolinkTransform] = gfmAutolinkLiteralFromMarkdown().transforms ?? []

/** `extensions` (from `gfmFromMarkdown()`), with the autolink transform run only where it can act. */
export function withAutolinksWhereTheyCanBe(extensions: Extension[]): Extension[] {
  if (!autolinkTransform) return extensions
  const cheaper = onlyOnTextThatMayHoldAnAutolink(autolinkTransform)
  return extensions.map((extension) =>
    extension.transforms?.includes(autolinkTransform)
      ? {
          ...extension,
          transforms: extension.transforms.map((transform) =>
            transform === autolinkTransform ? cheaper : transform,
          ),
        }
      : extension,
  )
}

export function onlyOnTextThatMayHoldAnAutolink(transform: Transform): Transform {
  const visit = (parent: Parents): void => {
    const { children } = parent
    for (let index = 0; index < children.length; index += 1) {
      const node = children[index] as Nodes
      if (node.type === 'text') {
        if (!MAY_HOLD_AN_AUTOLINK.test(node.value)) continue
        const found = linksIn(node, transform)
        children.splice(index, 1, ...(found as typeof children))
        index += found.length - 1
      } else if ('children' in node && node.type !== 'link' && node.type !== 'linkReference') {
        visit(node)
      }
    }
  }
  return (tree) => visit(tree)
}

/** What the transform makes of one text node: the node itself, or text and links. */
function linksIn(text: Text, transform: Transform): PhrasingContent[] {
  const alone: Root = { type: 'root', children: [text] }
  const result = transform(alone) ?? alone
  return result.children as PhrasingContent[]
}
