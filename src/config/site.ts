import type { SiteConfig } from './schema.ts'

declare const __FOLIO_SITE_CONFIG__: SiteConfig

/** Checked at build time (schema.ts); a literal in the bundle. */
export const siteConfig: Readonly<SiteConfig> = /* @__PURE__ */ Object.freeze(__FOLIO_SITE_CONFIG__)
