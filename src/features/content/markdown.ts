/**
 * The one markdown pipeline: the blog, the changelog, the pages and the dashboard preview all
 * render through it. Markdown → GitHub-flavoured syntax tree → HTML tree → sanitised with
 * GitHub's rules (raw HTML, scripts, event handlers, `javascript:` URLs and the like are
 * dropped) → our own trusted additions (heading anchors, link rel, highlighted code) → HTML.
 */
import type { Root } from 'hast'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { setAutoDirection } from './autoDirection'
import { sayHeadingsBelow } from './headingLevels'
import { autolinkLiteralsNotIn } from './autolinkLiterals'
import { remarkGfmSyntax, type GfmSyntaxOptions } from './remarkGfmSyntax'
import { decorate } from './rehypeDecorate'
import { highlightCodeBlocks, type CodeHighlighter } from './highlightCode'
import { remarkTableCellLimit } from './tableCellLimit'
import type { RenderedMarkdown } from './types'

export interface MarkdownOptions {
  highlight?: CodeHighlighter
  /** Links to this origin are ours; every other http(s) link gets rel="noopener noreferrer". */
  siteOrigin?: string
  /** Let each block of text take its own direction (the dashboard preview of mixed scripts). */
  autoDirection?: boolean
  /**
   * Heading ids, when they must go on from text rendered before (the preview renders a note in
   * segments); by default repeats are numbered from this text's first heading.
   */
  slug?: (text: string) => string
  /**
   * The level of the page's heading the text is shown under (the dashboard preview, under the
   * note's title): its headings are said that many levels lower (headingLevels.ts). The blog's
   * pages have none: a post's text is the page.
   */
  headingsBelowLevel?: number
  /** Say where each top-level block came from in the markdown (`blockLines`). */
  sourceLines?: boolean
  /**
   * Count the words of prose (`words`, countWords.ts), for a post's reading time. Given by the
   * build; the preview shows no count, so its worker neither runs the segmenter on every render
   * nor carries its code.
   */
  countWords?: (tree: Root) => number
}

function parserOf(gfm: GfmSyntaxOptions) {
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfmSyntax, gfm)
      // GitHub's bound on the empty cells a table is given (tableCellLimit.ts).
      .use(remarkTableCellLimit)
      // The sanitiser prefixes every id (USER_CONTENT_ID_PREFIX); were footnotes prefixed here
      // too, their ids would be `user-content-user-content-fn-1` and no link would reach them.
      // Unprefixed, a footnote's link is `#fn-1`, as a heading's anchor is `#slug`.
      .use(remarkRehype, { clobberPrefix: '' })
      .use(rehypeSanitize)
  )
}
/**
 * A parser for each set of autolink literals a text cannot hold: the same trees as with all of
 * them, parsed faster (autolinkLiterals.ts). At most eight, made as texts need them.
 */
const parsers = new Map<string, ReturnType<typeof parserOf>>()
function parserFor(markdown: string): ReturnType<typeof parserOf> {
  const without = autolinkLiteralsNotIn(markdown)
  const key = without.join()
  let parser = parsers.get(key)
  if (!parser) parsers.set(key, (parser = parserOf({ without })))
  return parser
}
// Raw nodes are printed as they are. The only ones are the build highlighter's blocks, put in
// after the sanitiser: remark-rehype makes none from a document's HTML, and the sanitiser would
// drop any (it keeps only root, element, text, comment and doctype nodes).
const printer = unified().use(rehypeStringify, { allowDangerousHtml: true })

/**
 * The first and last line (1-based) in the markdown of each top-level node the HTML prints as a
 * block of its own (htmlBlocks.ts: every element, and text that is not only white space), as
 * pairs in one list; 0 and 0 for one made without a place in the text (the footnotes section).
 */
function blockLinesOf(tree: Root): number[] {
  const lines: number[] = []
  for (const node of tree.children) {
    const printsBlock =
      node.type === 'element' || node.type === 'raw' || (node.type === 'text' && node.value.trim())
    if (printsBlock) lines.push(node.position?.start.line ?? 0, node.position?.end.line ?? 0)
  }
  return lines
}

export function renderMarkdown(
  markdown: string,
  options: MarkdownOptions & Required<Pick<MarkdownOptions, 'countWords'>>,
): RenderedMarkdown & { words: number }
export function renderMarkdown(markdown: string, options?: MarkdownOptions): RenderedMarkdown
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): RenderedMarkdown {
  const chosen = parserFor(markdown)
  // The markdown goes along as the file: remarkTableCellLimit reads rows it moves out of a table.
  const tree = chosen.runSync(chosen.parse(markdown), markdown) as Root
  // Read before highlighting: a highlighted code block replaces the node that had the place.
  const blockLines = options.sourceLines ? blockLinesOf(tree) : undefined
  const { headings } = decorate(tree, options.siteOrigin, options.slug)
  // Counted before highlighting, as before: code is not prose either way.
  const words = options.countWords?.(tree)
  if (options.autoDirection) setAutoDirection(tree)
  if (options.headingsBelowLevel) sayHeadingsBelow(tree, options.headingsBelowLevel)
  if (options.highlight) highlightCodeBlocks(tree, options.highlight)
  return {
    html: printer.stringify(tree),
    headings,
    ...(words !== undefined && { words }),
    ...(blockLines && { blockLines }),
  }
}
