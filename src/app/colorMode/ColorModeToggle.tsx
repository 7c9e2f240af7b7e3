import { nextColorPreference, type ColorPreference } from './colorMode'
import type { ColorMode } from '../../routeRules'

const LABELS: Record<ColorPreference, string> = { system: 'System', light: 'Light', dark: 'Dark' }
const ICONS: Record<ColorPreference, string> = { system: '◐', light: '☀', dark: '☾' }

interface ColorModeToggleProps {
  preference: ColorPreference
  forced: ColorMode | undefined
  onChange: (next: ColorPreference) => void
}

/** One button that cycles system → light → dark; on a page with a forced mode it says so. */
export function ColorModeToggle({ preference, forced, onChange }: ColorModeToggleProps) {
  const next = nextColorPreference(preference)
  const title = forced
    ? `This page is always ${forced}. Your choice (${LABELS[preference]}) applies elsewhere.`
    : `Colour mode: ${LABELS[preference]}. Switch to ${LABELS[next]}.`
  return (
    <button
      type="button"
      className="color-mode-toggle"
      onClick={() => onChange(next)}
      title={title}
      aria-label={title}
      data-preference={preference}
    >
      <span aria-hidden="true">{ICONS[preference]}</span>
      <span className="color-mode-toggle__label">{LABELS[preference]}</span>
    </button>
  )
}
