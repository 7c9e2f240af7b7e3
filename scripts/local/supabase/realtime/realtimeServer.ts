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
import { decodeMessage, encodeMessage } from './phoenixMessage.ts'
import {
  MAX_RECORD_BYTES,
  PAYLOAD_TOO_LARGE,
  smallValuesOf,
  walRecordBytes,
} from './recordLimit.ts'
import type { PhoenixMessage, Serializer } from './phoenixMessage.ts'

const PATH = '/realtime/v1/websocket'

interface Channel {
  topic: string
  joinRef: string | null
  claims: JwtClaims
  bindings: Binding[]
}

interface Connection {
  socket: WebSocket
  format: Serializer
  apiKeyClaims: JwtClaims
  channels: Map<string, Channel>
}

export interface RealtimeContext {
  db: Database
  keys: Keys
  catalog: Catalog
}

/**
 * Supabase Realtime's websocket (Phoenix protocol): heartbeats, channel join/leave,
 * token refresh, and `postgres_changes` delivered only to subscribers allowed to see the
 * row — decided by Postgres, by selecting the row under the subscriber's JWT.
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
      void this.ctx.keys
        .verify(url.searchParams.get('apikey') ?? '')
        .then((apiKeyClaims) => {
          this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, apiKeyClaims))
        })
        .catch(() => {
          socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n')
          socket.destroy()
        })
    })
  }

  private accept(socket: WebSocket, apiKeyClaims: JwtClaims): void {
    const connection: Connection = { socket, format: 'array', apiKeyClaims, channels: new Map() }
    this.connections.add(connection)
    socket.on('close', () => this.connections.delete(connection))
    socket.on('message', (data, isBinary) => {
      if (isBinary) return // binary broadcast frames: broadcast is not part of this stand-in
      const decoded = decodeMessage(data.toString())
      if (!decoded) return
      connection.format = decoded.format
      void this.handle(connection, decoded.message).catch((error: unknown) =>
        console.error('[realtime]', error),
      )
    })
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

  private async claimsFor(connection: Connection, token: unknown): Promise<JwtClaims | undefined> {
    if (typeof token !== 'string' || token === '') return connection.apiKeyClaims
    return this.ctx.keys.verify(token).catch(() => undefined)
  }

  private async handle(connection: Connection, message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') {
      this.reply(connection, message, 'ok', {})
      return
    }
    if (message.event === 'phx_join') {
      const claims = await this.claimsFor(connection, message.payload.access_token)
      if (!claims) {
        this.reply(connection, message, 'error', {
          reason: 'Invalid JWT: expired or not signed by this server',
        })
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
      connection.channels.set(message.topic, {
        topic: message.topic,
        joinRef: message.join_ref,
        claims,
        bindings,
      })
      this.reply(connection, message, 'ok', { postgres_changes: bindings })
      return
    }
    const channel = connection.channels.get(message.topic)
    if (message.event === 'access_token' && channel) {
      const claims = await this.claimsFor(connection, message.payload.access_token)
      if (claims) channel.claims = claims
      return
    }
    if (message.event === 'phx_leave') {
      connection.channels.delete(message.topic)
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
    for (const connection of this.connections) connection.socket.terminate()
    this.wss.close()
  }
}
