import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType, type Location } from 'react-router-dom'
import { decideScroll, findHashTarget } from './scrollBehavior'

/** Applies `decideScroll` after every navigation, remembering positions for back/forward. */
export function useScrollBehavior(): void {
  const location = useLocation()
  const navigationType = useNavigationType()
  const previous = useRef<Location | null>(null)
  const positions = useRef(new Map<string, number>())
  const currentKey = useRef(location.key)

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const remember = () => positions.current.set(currentKey.current, window.scrollY)
    window.addEventListener('scroll', remember, { passive: true })
    return () => window.removeEventListener('scroll', remember)
  }, [])

  useEffect(() => {
    currentKey.current = location.key
    const from = previous.current
    previous.current = location
    const decision = decideScroll(from, location, {
      isPop: navigationType === 'POP' && from !== null,
      savedTop: positions.current.get(location.key),
    })
    // On the first load the browser has already placed a prerendered page; only a hash matters.
    if (!from && decision.kind !== 'element') return
    const frame = requestAnimationFrame(() => {
      if (decision.kind === 'restore') window.scrollTo(0, decision.top)
      else if (decision.kind === 'top') window.scrollTo(0, 0)
      else if (decision.kind === 'element') findHashTarget(decision.id, document)?.scrollIntoView()
    })
    return () => cancelAnimationFrame(frame)
  }, [location, navigationType])
}
