/**
 * A channel lives as long as its token, as on hosted Realtime: the server checks the token
 * again when it expires and then shuts the channel, and a refreshed token (`access_token`,
 * which supabase-js sends after each refresh) that does not verify shuts it too. Shutting is
 * a `system` message with the reason, then `phx_close`. See supabase/realtime,
 * lib/realtime_web/channels/realtime_channel.ex (confirm_token/1, handle_info(:confirm_token),
 * handle_in("access_token"), shutdown_response/2) and channels/auth/channels_authorization.ex.
 *
 * Tokens here are the user's own claims with a near expiry, signed with the backend's secret
 * as GoTrue signs them, so each test waits a second or two instead of an hour.
 */
import { SignJWT, decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { makePro, signedInUser, startTestBackend } from './helpers.ts'
import { listen, phoenixSocket, waitFor } from './realtimeListen.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

type SignedInUser = Awaited<ReturnType<typeof signedInUser>>
type Head = { id: string; title: string }

const nowSeconds = () => Math.floor(Date.now() / 1000)
const sleepUntil = (ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - Date.now())))

/** `user`'s access token with other claims (a nearer `exp`), signed with `secret`. */
function tokenOf(
  user: SignedInUser,
  claims: Record<string, unknown>,
  secret = backend.jwtSecret,
): Promise<string> {
  const { exp: _exp, ...rest } = decodeJwt(user.session.access_token)
  return new SignJWT({ ...rest, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

async function newDocument(user: SignedInUser, title: string): Promise<void> {
  const created = await user.supabase.from('documents').insert({ title })
  expect(created.error).toBeNull()
}

let topics = 0

/**
 * One channel on document_heads over a raw socket, speaking realtime-js's protocol (vsn 2.0.0),
 * so what the server sends can be seen frame by frame, after the channel closed too.
 */
async function rawChannel(token: string) {
  const subTopic = `heads-${++topics}`
  const topic = `realtime:${subTopic}`
  const socket = await phoenixSocket(backend, topic)
  const { frames } = socket
  const join = (accessToken: string) =>
    socket.reply(
      socket.send('phx_join', {
        config: { postgres_changes: [{ event: '*', schema: 'public', table: 'document_heads' }] },
        access_token: accessToken,
      }),
    )
  const joined = await join(token)
  return {
    subTopic,
    joined,
    frames,
    /** Sends a token refresh, as realtime-js does on setAuth. */
    refresh: (accessToken: string) => socket.send('access_token', { access_token: accessToken }),
    settled: socket.settled,
    /** The channel's frames after its join reply, heartbeats left out. */
    events: () =>
      frames
        .filter((f) => f[2] === topic && !(f[3] === 'phx_reply' && f[1] === '1'))
        .map(([joinRef, frameRef, , event, payload]) => ({
          joinRef,
          ref: frameRef,
          event,
          payload:
            event === 'postgres_changes'
              ? { title: (payload.data as { record: Head }).record.title }
              : payload,
        })),
    close: socket.close,
  }
}

const change = (title: string) => ({
  joinRef: '1',
  ref: null,
  event: 'postgres_changes',
  payload: { title },
})
const shutdown = (subTopic: string, message: string | RegExp) => [
  {
    joinRef: '1',
    ref: null,
    event: 'system',
    payload: {
      extension: 'system',
      status: 'error',
      message: typeof message === 'string' ? message : expect.stringMatching(message),
      channel: subTopic,
    },
  },
  { joinRef: '1', ref: '1', event: 'phx_close', payload: {} },
]
const EXPIRED = /^Token has expired \d+ seconds ago$/

describe('a realtime channel lives as long as its token', () => {
  it('is shut when its token expires, as hosted does, and is sent nothing after', async () => {
    const alice = await signedInUser(backend, 'rt-expires')
    const exp = nowSeconds() + 2
    const channel = await rawChannel(await tokenOf(alice, { exp }))
    expect(channel.joined).toMatchObject({ status: 'ok' })
    await newDocument(alice, 'Before')
    await channel.settled()

    await sleepUntil(exp * 1000 + 100)
    await newDocument(alice, 'After')
    await channel.settled()
    expect(channel.events().filter((e) => e.event === 'postgres_changes')).toEqual([
      change('Before'),
    ])
    await waitFor(() => channel.events().some((e) => e.event === 'phx_close'), 2000)
    expect(channel.events()).toEqual([change('Before'), ...shutdown(channel.subTopic, EXPIRED)])
    channel.close()
  })

  it('closes for supabase-js, which drops the channel and reports CLOSED', async () => {
    const alice = await signedInUser(backend, 'rt-expires-js')
    const exp = nowSeconds() + 2
    const feed = await listen<Head>(
      alice,
      'document_heads',
      undefined,
      await tokenOf(alice, { exp }),
    )
    await waitFor(() => feed.statuses.includes('CLOSED'), 4000)
    expect(feed.statuses).toEqual(['SUBSCRIBED', 'CLOSED'])
    expect(feed.system).toEqual([
      {
        extension: 'system',
        status: 'error',
        message: expect.stringMatching(EXPIRED),
        channel: feed.channel.subTopic,
      },
    ])
    expect(alice.supabase.realtime.getChannels()).not.toContain(feed.channel)
    alice.supabase.realtime.disconnect()
  })

  it('is shut by a refreshed token that does not verify, with hosted reasons', async () => {
    const alice = await signedInUser(backend, 'rt-bad-refresh')
    await makePro(backend, alice.id) // a document per case: more than the Free plan's 3
    const far = nowSeconds() + 3600
    const refused: [string, string | RegExp][] = [
      // Signed with another secret: hosted shuts with inspect(:signature_error).
      [
        await tokenOf(alice, { exp: far }, 'another-secret-of-at-least-32-characters!'),
        ':signature_error',
      ],
      ['potato', 'The token provided is not a valid JWT'],
      ['', 'The token provided is not a valid JWT'],
      [await tokenOf(alice, { exp: nowSeconds() - 60 }), EXPIRED],
      [await tokenOf(alice, { exp: undefined }), 'Fields `role` and `exp` are required in JWT'],
    ]
    for (const [token, reason] of refused) {
      const channel = await rawChannel(alice.session.access_token)
      expect(channel.joined).toMatchObject({ status: 'ok' })
      channel.refresh(token)
      await channel.settled() // the server has read the refresh
      await newDocument(alice, 'After the refresh')
      await channel.settled()
      expect(channel.events().filter((e) => e.event === 'postgres_changes')).toEqual([])
      expect(channel.events()).toEqual(shutdown(channel.subTopic, reason))
      channel.close()
    }
  })

  it('is kept open and extended by a valid refresh before it expires', async () => {
    const alice = await signedInUser(backend, 'rt-refresh')
    const start = nowSeconds()
    const channel = await rawChannel(await tokenOf(alice, { exp: start + 2 }))
    expect(channel.joined).toMatchObject({ status: 'ok' })
    // Ignored as hosted ignores them: the same token again, and an `sb_` API key.
    channel.refresh(await tokenOf(alice, { exp: start + 2 }))
    channel.refresh('sb_publishable_not-a-jwt')
    channel.refresh(await tokenOf(alice, { exp: start + 4 }))

    await sleepUntil((start + 2) * 1000 + 100)
    await newDocument(alice, 'Past the first expiry')
    await channel.settled()
    expect(channel.events()).toEqual([change('Past the first expiry')])

    await waitFor(() => channel.events().some((e) => e.event === 'phx_close'), 3000)
    expect(channel.events()).toEqual([
      change('Past the first expiry'),
      ...shutdown(channel.subTopic, EXPIRED),
    ])
    channel.close()
  })

  it('refuses to join with a token that has expired or has no exp, with hosted reasons', async () => {
    const alice = await signedInUser(backend, 'rt-join')
    const expired = await rawChannel(await tokenOf(alice, { exp: nowSeconds() - 60 }))
    expect(expired.joined).toEqual({
      status: 'error',
      response: {
        reason: expect.stringMatching(/^InvalidJWTToken: Token has expired \d+ seconds ago$/),
      },
    })
    const noExp = await rawChannel(await tokenOf(alice, { exp: undefined }))
    expect(noExp.joined).toEqual({
      status: 'error',
      response: { reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' },
    })
    for (const channel of [expired, noExp]) channel.close()
  })
})
