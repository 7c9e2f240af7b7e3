import { createContext, useContext } from 'react'
import type { ColorMode } from '../../routeRules'
import type { ColorPreference } from './colorMode'

export interface ColorModeState {
  preference: ColorPreference
  mode: ColorMode
  forced: ColorMode | undefined
  setPreference: (next: ColorPreference) => void
}

export const ColorModeContext = createContext<ColorModeState | null>(null)

export function useColorModeState(): ColorModeState {
  const state = useContext(ColorModeContext)
  if (!state) throw new Error('useColorModeState must be used inside <Shell>.')
  return state
}
