import type http from 'node:http'
import { WebSocketServer } from 'ws'
import type { WebSocket } from 'ws'
import type { Database } from '../db/database.ts'
import { withClaims } from '../db/withClaims.ts'
import type { JwtClaims, Keys } from '../keys.ts'
import type { Catalog } from '../rest/catalog.ts'
import { qualified, quoteIdent } from '../rest/sqlText.ts'
import { isValidFilter, matches } from './bindings.ts'
import type { Binding } from './bindings.ts'
import type { RowChange } from './changeFeed.ts'
import { confirmToken, hasExpired } from './confirmToken.ts'
import type { ChannelClaims } from './confirmToken.ts'
import { decodeMessage, encodeMessage } from './phoenixMessage.ts'
import {
  MAX_RECORD_BYTES,
  PAYLOAD_TOO_LARGE,
  smallValuesOf,
  walRecordBytes,
} from './recordLimit.ts'
import type { PhoenixMessage, Serializer } from './phoenixMessage.ts'

const PATH = '/realtime/v1/websocket'
/**
 * Hosted checks a channel's token again every 5 minutes, or when it expires if sooner
 * (realtime_channel.ex, @confirm_token_ms_interval). The cap also keeps a long-lived API key's
 * expiry within what setTimeout can wait.
 */
const CONFIRM_TOKEN_MS = 5 * 60_000

interface Channel {
  topic: string
  joinRef: string | null
  /** The token the channel joined with or was last sent, and what it verified to. */
  accessToken: string
  claims: ChannelClaims
  bindings: Binding[]
  confirmTimer?: NodeJS.Timeout
}

interface Connection {
  socket: WebSocket
  format: Serializer
  apiKey: string
  channels: Map<string, Channel>
  /** Messages and token checks, one at a time in order, as a Phoenix channel process. */
  queue: Promise<void>
}

export interface RealtimeContext {
  db: Database
  keys: Keys
  catalog: Catalog
}

/**
 * Supabase Realtime's websocket (Phoenix protocol): heartbeats, channel join/leave,
 * token refresh, and `postgres_changes` delivered only to subscribers allowed to see the
 * row — decided by Postgres, by selecting the row under the subscriber's JWT. A channel
 * lasts as long as its token: see confirmToken.ts and shutDown.
 */
