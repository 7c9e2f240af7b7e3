/**
 * GitHub-flavoured markdown for the parser only: what `remark-gfm` does minus its half for
 * writing markdown back out (`gfmToMarkdown`), which the pipeline never does. That half
 * pulled `mdast-util-to-markdown` and `markdown-table` into the dashboard's preview worker.
 */
import type { Processor } from 'unified'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { withAutolinksWhereTheyCanBe } from './autolinkLiterals'

export function remarkGfmSyntax(this: Processor): void {
  const data = this.data()
  ;(data.micromarkExtensions ??= []).push(gfm())
  ;(data.fromMarkdownExtensions ??= []).push(withAutolinksWhereTheyCanBe(gfmFromMarkdown()))
}
