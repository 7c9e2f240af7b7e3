/**
 * GitHub-flavoured markdown for the parser only: what `remark-gfm` does minus its half for
 * writing markdown back out (`gfmToMarkdown`), which the pipeline never does. That half
 * pulled `mdast-util-to-markdown` and `markdown-table` into the dashboard's preview worker.
 */
import type { Processor } from 'unified'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { withAutolinksWhereTheyCanBe, withoutEmailAutolinks } from './autolinkLiterals'
import { parseWithDelimiterRows, withTablesWhereTheyCanBe, type DelimiterRowLines } from './gfmTables'

export interface GfmSyntaxOptions {
  /**
   * Look for e-mail autolink literals (`someone@example.com`). Only text with an `@` can hold
   * one, and the parse is cheaper without them (autolinkLiterals.ts). Default: true.
   */
  emailAutolinks?: boolean
}

/** Use after remark-parse: tables are tried only where one can start (gfmTables.ts). */
export function remarkGfmSyntax(this: Processor, options: GfmSyntaxOptions = {}): void {
  const data = this.data()
  const delimiterRows: DelimiterRowLines = { current: undefined }
  const syntax = withTablesWhereTheyCanBe(
    options.emailAutolinks === false ? withoutEmailAutolinks(gfm()) : gfm(),
    delimiterRows,
  )
  parseWithDelimiterRows(this, delimiterRows)
  ;(data.micromarkExtensions ??= []).push(syntax)
  ;(data.fromMarkdownExtensions ??= []).push(withAutolinksWhereTheyCanBe(gfmFromMarkdown()))
}
