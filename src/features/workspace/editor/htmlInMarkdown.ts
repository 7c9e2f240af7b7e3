/**
 * HTML written inside markdown (`<details>`, `<kbd>`, a comment), coloured by a small tokenizer
 * instead of @codemirror/lang-html. @codemirror/lang-markdown imports lang-html for this one
 * job, and lang-html brings lang-css and lang-javascript with it: ≈ 45 KB gzip on every note
 * open, for tags that need only their names, attributes and comments coloured. The client build
 * gives lang-markdown this module in its place (scripts/vite/markdownHtmlPlugin.ts); an `html`
 * fence still loads the real lang-html, on demand, like every fenced language.
 *
 * It offers the three names lang-markdown imports for HTML, with the shapes it uses: `html()`
 * for the language that parses tags, and `htmlCompletionSource` and @codemirror/autocomplete's
 * `CompletionContext`, used only to complete tag names, which the editor turns off
 * (createMarkdownEditor.ts). The build gives lang-markdown this module for
 * @codemirror/autocomplete too: that import alone put the package's 3.5 KB gzip on every note
 * open.
 */
import { LanguageSupport, StreamLanguage } from '@codemirror/language'

interface TagState {
  /** Between `<name` and its `>`: attributes. */
  inTag: boolean
  /** Between `<!--` and `-->`, which may span lines. */
  inComment: boolean
}

/** Token names are @lezer/highlight tags, which the editor's highlight style colours. */
const htmlTags = StreamLanguage.define<TagState>({
  name: 'html',
  startState: () => ({ inTag: false, inComment: false }),
  copyState: (state) => ({ ...state }),
  token(stream, state) {
    if (state.inComment) {
      if (stream.skipTo('-->')) {
        stream.match('-->')
        state.inComment = false
      } else stream.skipToEnd()
      return 'comment'
    }
    if (state.inTag) {
      if (stream.eatSpace()) return null
      if (stream.match(/^\/?>/)) {
        state.inTag = false
        return 'angleBracket'
      }
      if (stream.match(/^[^\s=>/"']+/)) return 'attributeName'
      if (stream.eat('=')) return 'definitionOperator'
      if (stream.match(/^"[^"]*"?/) || stream.match(/^'[^']*'?/)) return 'attributeValue'
      stream.next()
      return null
    }
    if (stream.match('<!--')) {
      state.inComment = true
      return 'comment'
    }
    if (stream.match(/^<\/?[A-Za-z][\w:-]*/)) {
      state.inTag = true
      return 'tagName'
    }
    stream.next()
    while (!stream.eol() && stream.peek() !== '<') stream.next()
    return null
  },
})

/** What lang-markdown's `html({ matchClosingTags: false })` is used for: a tag parser. */
export function html(): LanguageSupport {
  return new LanguageSupport(htmlTags)
}

/** Tag-name completion is off in the editor; lang-markdown reads `null` as no tags to offer. */
export function htmlCompletionSource(): null {
  return null
}

/**
 * Stands in for @codemirror/autocomplete's class in lang-markdown's tag completion, which the
 * editor never runs (`completeHTMLTags: false`); only its construction is written there.
 */
export class CompletionContext {
  constructor(
    readonly state: unknown,
    readonly pos: number,
    readonly explicit: boolean,
  ) {}
}
