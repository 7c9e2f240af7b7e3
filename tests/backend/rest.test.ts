import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { client, makePro, serviceClient, signedInUser, startTestBackend } from './helpers.ts'
import { FREE_DOCUMENT_LIMIT } from '../../src/lib/plans.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

describe('row-level security', () => {
  it("keeps user B out of user A's documents for every verb", async () => {
    const a = await signedInUser(backend, 'owner')
    const b = await signedInUser(backend, 'intruder')
    const created = await a.supabase
      .from('documents')
      .insert({ title: 'Secret', body: 'A only' })
      .select()
      .single()
    expect(created.error).toBeNull()
    const doc = created.data as { id: string; user_id: string; version: number }
    expect(doc.user_id).toBe(a.id)
    expect(doc.version).toBe(1)

    expect((await b.supabase.from('documents').select('*')).data).toEqual([])
    expect(
      (await b.supabase.from('documents').select('*').eq('id', doc.id).maybeSingle()).data,
    ).toBeNull()

    const update = await b.supabase
      .from('documents')
      .update({ title: 'Pwned' })
      .eq('id', doc.id)
      .select()
    expect(update.data).toEqual([])
    // Nobody removes document rows through the API (deleting marks them), B included.
    const remove = await b.supabase.from('documents').delete().eq('id', doc.id).select()
    expect(remove.error?.code).toBe('42501')
    const markDeleted = await b.supabase
      .from('documents')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', doc.id)
      .select()
    expect(markDeleted.data).toEqual([])
    // Inserting a row owned by someone else, or taking over a row with upsert, is refused.
    const forged = await b.supabase.from('documents').insert({ title: 'Forged', user_id: a.id })
    expect(forged.error?.code).toBe('42501')
    expect(forged.status).toBe(403)
    const upsert = await b.supabase
      .from('documents')
      .upsert({ id: doc.id, title: 'Taken', user_id: b.id })
    expect(upsert.error).not.toBeNull()

    const still = await a.supabase
      .from('documents')
      .select('title, version')
      .eq('id', doc.id)
      .single()
    expect(still.data).toEqual({ title: 'Secret', version: 1 })

    const anon = await client(backend).from('documents').select('*')
    expect(anon.data).toEqual([])
  })

  it('lets a user change their name and picture, not when their profile was created', async () => {
    const { supabase, id } = await signedInUser(backend, 'profile-owner')
    const { data: before } = await supabase.from('profiles').select('created_at').single()
    const forged = await supabase
      .from('profiles')
      .update({ created_at: '2000-01-01T00:00:00Z' })
      .eq('id', id)
      .select('created_at')
    expect(forged.error?.code).toBe('42501')
    const named = await supabase
      .from('profiles')
      .update({ full_name: 'Ada' })
      .eq('id', id)
      .select('full_name, created_at')
      .single()
    expect(named.data).toEqual({ full_name: 'Ada', created_at: before?.created_at })
  })

  it('never lets clients read customers', async () => {
    await serviceClient(backend)
      .from('customers')
      .insert({ id: (await signedInUser(backend, 'cust')).id, stripe_customer_id: 'cus_123' })
    const anon = await client(backend).from('customers').select('*')
    expect(anon.error?.code).toBe('42501')
    expect(anon.status).toBe(401)
    const user = await signedInUser(backend, 'cust2')
    const authed = await user.supabase.from('customers').select('*')
    expect(authed.status).toBe(403)
    expect((await serviceClient(backend).from('customers').select('*')).data).toHaveLength(1)
  })

  it('serves plans to everyone', async () => {
    const { data, error } = await client(backend)
      .from('prices')
      .select('id, unit_amount, interval, products(name)')
      .eq('active', true)
      .order('unit_amount')
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        id: 'price_FolioProMonthly',
        unit_amount: 800,
        interval: 'month',
        products: { name: 'Pro' },
      },
      {
        id: 'price_FolioProYearly',
        unit_amount: 8000,
        interval: 'year',
        products: { name: 'Pro' },
      },
    ])
    const products = await client(backend).from('products').select('name, prices(id)').order('name')
    expect(products.data).toEqual([
      { name: 'Free', prices: [] },
      { name: 'Pro', prices: [{ id: 'price_FolioProMonthly' }, { id: 'price_FolioProYearly' }] },
    ])
  })

  it('takes contact messages only from the service role (the contact function) and shows them to no one', async () => {
    const anon = client(backend)
    const direct = await anon
      .from('contact_messages')
      .insert({ name: 'Ada', email: 'ada@example.com', message: 'Hello' })
    expect(direct.error?.code).toBe('42501')
    expect((await anon.from('contact_messages').select('*')).error?.code).toBe('42501')
    const service = serviceClient(backend)
    const sent = await service
      .from('contact_messages')
      .insert({ name: 'Ada', email: 'ada@example.com', message: 'Hello' })
    expect(sent.error).toBeNull()
    expect(sent.status).toBe(201)
    const tooLong = await service
      .from('contact_messages')
      .insert({ name: 'x'.repeat(201), email: 'ada@example.com', message: 'Hi' })
    expect(tooLong.error?.code).toBe('23514')
    expect(tooLong.status).toBe(400)
    const empty = await service
      .from('contact_messages')
      .insert({ name: 'Ada', email: 'ada@example.com', message: '' })
    expect(empty.error?.code).toBe('23514')
    expect((await service.from('contact_messages').select('name')).data).toEqual([{ name: 'Ada' }])
  })
})

