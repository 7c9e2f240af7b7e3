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
import { noPolicies, readPolicies, writePolicies } from './channelPolicies.ts'
import type { ChannelPolicies, Extension } from './channelPolicies.ts'
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

/** The channel's topic as realtime.topic() and hosted's messages name it: no `realtime:`. */
const subTopicOf = (topic: string) => topic.replace(/^realtime:/, '')

/** Hosted's words when the policies let a token read neither extension of a topic. */
const cannotRead = (subTopic: string) =>
  `You do not have permissions to read from this Channel topic: ${subTopic}`

/**
 * A join flag as hosted reads it: true, or a string that is "true" in any case
 * (lib/realtime_web/channels/payloads/flexible_boolean.ex); anything else is false.
 */
const flag = (value: unknown) =>
  value === true || (typeof value === 'string' && value.toLowerCase() === 'true')

interface Channel {
  topic: string
  joinRef: string | null
  /** The token the channel joined with or was last sent, and what it verified to. */
  accessToken: string
  claims: ChannelClaims
  bindings: Binding[]
  /** Joined with `config.private`: realtime.messages policies decide what it may do. */
  private: boolean
  /** Joined with `config.presence.enabled`: presence is checked at join too. */
  presenceEnabled: boolean
  /** What the policies allowed, as far as asked (private channels only). */
  policies: ChannelPolicies
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
 * lasts as long as its token: see confirmToken.ts and shutDown. A private channel
 * (`config.private`) is joined, kept on a token refresh and sent on only as the policies of
 * realtime.messages allow (channelPolicies.ts); broadcast and presence are otherwise not
 * relayed by this stand-in.
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
        channel: subTopicOf(topic),
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
      const config = (
        typeof message.payload.config === 'object' && message.payload.config !== null
          ? message.payload.config
          : {}
      ) as {
        postgres_changes?: Record<string, unknown>[]
        private?: unknown
        presence?: { enabled?: unknown } | null
      }
      const isPrivate = flag(config.private)
      const presenceEnabled = flag(config.presence?.enabled)
      let policies = noPolicies()
      if (isPrivate) {
        // Hosted's join/3 asks the policies after the token (maybe_assign_policies/3) and
        // refuses a topic the token may read neither broadcast nor presence of.
        const readable = await this.readable(message.topic, confirmed.claims, presenceEnabled)
        if (!readable) {
          this.reply(connection, message, 'error', {
            reason: `Unauthorized: ${cannotRead(subTopicOf(message.topic))}`,
          })
          return
        }
        policies = readable
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
        private: isPrivate,
        presenceEnabled,
        policies,
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
      if (channel.private) {
        // Hosted asks the policies again with the new token, forgetting what the old one was
        // allowed to send, and shuts a channel it may no longer read from.
        const previous = channel.policies
        const readable = await this.readable(
          channel.topic,
          confirmed.claims,
          channel.presenceEnabled,
        )
        const subTopic = subTopicOf(channel.topic)
        if (!readable) {
          this.shutDown(connection, channel, cannotRead(subTopic))
          return
        }
        const revoked = (['broadcast', 'presence'] as const).some(
          (extension) => previous[extension].read === true && readable[extension].read === false,
        )
        if (revoked) {
          this.shutDown(
            connection,
            channel,
            `You no longer have permission to read from this Channel topic: ${subTopic}`,
          )
          return
        }
        channel.policies = readable
      }
      channel.accessToken = token
      channel.claims = confirmed.claims
      this.scheduleConfirm(connection, channel)
      return
    }
    if (message.event === 'broadcast' && channel?.private) {
      // Hosted's BroadcastHandler.handle/3: a private channel sends only if an INSERT policy
      // lets the token write a broadcast row; otherwise the message is dropped, unanswered.
      if (!(await this.mayWrite(channel, 'broadcast'))) return
    }
    if (message.event === 'presence' && channel?.private) {
      this.reply(connection, message, await this.presenceAnswer(channel, message.payload), {})
      return
    }
    if (message.event === 'phx_leave') {
      this.leave(connection, message.topic)
      this.reply(connection, message, 'ok', {})
      return
    }
    if (message.ref) this.reply(connection, message, 'ok', {})
  }

  /**
   * What `claims` may read on `topic` (broadcast, and presence when enabled at join), or
   * undefined if neither: hosted's maybe_assign_policies/3. A failed check admits nothing.
   */
  private async readable(
    topic: string,
    claims: JwtClaims,
    presenceEnabled: boolean,
  ): Promise<ChannelPolicies | undefined> {
    const extensions: Extension[] = presenceEnabled ? ['broadcast', 'presence'] : ['broadcast']
    try {
      const read = await readPolicies(this.ctx.db, { topic: subTopicOf(topic), claims }, extensions)
      if (!read.broadcast && !read.presence) return undefined
      const policies = noPolicies()
      for (const extension of extensions) policies[extension].read = read[extension]
      return policies
    } catch {
      return undefined
    }
  }

  /**
   * Whether the channel's token may send `extension`: asked once per token, for both
   * extensions together (get_write_authorizations/4 with presence checked by default), and
   * kept until a refresh. A failed check is not kept, so the next message asks again.
   */
  private async mayWrite(channel: Channel, extension: Extension): Promise<boolean> {
    if (channel.policies[extension].write === undefined) {
      try {
        const written = await writePolicies(
          this.ctx.db,
          { topic: subTopicOf(channel.topic), claims: channel.claims },
          ['broadcast', 'presence'],
        )
        channel.policies.broadcast.write = written.broadcast
        channel.policies.presence.write = written.presence
      } catch {
        return false
      }
    }
    return channel.policies[extension].write === true
  }

  /**
   * Hosted's answer to a presence message on a private channel (PresenceHandler.handle/3):
   * `track` needs an INSERT policy for presence, `untrack` and a message without an event are
   * accepted, any other event is an error. Phoenix turns `{:reply, :error, socket}` into an
   * error reply with an empty response (phoenixframework/phoenix, lib/phoenix/channel/
   * server.ex, handle_reply/2). This stand-in tracks no presence either way.
   */
  private async presenceAnswer(
    channel: Channel,
    payload: Record<string, unknown>,
  ): Promise<'ok' | 'error'> {
    if (typeof payload.event !== 'string') return 'ok'
    const event = payload.event.toLowerCase()
    if (event === 'untrack') return 'ok'
    if (event !== 'track') return 'error'
    return (await this.mayWrite(channel, 'presence')) ? 'ok' : 'error'
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
