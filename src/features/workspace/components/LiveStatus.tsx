import { useState } from 'react'
import { LoadingInPlace } from '../../../components/LoadingInPlace'

interface LiveStatusProps {
  /** The realtime channel is joined. */
  live: boolean
  /** The browser has a network. */
  online: boolean
}

type LiveState = 'offline' | 'live' | 'connecting'

const WORDS: Record<LiveState, string> = {
  offline: 'Offline: your text is kept here, and changes from elsewhere arrive when you reconnect',
  live: 'Live: changes from your other tabs and devices appear here',
  connecting: 'Connecting…',
}

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
  // Connecting, it stands in the room "Live: …" takes (two lines in the list), so that the
  // search field under it does not move down when it joins. The same element throughout: a
  // live region put back on the page is not reliably heard.
  return (
    <LoadingInPlace
      expected={
        state === 'connecting' ? <p className="live-note live-note--live">{WORDS.live}</p> : null
      }
    >
      <p
        className={`live-note live-note--${state}`}
        data-testid="live-status"
        data-state={state}
        role="status"
        aria-live={news ? 'polite' : 'off'}
      >
        {WORDS[state]}
      </p>
    </LoadingInPlace>
  )
}
