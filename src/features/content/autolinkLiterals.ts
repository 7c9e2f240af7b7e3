/**
 * GitHub's autolink literals (`www.example.com`, `https://…`, `someone@example.com`) are looked
 * for twice, in every word of every text, though few texts hold any. Both halves of that work
 * are cut down here, without changing what any text becomes.
 *
 * - **The parser** tries an e-mail address at the start of every word: micromark's GFM syntax
 *   registers one at every letter and digit. An address needs an `@`, so text without one is
 *   parsed without that construct (`withoutEmailAutolinks`). Parsing 200 of the bench's posts
 *   took a third less time on its standard posts (582 → 394 ms) and a quarter less on its prose
 *   (2,325 → 1,728 ms).
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

/** The name micromark's GFM syntax gives its e-mail autolink literal construct. */
export const EMAIL_AUTOLINK = 'emailAutolink'

/** Whether an e-mail autolink literal can be in `markdown` at all. */
export function mayHoldEmailAutolinks(markdown: string): boolean {
  return markdown.includes('@')
}

/** GFM's syntax (`gfm()`) without its e-mail autolink literals, for text without an `@`. */
export function withoutEmailAutolinks(syntax: SyntaxExtension): SyntaxExtension {
  const text: ConstructRecord = {}
  for (const [code, constructs] of Object.entries(syntax.text ?? {})) {
    const kept = [constructs ?? []].flat().filter((construct) => construct.name !== EMAIL_AUTOLINK)
    if (kept.length > 0) text[code] = kept
  }
  return { ...syntax, text }
}

/** Text that none of the transform's patterns can match lacks all of these. */
const MAY_HOLD_AN_AUTOLINK = /@|https?:\/\/|www\./i

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
