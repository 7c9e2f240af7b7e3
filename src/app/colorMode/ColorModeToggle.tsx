import { nextColorPreference, type ColorPreference } from './colorMode'
import type { ColorMode } from '../../routeRules'

const LABELS: Record<ColorPreference, string> = { system: 'System', light: 'Light', dark: 'Dark' }
const ICONS: Record<ColorPreference, string> = { system: '◐', light: '☀', dark: '☾' }

interface ColorModeToggleProps {
  preference: ColorPreference
  forced: ColorMode | undefined
  onChange: (next: ColorPreference) => void
}

/**
 * One button that cycles system → light → dark. A page with a forced mode shows that mode and
 * takes no click (aria-disabled, so it keeps its focus and its explanation): a toggle that
 * cycled to "Dark" on a page that stays white looked broken.
 */
export function ColorModeToggle({ preference, forced, onChange }: ColorModeToggleProps) {
  const next = nextColorPreference(preference)
  const shown = forced ?? preference
  const title = forced
    ? `This page is always ${forced}. Your choice (${LABELS[preference]}) applies to the other pages.`
    : `Colour mode: ${LABELS[preference]}. Switch to ${LABELS[next]}.`
  return (
    <button
      type="button"
      className="color-mode-toggle"
      onClick={forced ? undefined : () => onChange(next)}
      title={title}
      aria-label={title}
      aria-disabled={forced ? true : undefined}
      data-preference={preference}
    >
      <span aria-hidden="true">{ICONS[shown]}</span>
      <span className="color-mode-toggle__label">{LABELS[shown]}</span>
    </button>
  )
}
