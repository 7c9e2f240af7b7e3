/**
 * GitHub-flavoured markdown for the parser only: what `remark-gfm` does minus its half for
 * writing markdown back out (`gfmToMarkdown`), which the pipeline never does. That half
 * pulled `mdast-util-to-markdown` and `markdown-table` into the dashboard's preview worker.
 */
import type { Processor } from 'unified'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import {
  withAutolinksWhereTheyCanBe,
  withoutAutolinkLiterals,
  type AutolinkLiteral,
} from './autolinkLiterals'
import { parseWithDelimiterRows, withTablesWhereTheyCanBe, type DelimiterRowLines } from './gfmTables'
import { plainParagraphs, readWhileParsing, type DocumentText } from './plainParagraphs'

export interface GfmSyntaxOptions {
  /**
   * Autolink literal constructs to leave out: those the text cannot hold, by
   * `autolinkLiteralsNotIn`. The parse is cheaper without them (autolinkLiterals.ts).
   */
  without?: readonly AutolinkLiteral[]
}

/**
 * Use after remark-parse: tables are tried only where one can start (gfmTables.ts), and a
 * paragraph of plain text is read once (plainParagraphs.ts).
 */
export function remarkGfmSyntax(this: Processor, options: GfmSyntaxOptions = {}): void {
  const data = this.data()
  const delimiterRows: DelimiterRowLines = { current: undefined }
  const syntax = withTablesWhereTheyCanBe(
    withoutAutolinkLiterals(gfm(), options.without ?? []),
    delimiterRows,
  )
  const document: DocumentText = { current: undefined }
  parseWithDelimiterRows(this, delimiterRows)
  readWhileParsing(this, document)
  ;(data.micromarkExtensions ??= []).push(syntax, plainParagraphs(document))
  ;(data.fromMarkdownExtensions ??= []).push(withAutolinksWhereTheyCanBe(gfmFromMarkdown()))
}
