/// <reference types="vite/client" />

declare module 'virtual:folio-fonts.css'

/** Where the preview's shiki grammars are served, and each language's file (shikiGrammarsPlugin). */
declare module 'virtual:folio-shiki-grammars' {
  export const grammarBase: string
  export const grammarFiles: Record<string, string>
}

interface ImportMetaEnv {
  readonly VITE_SITE_URL?: string
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_ANON_KEY?: string
}