describe('plans enforced by the database', () => {
  it('refuses one document more than the Free plan keeps (FREE_DOCUMENT_LIMIT), and allows it for Pro', async () => {
    const user = await signedInUser(backend, 'free')
    for (let n = 1; n <= FREE_DOCUMENT_LIMIT; n++) {
      expect(
        (await user.supabase.from('documents').insert({ title: `Note ${n}` })).error,
      ).toBeNull()
    }
    const oneMore = await user.supabase.from('documents').insert({ title: 'One more' })
    expect(oneMore.status).toBe(400)
    // Its own SQLSTATE, so the app recognises it without matching on the message text.
    expect(oneMore.error?.code).toBe('FL001')
    expect(oneMore.error?.message).toBe(
      'Free plan limit reached: upgrade to Pro for unlimited documents',
    )
    expect((await user.supabase.rpc('current_plan')).data).toBe('free')

    await makePro(backend, user.id)
    expect((await user.supabase.rpc('current_plan')).data).toBe('pro')
    expect((await user.supabase.from('documents').insert({ title: 'One more' })).error).toBeNull()
    const { count } = await user.supabase
      .from('documents')
      .select('*', { count: 'exact', head: true })
    expect(count).toBe(FREE_DOCUMENT_LIMIT + 1)
  })

  it("says nothing about another user's documents when a row for them is forged", async () => {
    const victim = await signedInUser(backend, 'victim')
    for (const title of ['One', 'Two', 'Three']) {
      expect((await victim.supabase.from('documents').insert({ title })).error).toBeNull()
    }
    const attacker = await signedInUser(backend, 'counter')
    const forged = await attacker.supabase
      .from('documents')
      .insert({ title: 'Probe', user_id: victim.id })
    // Refused by row-level security, exactly as for a victim with no documents at all.
    expect(forged.status).toBe(403)
    expect(forged.error?.code).toBe('42501')
    expect(forged.error?.message).not.toMatch(/plan|limit/i)
    const fresh = await signedInUser(backend, 'fresh-victim')
    const forgedFresh = await attacker.supabase
      .from('documents')
      .insert({ title: 'Probe', user_id: fresh.id })
    expect({ status: forgedFresh.status, error: forgedFresh.error }).toEqual({
      status: forged.status,
      error: forged.error,
    })
  })

  it('ignores subscription events older than the stored state', async () => {
    const user = await signedInUser(backend, 'stale')
    const admin = serviceClient(backend)
    await admin.from('subscriptions').insert({
      id: 'sub_stale',
      user_id: user.id,
      status: 'active',
      price_id: 'price_FolioProMonthly',
      stripe_event_created: '2025-01-02T00:00:00Z',
    })
    await admin.from('subscriptions').upsert({
      id: 'sub_stale',
      user_id: user.id,
      status: 'canceled',
      stripe_event_created: '2025-01-01T00:00:00Z',
    })
    expect((await user.supabase.from('subscriptions').select('status').single()).data).toEqual({
      status: 'active',
    })
    await admin.from('subscriptions').upsert({
      id: 'sub_stale',
      user_id: user.id,
      status: 'past_due',
      stripe_event_created: '2025-01-03T00:00:00Z',
    })
    expect((await user.supabase.from('subscriptions').select('status').single()).data).toEqual({
      status: 'past_due',
    })
  })
})

