/**
 * Two factors for everything: a user with a verified TOTP factor who signed in with the
 * password only (aal1) reaches none of their data and none of the billing hand-offs until the
 * challenge is passed (aal2). Each table, the attachments bucket and each billing function is
 * tried at aal1 (refused) and at aal2 (allowed).
 */
import * as OTPAuth from 'otpauth'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBillingBackend, type BillingBackend } from './billingBackend.ts'
import { PNG, client, makePro, serviceClient, signedInUser } from './helpers.ts'

let env: BillingBackend
beforeAll(async () => {
  env = await startBillingBackend()
})
afterAll(() => env?.stop())

const MONTHLY = 'price_FolioProMonthly'

/**
 * A user who turned on two-factor: `aal2` passed the TOTP challenge, `aal1` is another device
 * that signed in with the password only (what an attacker with the password has).
 */
async function twoFactorUser(label: string) {
  const user = await signedInUser(env.backend, label)
  const enrolled = await user.supabase.auth.mfa.enroll({ factorType: 'totp' })
  if (enrolled.error) throw enrolled.error
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data.totp.secret) })
  const verified = await user.supabase.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totp.generate(),
  })
  if (verified.error) throw verified.error

  const aal1 = client(env.backend)
  const signedIn = await aal1.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  })
  if (signedIn.error) throw signedIn.error
  const level = await aal1.auth.mfa.getAuthenticatorAssuranceLevel()
  expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
  return { id: user.id, email: user.email, aal1, aal2: user.supabase }
}

const png = () => new Blob([PNG], { type: 'image/png' })

