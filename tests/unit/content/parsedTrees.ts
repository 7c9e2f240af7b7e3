/**
 * The trees the content tests compare: the library's (micromark and mdast as published) and the
 * pipeline's parser's (remark-parse with our GFM syntax), as JSON with positions; and how many
 * text tokenisers micromark makes for a document, the work the pipeline's constructs save.
 */
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { parse as micromarkParser, postprocess, preprocess } from 'micromark'
import { gfm } from 'micromark-extension-gfm'
import remarkParse from 'remark-parse'
import { unified, type Processor } from 'unified'
import { autolinkLiteralsNotIn } from '../../../src/features/content/autolinkLiterals.ts'
import { remarkGfmSyntax } from '../../../src/features/content/remarkGfmSyntax.ts'

export type Syntax = ReturnType<typeof gfm>

/** The tree as the library parses it, positions and all. */
export function library(markdown: string): string {
  return JSON.stringify(
    fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: gfmFromMarkdown() }),
  )
}

/** The pipeline's parser with every autolink literal: no letter is plain. */
const withEveryAutolink = unified().use(remarkParse).use(remarkGfmSyntax)
export function ours(markdown: string): string {
  return JSON.stringify(withEveryAutolink.parse(markdown))
}

/** As `renderMarkdown` parses it: without the autolink literals the text cannot hold. */
const parsersWithout = new Map<string, Processor>()
export function oursAsRendered(markdown: string): string {
  const without = autolinkLiteralsNotIn(markdown)
  let parser = parsersWithout.get(without.join())
  if (!parser) {
    parser = unified().use(remarkParse).use(remarkGfmSyntax, { without }) as unknown as Processor
    parsersWithout.set(without.join(), parser)
  }
  return JSON.stringify(parser.parse(markdown))
}

/** How many text tokenisers micromark makes to read `markdown` with these extensions. */
export function textTokenisers(markdown: string, extensions: Syntax[]): number {
  const parser = micromarkParser({ extensions })
  const makeText = parser.text
  let made = 0
  parser.text = (from) => {
    made += 1
    return makeText(from)
  }
  postprocess(parser.document().write(preprocess()(markdown, undefined, true)))
  return made
}
