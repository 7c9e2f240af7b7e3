import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The narrow-screen header menu as a disclosure: a button toggles a panel; while it is open,
 * Tab cycles between the button and the panel's controls, Escape or a click outside closes it
 * and gives focus back to the button, and following a link closes it.
 */
export function useMenuDisclosure() {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const { pathname } = useLocation()

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  useEffect(() => setOpen(false), [pathname])

  /**
   * Escape and Tab while the menu is open. The header row listens too (SiteHeader's
   * onKeyDown): the page-wide listener is attached only once the open panel has painted, and a
   * quick key could come before it. Whichever sees a key first handles it; the other skips it.
   */
  const onKeyDown = useCallback(
    (event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'defaultPrevented' | 'preventDefault'>) => {
      if (!open || event.defaultPrevented) return
      if (event.key === 'Escape') {
        event.preventDefault()
        close(true)
        return
      }
      if (event.key !== 'Tab') return
      const cycle = [
        buttonRef.current,
        ...(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []),
      ].filter((element): element is HTMLElement => Boolean(element))
      const index = cycle.indexOf(document.activeElement as HTMLElement)
      const next = event.shiftKey ? index - 1 : index + 1
      event.preventDefault()
      cycle[(next + cycle.length) % cycle.length]?.focus()
    },
    [open, close],
  )

  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open, close, onKeyDown])

  return { open, toggle: () => setOpen((value) => !value), buttonRef, panelRef, onKeyDown }
}