describe('PostgREST behaviour', () => {
  it('bumps the version on every update, for conflict detection', async () => {
    const user = await signedInUser(backend, 'version')
    const doc = (
      await user.supabase.from('documents').insert({ title: 'v' }).select('id, version').single()
    ).data as { id: string; version: number }
    const first = await user.supabase
      .from('documents')
      .update({ body: 'one' })
      .eq('id', doc.id)
      .eq('version', 1)
      .select('version')
    expect(first.data).toEqual([{ version: 2 }])
    const stale = await user.supabase
      .from('documents')
      .update({ body: 'lost?' })
      .eq('id', doc.id)
      .eq('version', 1)
      .select('version')
    expect(stale.data).toEqual([]) // the editor sees the conflict instead of overwriting
  })

  it('filters, orders, pages and counts', async () => {
    const user = await signedInUser(backend, 'filters')
    await makePro(backend, user.id)
    const titles = ['alpha', 'beta', 'gamma', 'delta', 'Epsilon']
    expect(
      (await user.supabase.from('documents').insert(titles.map((title) => ({ title })))).error,
    ).toBeNull()
    const db = user.supabase.from('documents')
    expect((await db.select('title').order('title').limit(2)).data).toEqual([
      { title: 'Epsilon' },
      { title: 'alpha' },
    ])
    expect(
      (await user.supabase.from('documents').select('title').ilike('title', '%ta%').order('title'))
        .data,
    ).toEqual([{ title: 'beta' }, { title: 'delta' }])
    expect(
      (
        await user.supabase
          .from('documents')
          .select('title')
          .in('title', ['beta', 'gamma'])
          .order('title', { ascending: false })
      ).data,
    ).toEqual([{ title: 'gamma' }, { title: 'beta' }])
    expect(
      (
        await user.supabase
          .from('documents')
          .select('title')
          .or('title.eq.alpha,title.like.E*')
          .order('title')
      ).data,
    ).toEqual([{ title: 'Epsilon' }, { title: 'alpha' }])
    expect(
      (
        await user.supabase
          .from('documents')
          .select('title')
          .neq('title', 'alpha')
          .not('title', 'in', '(beta,gamma)')
          .order('title')
      ).data,
    ).toEqual([{ title: 'Epsilon' }, { title: 'delta' }])
    const page = await user.supabase
      .from('documents')
      .select('title', { count: 'exact' })
      .order('title')
      .range(1, 2)
    expect(page.data).toEqual([{ title: 'alpha' }, { title: 'beta' }])
    expect(page.count).toBe(5)
    expect((await user.supabase.from('documents').select('title').is('body', null)).data).toEqual(
      [],
    )
    const single = await user.supabase
      .from('documents')
      .select('title')
      .eq('title', 'nope')
      .single()
    expect(single.error?.code).toBe('PGRST116')
    expect(single.status).toBe(406)
    const many = await user.supabase.from('documents').select('title').maybeSingle()
    expect(many.error?.code).toBe('PGRST116')
  })

  it('answers malformed requests with 400 and PostgREST codes, not 500', async () => {
    const user = await signedInUser(backend, 'malformed')
    const headers = {
      apikey: backend.anonKey,
      authorization: `Bearer ${user.session.access_token}`,
    }
    for (const query of [
      'title=zz.1',
      'title=eq',
      'or=(title.eq.1',
      'order=title.sideways',
      'select=title(',
      'limit=-1',
      'title=is.maybe',
      'title=in.1,2',
    ]) {
      const response = await fetch(`${backend.url}/rest/v1/documents?${query}`, { headers })
      expect(response.status, query).toBe(400)
      const body = (await response.json()) as {
        code: string
        message: string
        details: unknown
        hint: unknown
      }
      expect(body.code, query).toBe('PGRST100')
      expect(body).toHaveProperty('details')
      expect(body).toHaveProperty('hint')
    }
    const badUuid = await user.supabase.from('documents').select('*').eq('id', 'not-a-uuid')
    expect(badUuid.status).toBe(400)
    expect(badUuid.error?.code).toBe('22P02')
    const unknownColumn = await user.supabase.from('documents').select('nope')
    expect(unknownColumn.status).toBe(400)
    expect(unknownColumn.error?.code).toBe('42703')
    const unknownTable = await user.supabase.from('nope').select('*')
    expect(unknownTable.status).toBe(404)
    expect(unknownTable.error?.code).toBe('PGRST205')
    const noKey = await fetch(`${backend.url}/rest/v1/prices`)
    expect(noKey.status).toBe(401)
    const unfiltered = await user.supabase.from('documents').delete()
    expect(unfiltered.error?.message).toBe('DELETE requires a WHERE clause')
  })

  it('treats injection attempts as data or refuses them', async () => {
    const user = await signedInUser(backend, 'inject')
    await user.supabase.from('documents').insert({ title: "Robert'); drop table documents;--" })
    const asValue = await user.supabase
      .from('documents')
      .select('title')
      .eq('title', "x' or '1'='1")
    expect(asValue.error).toBeNull()
    expect(asValue.data).toEqual([])
    const quoted = await user.supabase
      .from('documents')
      .select('title')
      .eq('title', "Robert'); drop table documents;--")
    expect(quoted.data).toHaveLength(1)
    const asColumn = await fetch(
      `${backend.url}/rest/v1/documents?select=${encodeURIComponent('title,"id"from pg_user--')}`,
      {
        headers: { apikey: backend.anonKey, authorization: `Bearer ${user.session.access_token}` },
      },
    )
    expect(asColumn.status).toBe(400)
    const filterColumn = await fetch(
      `${backend.url}/rest/v1/documents?${encodeURIComponent('title;drop table documents')}=eq.1`,
      {
        headers: { apikey: backend.anonKey, authorization: `Bearer ${user.session.access_token}` },
      },
    )
    expect(filterColumn.status).toBe(400)
    const orderInjection = await user.supabase
      .from('documents')
      .select('title')
      .order('title; drop table documents')
    expect(orderInjection.status).toBe(400)
    const cast = await fetch(
      `${backend.url}/rest/v1/documents?select=title::text);drop table x;--`,
      {
        headers: { apikey: backend.anonKey, authorization: `Bearer ${user.session.access_token}` },
      },
    )
    expect(cast.status).toBe(400)
    const survived = await serviceClient(backend)
      .from('documents')
      .select('id', { count: 'exact', head: true })
    expect(survived.error).toBeNull()
  })

  it('upserts on a conflict target and returns minimal or representation', async () => {
    const admin = serviceClient(backend)
    const first = await admin
      .from('products')
      .upsert({ id: 'prod_test', name: 'Test', active: true }, { onConflict: 'id' })
      .select()
    expect(first.data).toMatchObject([{ id: 'prod_test', name: 'Test' }])
    const second = await admin
      .from('products')
      .upsert({ id: 'prod_test', name: 'Renamed' })
      .select('name')
    expect(second.data).toEqual([{ name: 'Renamed' }])
    const minimal = await admin.from('products').update({ active: false }).eq('id', 'prod_test')
    expect(minimal.status).toBe(204)
    const bulk = await admin
      .from('products')
      .insert([
        { id: 'prod_b1', name: 'B1' },
        { id: 'prod_b2', name: 'B2', description: 'd' },
      ])
      .select('id, description')
    expect(bulk.data).toEqual([
      { id: 'prod_b1', description: null },
      { id: 'prod_b2', description: 'd' },
    ])
    const duplicate = await admin.from('products').insert({ id: 'prod_b1', name: 'again' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.error?.code).toBe('23505')
  })
})
