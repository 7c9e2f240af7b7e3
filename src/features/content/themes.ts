/**
 * The two shiki themes, emitted together as CSS variables; the colour mode picks one. GitHub's
 * current ("default") palettes: every token colour meets WCAG AA contrast on the theme's
 * background, which the older github-light (orange parameters) does not.
 */
export const SHIKI_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const
