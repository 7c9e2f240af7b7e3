/**
 * GitHub-flavoured markdown for the parser only: what `remark-gfm` does minus its half for
 * writing markdown back out (`gfmToMarkdown`), which the pipeline never does. That half
 * pulled `mdast-util-to-markdown` and `markdown-table` into the dashboard's preview worker.
 */
import type { Processor } from 'unified'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { withAutolinksWhereTheyCanBe, withoutEmailAutolinks } from './autolinkLiterals'

export interface GfmSyntaxOptions {
  /**
   * Look for e-mail autolink literals (`someone@example.com`). Only text with an `@` can hold
   * one, and the parse is cheaper without them (autolinkLiterals.ts). Default: true.
   */
  emailAutolinks?: boolean
}

export function remarkGfmSyntax(this: Processor, options: GfmSyntaxOptions = {}): void {
  const data = this.data()
  const syntax = options.emailAutolinks === false ? withoutEmailAutolinks(gfm()) : gfm()
  ;(data.micromarkExtensions ??= []).push(syntax)
  ;(data.fromMarkdownExtensions ??= []).push(withAutolinksWhereTheyCanBe(gfmFromMarkdown()))
}