describe('two-factor users at aal1 reach none of their data', () => {
  it('profiles: no read, no update at aal1; both at aal2', async () => {
    const user = await twoFactorUser('mfa-profile')
    expect((await user.aal1.from('profiles').select('id')).data).toEqual([])
    const update = await user.aal1
      .from('profiles')
      .update({ full_name: 'Mallory' })
      .eq('id', user.id)
      .select('full_name')
    expect(update.data ?? []).toEqual([])

    expect((await user.aal2.from('profiles').select('id')).data).toEqual([{ id: user.id }])
    const stored = await serviceClient(env.backend)
      .from('profiles')
      .select('full_name')
      .eq('id', user.id)
      .single()
    expect(stored.data).toEqual({ full_name: null })
    const own = await user.aal2
      .from('profiles')
      .update({ full_name: 'Ada' })
      .eq('id', user.id)
      .select('full_name')
    expect(own.data).toEqual([{ full_name: 'Ada' }])
  })

  it('subscriptions and the plan: hidden at aal1, shown at aal2', async () => {
    const user = await twoFactorUser('mfa-plan')
    await makePro(env.backend, user.id)
    expect((await user.aal1.from('subscriptions').select('id')).data).toEqual([])
    expect((await user.aal1.rpc('current_plan')).data).toBeNull()

    expect((await user.aal2.from('subscriptions').select('status')).data).toEqual([
      { status: 'active' },
    ])
    expect((await user.aal2.rpc('current_plan')).data).toBe('pro')
  })

  it('documents: no read, insert or update at aal1; all at aal2', async () => {
    const user = await twoFactorUser('mfa-docs')
    const created = await user.aal2
      .from('documents')
      .insert({ title: 'Secret plans' })
      .select('id')
      .single()
    expect(created.error).toBeNull()
    const id = (created.data as { id: string }).id

    expect((await user.aal1.from('documents').select('id')).data).toEqual([])
    const insert = await user.aal1.from('documents').insert({ title: 'Planted' })
    expect(insert.error?.code).toBe('42501')
    const update = await user.aal1
      .from('documents')
      .update({ title: 'Changed' })
      .eq('id', id)
      .select('id')
    expect(update.data ?? []).toEqual([])
    expect((await user.aal2.from('documents').select('title')).data).toEqual([
      { title: 'Secret plans' },
    ])
    // Their heads, what Realtime sends about them, are theirs too.
    expect((await user.aal1.from('document_heads').select('id')).data).toEqual([])
    expect((await user.aal2.from('document_heads').select('title')).data).toEqual([
      { title: 'Secret plans' },
    ])
  })

  it('attachments: no list, sign, download, upload, replace or delete at aal1; all at aal2', async () => {
    const user = await twoFactorUser('mfa-files')
    await makePro(env.backend, user.id)
    const mine = user.aal2.storage.from('attachments')
    expect((await mine.upload(`${user.id}/kept.png`, png())).error).toBeNull()

    const stolen = user.aal1.storage.from('attachments')
    expect((await stolen.list(user.id)).data ?? []).toEqual([])
    expect((await stolen.createSignedUrl(`${user.id}/kept.png`, 60)).error).not.toBeNull()
    // Many at once, as the preview asks for a note's images: each refused in its place.
    expect(
      (await stolen.createSignedUrls([`${user.id}/kept.png`], 60)).data?.map((e) => e.signedUrl),
    ).toEqual([null])
    expect((await stolen.download(`${user.id}/kept.png`)).error).not.toBeNull()
    expect((await stolen.upload(`${user.id}/planted.png`, png())).error).not.toBeNull()
    expect(
      (await stolen.upload(`${user.id}/kept.png`, PNG, { contentType: 'image/png', upsert: true }))
        .error,
    ).not.toBeNull()
    expect(
      (await stolen.update(`${user.id}/kept.png`, PNG, { contentType: 'image/png' })).error,
    ).not.toBeNull()
    expect((await stolen.remove([`${user.id}/kept.png`])).data ?? []).toEqual([])

    expect((await mine.list(user.id)).data?.map((entry) => entry.name)).toEqual(['kept.png'])
    expect((await mine.createSignedUrl(`${user.id}/kept.png`, 60)).error).toBeNull()
    expect((await mine.createSignedUrls([`${user.id}/kept.png`], 60)).data?.[0]?.error).toBeNull()
    expect((await mine.download(`${user.id}/kept.png`)).error).toBeNull()
    expect(
      (await mine.update(`${user.id}/kept.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull()
    expect((await mine.remove([`${user.id}/kept.png`])).data?.map((o) => o.name)).toEqual([
      `${user.id}/kept.png`,
    ])
  })
})

describe('billing functions refuse aal1 tokens of two-factor users', () => {
  async function expectAal2Required(supabase: SupabaseClient, name: string, body: object = {}) {
    const result = await env.invoke(supabase, name, body)
    expect(result).toMatchObject({ status: 403, body: { code: 'aal2_required' } })
    expect(String(result.body.error)).toMatch(/authenticator app/)
  }

  it('create-checkout-session', async () => {
    const user = await twoFactorUser('mfa-checkout')
    const sessions = env.stripe.state.sessions.size
    await expectAal2Required(user.aal1, 'create-checkout-session', { price: MONTHLY })
    expect(env.stripe.state.sessions.size).toBe(sessions)
    const created = await env.invoke(user.aal2, 'create-checkout-session', { price: MONTHLY })
    expect(created.status).toBe(200)
    expect(created.body.sessionId).toMatch(/^cs_/)
  })

  it('checkout-session-status', async () => {
    const user = await twoFactorUser('mfa-status')
    const { body } = await env.invoke(user.aal2, 'create-checkout-session', { price: MONTHLY })
    const sessionId = body.sessionId as string
    await expectAal2Required(user.aal1, 'checkout-session-status', { sessionId })
    const status = await env.invoke(user.aal2, 'checkout-session-status', { sessionId })
    expect(status).toMatchObject({ status: 200, body: { status: 'open', recorded: false } })
  })

  it('create-portal-session', async () => {
    const user = await twoFactorUser('mfa-portal')
    // A billing account exists (first checkout at aal2), so only the level stands in the way.
    await env.invoke(user.aal2, 'create-checkout-session', { price: MONTHLY })
    const portals = env.stripe.state.portalSessions.size
    await expectAal2Required(user.aal1, 'create-portal-session')
    expect(env.stripe.state.portalSessions.size).toBe(portals)
    const portal = await env.invoke(user.aal2, 'create-portal-session')
    expect(portal.status).toBe(200)
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//)
  })

  it('still serves users without two-factor at aal1', async () => {
    const user = await signedInUser(env.backend, 'no-mfa')
    const created = await env.invoke(user.supabase, 'create-checkout-session', { price: MONTHLY })
    expect(created.status).toBe(200)
  })
})
