/**
 * GitHub's autolink literals (`www.example.com`, `https://…`, `someone@example.com`) are found
 * twice: by the parser where it can, then by a transform over the finished syntax tree
 * (`mdast-util-gfm-autolink-literal`). That transform walks the whole tree four times, once per
 * pattern, and runs each pattern over every text node. In a thousand long posts without a single
 * link it was a tenth of the render: ≈ 1 s of each render thread's 9.3 s.
 *
 * Every one of its patterns needs an `@`, `http://`, `https://` or `www.` in the text, in any
 * case. So the same transform now runs on the text nodes that hold one, each alone in a tree of
 * its own, and the tree is walked once. Text in links and link references is left alone, as the
 * transform leaves it.
 */
import type { Nodes, Parents, PhrasingContent, Root, Text } from 'mdast'
import type { Extension, Transform } from 'mdast-util-from-markdown'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'

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
