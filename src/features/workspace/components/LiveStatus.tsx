interface LiveStatusProps {
  /** The realtime channel is joined. */
  live: boolean
  /** The browser has a network. */
  online: boolean
}

/** Whether changes from elsewhere are arriving; offline says so rather than claiming "Live". */
export function LiveStatus({ live, online }: LiveStatusProps) {
  const state = !online ? 'offline' : live ? 'live' : 'connecting'
  return (
    <p
      className={`live-note live-note--${state}`}
      data-testid="live-status"
      data-state={state}
      role="status"
    >
      {state === 'offline'
        ? 'Offline: your text is kept here, and changes from elsewhere arrive when you reconnect'
        : state === 'live'
          ? 'Live: changes from your other tabs and devices appear here'
          : 'Connecting…'}
    </p>
  )
}
