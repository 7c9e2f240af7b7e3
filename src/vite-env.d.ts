/// <reference types="vite/client" />

/** Where the preview's shiki grammars are served, and each language's file (shikiGrammarsPlugin). */
declare module 'virtual:folio-shiki-grammars' {
  export const grammarBase: string
  export const grammarFiles: Record<string, string>
}
