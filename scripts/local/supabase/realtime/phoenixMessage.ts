/** A Phoenix channel message; realtime-js 2.x sends vsn 2.0.0 arrays, older clients objects. */
export interface PhoenixMessage {
  join_ref: string | null
  ref: string | null
  topic: string
  event: string
  payload: Record<string, unknown>
}

export type Serializer = 'array' | 'object'

export function decodeMessage(
  text: string,
): { message: PhoenixMessage; format: Serializer } | undefined {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return undefined
  }
  if (Array.isArray(data) && data.length === 5) {
    const [joinRef, ref, topic, event, payload] = data as unknown[]
    if (typeof topic !== 'string' || typeof event !== 'string') return undefined
    return {
      format: 'array',
      message: {
        join_ref: typeof joinRef === 'string' ? joinRef : null,
        ref: typeof ref === 'string' ? ref : null,
        topic,
        event,
        payload:
          typeof payload === 'object' && payload !== null
            ? (payload as Record<string, unknown>)
            : {},
      },
    }
  }
  if (typeof data === 'object' && data !== null) {
    const m = data as Record<string, unknown>
    if (typeof m.topic !== 'string' || typeof m.event !== 'string') return undefined
    return {
      format: 'object',
      message: {
        join_ref: typeof m.join_ref === 'string' ? m.join_ref : null,
        ref: typeof m.ref === 'string' ? m.ref : null,
        topic: m.topic,
        event: m.event,
        payload:
          typeof m.payload === 'object' && m.payload !== null
            ? (m.payload as Record<string, unknown>)
            : {},
      },
    }
  }
  return undefined
}

export function encodeMessage(message: PhoenixMessage, format: Serializer): string {
  return format === 'array'
    ? JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload])
    : JSON.stringify(message)
}
