/**
 * The test standing between the page and the backend's Realtime socket, passing every frame
 * through, to play hosted Realtime shutting the page's channel: a system message with the
 * reason, then phx_close (what hosted sends once a channel's token has expired, as on a device
 * that slept through its refresh; the local backend does the same).
 */
import type { Page, WebSocketRoute } from '@playwright/test'

export interface RealtimeBetween {
  /** Every channel join the page sent, in order. */
  joins: { joinRef: string; topic: string }[]
  /** Shuts the channel joined last, as the server does, with `reason` said first if given. */
  shutLastChannel(reason?: string): void
}

export async function standBetweenRealtime(page: Page): Promise<RealtimeBetween> {
  let toPage: WebSocketRoute | undefined
  const joins: RealtimeBetween['joins'] = []
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    toPage = socket
    const server = socket.connectToServer()
    socket.onMessage((message) => {
      if (typeof message === 'string') {
        const [joinRef, , topic, event] = JSON.parse(message) as [string, string, string, string]
        if (event === 'phx_join') joins.push({ joinRef, topic })
      }
      server.send(message)
    })
  })
  return {
    joins,
    shutLastChannel(reason) {
      const last = joins.at(-1)
      if (!toPage || !last) throw new Error('The page has joined no Realtime channel yet')
      const { joinRef, topic } = last
      if (reason) {
        const system = { extension: 'system', status: 'error', message: reason, channel: topic }
        toPage.send(JSON.stringify([joinRef, null, topic, 'system', system]))
      }
      toPage.send(JSON.stringify([joinRef, joinRef, topic, 'phx_close', {}]))
    },
  }
}
