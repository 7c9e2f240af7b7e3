/// <reference lib="webworker" />
/**
 * Sends the requests the page hands it (offThreadFetch.ts) and passes the answers back. Its
 * only job is to keep the cost of handing a long body to the network off the page's main
 * thread.
 */
import type { OffThreadRequest, OffThreadResponse } from './offThreadFetchProtocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async (event: MessageEvent<OffThreadRequest>) => {
  const { id, url, method, headers, body } = event.data
  let answer: OffThreadResponse
  try {
    const response = await fetch(url, { method, headers, body })
    answer = {
      id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: await response.text(),
    }
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) }
  }
  scope.postMessage(answer)
}