export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true })
  private readonly connections = new Set<Connection>()
  private nextBindingId = 1

  constructor(private readonly ctx: RealtimeContext) {}

  /** `admits` refuses browsers from other origins: WebSockets are not covered by CORS. */
  attach(server: http.Server, admits: (req: http.IncomingMessage) => boolean = () => true): void {
    server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (url.pathname !== PATH) {
        socket.destroy()
        return
      }
      if (!admits(req)) {
        socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
        socket.destroy()
        return
      }
      // The API key must pass as a channel's token does (role and exp), as hosted's connect/3
      // has it: supabase/realtime, lib/realtime_web/channels/user_socket.ex.
      const apiKey = url.searchParams.get('apikey') ?? ''
      void confirmToken(this.ctx.keys, apiKey).then(({ claims }) => {
        if (claims) {
          this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, apiKey))
          return
        }
        socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n')
        socket.destroy()
      })
    })
  }

  private accept(socket: WebSocket, apiKey: string): void {
    const connection: Connection = {
      socket,
      format: 'array',
      apiKey,
      channels: new Map(),
      queue: Promise.resolve(),
    }
    this.connections.add(connection)
    socket.on('close', () => {
      this.connections.delete(connection)
      for (const channel of connection.channels.values()) clearTimeout(channel.confirmTimer)
    })
    socket.on('message', (data, isBinary) => {
      if (isBinary) return // binary broadcast frames: broadcast is not part of this stand-in
      const decoded = decodeMessage(data.toString())
      if (!decoded) return
      connection.format = decoded.format
      this.enqueue(connection, () => this.handle(connection, decoded.message))
    })
  }

  private enqueue(connection: Connection, task: () => Promise<void>): void {
    connection.queue = connection.queue
      .then(task)
      .catch((error: unknown) => console.error('[realtime]', error))
  }

  private send(connection: Connection, message: PhoenixMessage): void {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(encodeMessage(message, connection.format))
  }

  private reply(
    connection: Connection,
    message: PhoenixMessage,
    status: 'ok' | 'error',
    response: Record<string, unknown>,
  ) {
    this.send(connection, {
      join_ref: message.join_ref,
      ref: message.ref,
      topic: message.topic,
      event: 'phx_reply',
      payload: { status, response },
    })
  }

  /**
   * A join's token: its `access_token`, else (none, or a new-style `sb_` key) the socket's API
   * key, as hosted's assign_access_token/2 picks it.
   */
  private joinToken(connection: Connection, token: unknown): string {
    return typeof token === 'string' && !token.startsWith('sb_') ? token : connection.apiKey
  }

  /** Checks the channel's token again when it expires (or in 5 minutes, if later). */
  private scheduleConfirm(connection: Connection, channel: Channel): void {
    clearTimeout(channel.confirmTimer)
    const delay = Math.min(CONFIRM_TOKEN_MS, Math.max(0, channel.claims.exp * 1000 - Date.now()))
    channel.confirmTimer = setTimeout(
      () => this.enqueue(connection, () => this.confirm(connection, channel)),
      delay,
    )
    channel.confirmTimer.unref()
  }

  /** Hosted's handle_info(:confirm_token): a token that no longer passes shuts the channel. */
  private async confirm(connection: Connection, channel: Channel): Promise<void> {
    if (connection.channels.get(channel.topic) !== channel) return
    const confirmed = await confirmToken(this.ctx.keys, channel.accessToken)
    if (!confirmed.claims) {
      this.shutDown(connection, channel, confirmed.closeMessage)
      return
    }
    channel.claims = confirmed.claims
    this.scheduleConfirm(connection, channel)
  }

  /**
   * Hosted's shutdown_response/2 (supabase/realtime, lib/realtime_web/channels/
   * realtime_channel.ex): a `system` message with the reason, then the channel process stops
   * normally and Phoenix tells the client with `phx_close` (phoenixframework/phoenix,
   * lib/phoenix/socket.ex, encode_close/3: ref = join_ref, empty payload). realtime-js then
   * drops the channel and its subscribe callback gets CLOSED; it does not rejoin.
   */
  private shutDown(connection: Connection, channel: Channel, message: string): void {
    clearTimeout(channel.confirmTimer)
    connection.channels.delete(channel.topic)
    const { topic, joinRef } = channel
    this.send(connection, {
      join_ref: joinRef,
      ref: null,
      topic,
      event: 'system',
      payload: {
        extension: 'system',
        status: 'error',
        message,
        channel: topic.replace(/^realtime:/, ''),
      },
    })
    this.send(connection, {
      join_ref: joinRef,
      ref: joinRef,
      topic,
      event: 'phx_close',
      payload: {},
    })
  }

  private leave(connection: Connection, topic: string): void {
    clearTimeout(connection.channels.get(topic)?.confirmTimer)
    connection.channels.delete(topic)
  }

  private async handle(connection: Connection, message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') {
      this.reply(connection, message, 'ok', {})
      return
    }
    if (message.event === 'phx_join') {
      const accessToken = this.joinToken(connection, message.payload.access_token)
      const confirmed = await confirmToken(this.ctx.keys, accessToken)
      if (!confirmed.claims) {
        this.reply(connection, message, 'error', { reason: confirmed.joinReason })
        return
      }
      const config = (message.payload.config ?? {}) as {
        postgres_changes?: Record<string, unknown>[]
      }
      const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : []
      const bindings: Binding[] = []
      for (const item of requested) {
        const filter = typeof item.filter === 'string' ? item.filter : undefined
        if (!isValidFilter(filter)) {
          this.reply(connection, message, 'error', {
            reason: `Invalid postgres_changes filter: ${filter}`,
          })
          return
        }
        bindings.push({
          id: this.nextBindingId++,
          event: typeof item.event === 'string' ? item.event : '*',
          schema: typeof item.schema === 'string' ? item.schema : 'public',
          table: typeof item.table === 'string' ? item.table : undefined,
          filter,
        })
      }
      this.leave(connection, message.topic)
      const channel: Channel = {
        topic: message.topic,
        joinRef: message.join_ref,
        accessToken,
        claims: confirmed.claims,
        bindings,
      }
      connection.channels.set(message.topic, channel)
      this.scheduleConfirm(connection, channel)
      this.reply(connection, message, 'ok', { postgres_changes: bindings })
      return
    }
    const channel = connection.channels.get(message.topic)
    if (message.event === 'access_token' && channel) {
      const token = message.payload.access_token
      // Hosted's handle_in("access_token") ignores no token, the same token and an `sb_` key
      // (the channel's token still expires); any other token must pass or the channel shuts.
      if (typeof token !== 'string' || token === channel.accessToken || token.startsWith('sb_'))
        return
      const confirmed = await confirmToken(this.ctx.keys, token)
      if (!confirmed.claims) {
        this.shutDown(connection, channel, confirmed.closeMessage)
        return
      }
      channel.accessToken = token
      channel.claims = confirmed.claims
      this.scheduleConfirm(connection, channel)
      return
    }
    if (message.event === 'phx_leave') {
      this.leave(connection, message.topic)
      this.reply(connection, message, 'ok', {})
      return
    }
    if (message.ref) this.reply(connection, message, 'ok', {})
  }

  /** Sends one committed change to every channel that subscribed to it and may see it. */
  async deliver(change: RowChange): Promise<void> {
    const table = this.ctx.catalog.tableSync(change.schema_name, change.table_name)
    if (!table) return
    const columns = [...table.columns.values()].map((c) => ({ name: c.name, type: c.udt }))
    const pkOnly = (row: Record<string, unknown> | null) =>
      row ? Object.fromEntries(table.primaryKey.map((k) => [k, row[k]])) : {}
    const oversized = walRecordBytes(change, table) > MAX_RECORD_BYTES
    const sent = (row: Record<string, unknown>) => (oversized ? smallValuesOf(row) : row)
    for (const connection of this.connections) {
      for (const channel of connection.channels.values()) {
        const ids = channel.bindings.filter((b) => matches(b, change)).map((b) => b.id)
        if (ids.length === 0 || !(await this.visible(channel.claims, change))) continue
        // Between its token's expiry and the check that shuts it (or after it shut while
        // Postgres answered), a channel gets nothing: hosted may still send for up to a second.
        if (connection.channels.get(channel.topic) !== channel || hasExpired(channel.claims))
          continue
        this.send(connection, {
          join_ref: channel.joinRef,
          ref: null,
          topic: channel.topic,
          event: 'postgres_changes',
          payload: {
            ids,
            data: {
              schema: change.schema_name,
              table: change.table_name,
              commit_timestamp: change.commit_timestamp,
              type: change.change_type,
              columns,
              record: sent(change.record ?? {}),
              // As on Supabase with RLS: the old row is reduced to its primary key.
              old_record:
                change.change_type === 'INSERT' ? undefined : sent(pkOnly(change.old_record)),
              errors: oversized ? [PAYLOAD_TOO_LARGE] : null,
            },
          },
        })
      }
    }
  }

  /**
   * Inserted/updated rows: visible if the subscriber can select the row, by its primary key,
   * now (RLS), as hosted Realtime's prepared statement does. Deleted rows go to every
   * subscriber of the table, RLS or not, exactly as hosted Realtime sends them (there is no
   * row left to check): supabase/realtime, lib/realtime/tenants/repo/migrations/
   * 20260420000000_squash_migrations.ex, realtime.apply_rls (`if not is_rls_enabled or
   * action = 'DELETE'`). Their old record holds only the key (see deliver), so what a table
   * leaks this way is the ids of everyone's deleted rows.
   */
  private async visible(claims: JwtClaims, change: RowChange): Promise<boolean> {
    if (claims.role === 'service_role') return true
    if (change.change_type === 'DELETE') return true
    const table = this.ctx.catalog.tableSync(change.schema_name, change.table_name)
    if (!table || table.primaryKey.length === 0) return false
    const target = qualified(table.schema, table.name)
    const match = table.primaryKey
      .map((k) => `_t.${quoteIdent(k)} = _j.${quoteIdent(k)}`)
      .join(' and ')
    try {
      return await withClaims(this.ctx.db, claims, async (tx) => {
        const result = await tx.query<{ visible: boolean }>(
          `select exists(select 1 from ${target} _t, json_populate_record(null::${target}, $1::json) _j where ${match}) as visible`,
          [JSON.stringify(change.record)],
        )
        return result.rows[0]?.visible === true
      })
    } catch {
      return false
    }
  }

  close(): void {
    for (const connection of this.connections) {
      for (const channel of connection.channels.values()) clearTimeout(channel.confirmTimer)
      connection.socket.terminate()
    }
    this.wss.close()
  }
}
