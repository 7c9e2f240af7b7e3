/**
 * Which language a fence names, for lang-markdown's `codeLanguages`, with the list of languages
 * (fenceLanguages.ts: @codemirror/language-data's ≈ 150 descriptions, 4 KB gzip) loaded only
 * once a note has a fence: a note of prose never needs it. A note that opens with fences starts
 * loading it as the editor is made (`fetchFenceLanguagesFor`); its fences are coloured once the
 * list and then their languages have arrived, one small download later than when the list came
 * inside the editor's module. Fetching it beside the editor's module instead, from the
 * dashboard, would cut lang-markdown out of that module into a chunk of its own, 0.4 KB more on
 * every note (language-data's Markdown entry imports it). A fence typed into a note of prose
 * waits for the list and then its language, as it already waited for its language.
 */
import {
  LanguageDescription,
  LanguageSupport,
  StreamLanguage,
  type Language,
} from '@codemirror/language'

type FenceLanguages = readonly LanguageDescription[]

let list: FenceLanguages | null = null
let loading: Promise<FenceLanguages> | null = null

function loadList(): Promise<FenceLanguages> {
  loading ??= import('./fenceLanguages').then(
    (module) => (list = module.fenceLanguages),
    (error: unknown) => {
      // Offline, say: the next fence parsed tries again.
      loading = null
      throw error
    },
  )
  return loading
}

/** A fence's opening line, as CommonMark has it: three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/m

/** Starts loading the list at once when the text already has a fence. */
export function fetchFenceLanguagesFor(text: string): void {
  if (FENCE.test(text)) loadList().catch(() => undefined)
}

/**
 * What an unknown name is coloured as while the list loads: nothing, as lang-markdown leaves a
 * fence whose language it does not know. Asked for once, never shown: once the list is in, the
 * fence is parsed again and names no language.
 */
let plain: LanguageSupport | undefined
const plainText = () =>
  (plain ??= new LanguageSupport(
    StreamLanguage.define({
      token(stream) {
        stream.skipToEnd()
        return null
      },
    }),
  ))

/** Waiting for the list, one description per name: lang-markdown asks on every parse. */
const pending = new Map<string, LanguageDescription>()

function waitingFor(name: string): LanguageDescription {
  let description = pending.get(name)
  if (!description) {
    description = LanguageDescription.of({
      name,
      // Resolving lets CodeMirror parse the fence again (ParseContext.getSkippingParser), which
      // then finds the list here and its language loaded.
      load: () =>
        loadList().then((languages) => {
          const found = LanguageDescription.matchLanguageName(languages, name, true)
          return found ? found.load() : plainText()
        }),
    })
    pending.set(name, description)
  }
  return description
}

/** lang-markdown's `codeLanguages`: the fence's language, or a wait for the list. */
export function fenceLanguageFor(name: string): Language | LanguageDescription | null {
  if (list) return LanguageDescription.matchLanguageName(list, name, true)
  return waitingFor(name)
}
