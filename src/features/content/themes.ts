/** The two shiki themes, emitted together as CSS variables; the colour mode picks one. */
export const SHIKI_THEMES = { light: 'github-light', dark: 'github-dark' } as const
