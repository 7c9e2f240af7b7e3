import { describe, expect, it } from 'vitest'
import {
  COLOR_PREFERENCE_KEY,
  FORCED_MODE_ATTRIBUTE,
  colorModeScript,
  nextColorPreference,
  parseColorPreference,
  resolveColorMode,
  type ColorPreference,
} from '../../../src/app/colorMode/colorMode.ts'
import type { ColorMode } from '../../../src/routeRules.ts'

describe('resolveColorMode', () => {
  it('follows the system when the preference is system', () => {
    expect(resolveColorMode({ preference: 'system', systemPrefersDark: true })).toBe('dark')
    expect(resolveColorMode({ preference: 'system', systemPrefersDark: false })).toBe('light')
  })

  it('uses an explicit preference over the system', () => {
    expect(resolveColorMode({ preference: 'light', systemPrefersDark: true })).toBe('light')
    expect(resolveColorMode({ preference: 'dark', systemPrefersDark: false })).toBe('dark')
  })

  it('lets a forced page win over everything', () => {
    expect(resolveColorMode({ preference: 'dark', forced: 'light', systemPrefersDark: true })).toBe(
      'light',
    )
  })

  it('parses stored values defensively and cycles in order', () => {
    expect(parseColorPreference('dark')).toBe('dark')
    expect(parseColorPreference('purple')).toBe('system')
    expect(parseColorPreference(null)).toBe('system')
    expect(nextColorPreference('system')).toBe('light')
    expect(nextColorPreference('light')).toBe('dark')
    expect(nextColorPreference('dark')).toBe('system')
  })
})

/** Runs the inline <head> script against a fake document and returns the class it set. */
function runInlineScript(
  stored: string | null,
  forced: ColorMode | null,
  systemDark: boolean,
  storageThrows = false,
) {
  const classes = new Set<string>()
  const documentElement = {
    getAttribute: (name: string) => (name === FORCED_MODE_ATTRIBUTE ? forced : null),
    classList: { add: (value: string) => classes.add(value) },
    style: { colorScheme: '' },
  }
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error('denied')
      return key === COLOR_PREFERENCE_KEY ? stored : null
    },
  }
  const matchMedia = () => ({ matches: systemDark })
  new Function('document', 'localStorage', 'matchMedia', colorModeScript)(
    { documentElement },
    localStorage,
    matchMedia,
  )
  return { classes: [...classes], colorScheme: documentElement.style.colorScheme }
}

describe('the inline no-flash script', () => {
  const preferences: (ColorPreference | null)[] = [null, 'system', 'light', 'dark']
  const forcedModes: (ColorMode | null)[] = [null, 'light', 'dark']
  for (const stored of preferences) {
    for (const forced of forcedModes) {
      for (const systemDark of [false, true]) {
        it(`agrees with resolveColorMode (stored=${stored}, forced=${forced}, systemDark=${systemDark})`, () => {
          const expected = resolveColorMode({
            preference: parseColorPreference(stored),
            forced,
            systemPrefersDark: systemDark,
          })
          expect(runInlineScript(stored, forced, systemDark)).toEqual({
            classes: [expected],
            colorScheme: expected,
          })
        })
      }
    }
  }

  it('follows the system when storage is denied', () => {
    expect(runInlineScript('light', null, true, true).classes).toEqual(['dark'])
    expect(runInlineScript('dark', null, false, true).classes).toEqual(['light'])
  })
})
