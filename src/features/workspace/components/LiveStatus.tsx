import { useState } from 'react'

interface LiveStatusProps {
  /** The realtime channel is joined. */
  live: boolean
  /** The browser has a network. */
  online: boolean
}

type LiveState = 'offline' | 'live' | 'connecting'

/**
 * Whether changes from elsewhere are arriving; offline says so rather than claiming "Live".
 * Always shown, but said aloud only when it is news: "Connecting…" then "Live" on every visit
 * to the dashboard is not. Going offline or losing the channel is, and so is every change after
 * that, up to "Live" again. SaveStatus leaves the offline news to this indicator.
 */
export function LiveStatus({ live, online }: LiveStatusProps) {
  const state: LiveState = !online ? 'offline' : live ? 'live' : 'connecting'
  // Followed during render, as React advises for state that follows a prop: the render that
  // shows the first news already has the region switched on, so it is said.
  const [previous, setPrevious] = useState(state)
  const [disturbed, setDisturbed] = useState(false)
  if (state !== previous) {
    setPrevious(state)
    if (state === 'offline' || previous === 'live') setDisturbed(true)
  }
  const news = disturbed || state === 'offline'
  return (
    <p
      className={`live-note live-note--${state}`}
      data-testid="live-status"
      data-state={state}
      role="status"
      aria-live={news ? 'polite' : 'off'}
    >
      {state === 'offline'
        ? 'Offline: your text is kept here, and changes from elsewhere arrive when you reconnect'
        : state === 'live'
          ? 'Live: changes from your other tabs and devices appear here'
          : 'Connecting…'}
    </p>
  )
}
