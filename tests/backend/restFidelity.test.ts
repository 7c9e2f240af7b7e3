import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, type Backend } from '../../scripts/local/supabase/index.ts'
import { client, serviceClient, startTestBackend } from './helpers.ts'

// The Data API stand-in (scripts/local/supabase/rest/) is never more permissive than hosted
// PostgREST (v12.2.x / v13.0.x; source at tags v12.2.12 and v13.0.8 of PostgREST/postgrest):
// each test does something hosted refuses or rolls back and expects the hosted answer.

let backend: Backend
let scratch: string

beforeAll(async () => {
  backend = await startTestBackend()
  scratch = mkdtempSync(path.join(tmpdir(), 'folio-rest-fidelity-'))
  const dir = mkdtempSync(path.join(scratch, 'migrations-'))
  writeFileSync(
    path.join(dir, '29990201000000_audit_rest.sql'),
    `
    create table public.audit_parents (id int primary key, label text);
    create table public.audit_children (
      id int primary key,
      parent_id int not null references public.audit_parents (id)
    );
    create table public.audit_log (id int generated always as identity primary key, note text);
    grant select, insert, update on public.audit_parents, public.audit_children, public.audit_log
      to anon, authenticated;
    insert into public.audit_parents values (1, 'a'), (2, 'a'), (3, 'b');
    insert into public.audit_children values (10, 1);

    create function public.audit_log_write(note text) returns int
    language sql volatile as $$
      insert into public.audit_log (note) values (note) returning id
    $$;
    -- Declared STABLE, but writes through a volatile helper.
    create function public.audit_stable_writer(note text) returns int
    language sql stable as $$ select public.audit_log_write(note) $$;
    create function public.audit_log_two(note text) returns setof int
    language sql volatile as $$
      insert into public.audit_log (note) values (note), (note) returning id
    $$;
    create function public.audit_all_parents() returns setof public.audit_parents
    language sql stable as $$ select * from public.audit_parents $$;
    create function public.audit_overloaded(note text) returns int
    language sql volatile as $$ select public.audit_log_write(note) $$;
    create function public.audit_overloaded(note int) returns int
    language sql volatile as $$ select public.audit_log_write(note::text) $$;
    create function public.audit_overloaded(note text, copies int) returns int
    language sql volatile as $$ select public.audit_log_write(note) $$;
    create function public.audit_timezone() returns text
    language sql stable as $$ select current_setting('TimeZone') $$;
    create function public.audit_parents_labelled(label text) returns setof public.audit_parents
    language sql stable as $$ select * from public.audit_parents p where p.label = $1 $$;
    create function public.audit_wipe_log() returns void
    language sql as $$ delete from public.audit_log $$;
    grant delete on public.audit_log to anon;
  `,
  )
  await migrate(backend.db, { migrationsDir: dir, seedFile: path.join(dir, 'no-seed.sql') })
  const api = serviceClient(backend)
  for (
    let tries = 0;
    (await api.rpc('audit_log_two', { note: 'warm' })).error?.code === 'PGRST202';
    tries++
  ) {
    if (tries > 50) throw new Error('the schema cache never saw the audit functions')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await backend.db.transaction((tx) => tx.query(`delete from public.audit_log`))
})

afterAll(async () => {
  await backend?.stop()
  rmSync(scratch, { recursive: true, force: true })
})

async function logNotes(note: string): Promise<number> {
  return backend.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log where note = $1`,
      [note],
    )
    return rows[0]!.n
  })
}

async function labels(): Promise<string[]> {
  return backend.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ label: string }>(
      `select label from public.audit_parents order by id`,
    )
    return rows.map((r) => r.label)
  })
}

describe('Data API as strict as hosted PostgREST', () => {
  // Hosted: Query.hs actionQuery (MutationUpdate/Delete/Create) calls failNotSingular for
  // every write whatever `Prefer: return` says; with Accept application/vnd.pgrst.object+json
  // and rsQueryTotal /= 1 it runs SQL.condemn (rollback) and answers 406 PGRST116
  // (v12.2.12 Query.hs:137-139,249-254; v13.0.8 Query.hs:151-159,241).
  it('rolls back a return=minimal update that asked for one object and hit two rows', async () => {
    const res = await client(backend)
      .from('audit_parents')
      .update({ label: 'z' })
      .eq('label', 'a')
      .single()
    expect(res.status).toBe(406)
    expect(res.error?.code).toBe('PGRST116')
    expect(await labels()).toEqual(['a', 'a', 'b'])
  })

  // Hosted: same check for /rpc (Query.hs actionQuery DbCall: failNotSingular crMedia), so a
  // volatile set-returning function called with .single() that yields 2 rows is rolled back.
  it('rolls back an rpc called for one object that returned two rows', async () => {
    const res = await client(backend).rpc('audit_log_two', { note: 'single-rpc' }).single()
    expect(res.status).toBe(406)
    expect(res.error?.code).toBe('PGRST116')
    expect(await logNotes('single-rpc')).toBe(0)
  })

  // Hosted: POST /rpc on a STABLE or IMMUTABLE function runs in a READ ONLY transaction
  // (Plan.hs callReadPlan: `(Inv, Routine.Stable) -> SQL.Read`, v12.2.12 Plan.hs:182-186,
  // v13.0.8 Plan.hs:190-192); a write made through a volatile callee fails with 25006,
  // which PostgREST answers with 405 (Error.hs:480).
  it('runs a POST to a STABLE function read-only', async () => {
    const res = await client(backend).rpc('audit_stable_writer', { note: 'stable-post' })
    expect(res.error?.code).toBe('25006')
    expect(res.status).toBe(405)
    expect(await logNotes('stable-post')).toBe(0)
    // A volatile function still writes.
    expect(
      (await client(backend).rpc('audit_log_write', { note: 'volatile-post' })).error,
    ).toBeNull()
    expect(await logNotes('volatile-post')).toBe(1)
  })

  // Hosted: a table POST/PATCH body is decoded with JSON.decode; an empty body is not JSON,
  // so it is InvalidBody "Empty or invalid json", 400 PGRST102 (only /rpc treats an empty body
  // as {}); a body that is not application/json (or csv / urlencoded) is refused as
  // "Content-Type not acceptable" (ApiRequest.hs getPayload, v12.2.12 lines 250-271).
  it('refuses a table write with an empty body or a non-JSON content type', async () => {
    const url = `${backend.url}/rest/v1/audit_log`
    const headers = { apikey: backend.anonKey, 'content-type': 'application/json' }
    const empty = await fetch(url, { method: 'POST', headers, body: '' })
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { code: string }).code).toBe('PGRST102')
    const emptyPatch = await fetch(`${url}?id=eq.1`, { method: 'PATCH', headers, body: '' })
    expect(emptyPatch.status).toBe(400)
    expect(((await emptyPatch.json()) as { code: string }).code).toBe('PGRST102')
    const plain = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: JSON.stringify({ note: 'plain-text' }),
    })
    expect(plain.status).toBe(400)
    expect(await logNotes('plain-text')).toBe(0)
    // A JSON body with a charset parameter is still JSON.
    const ok = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ note: 'charset' }),
    })
    expect(ok.status).toBe(201)
    expect(await logNotes('charset')).toBe(1)
  })

  // Hosted: db-aggregates-enabled defaults to false (PostgREST src/PostgREST/Config.hs:243
  // `fromMaybe False <$> optBool "db-aggregates-enabled"`; docs references/api/aggregate_functions
  // "disabled by default"); Plan.hs:726 validateAggFunctions → AggregatesNotAllowed, 400
  // PGRST123 "Use of aggregate functions is not allowed" (Error.hs). Supabase leaves it off
  // (its docs tell users to `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`).
  it('refuses select=count() (aggregates are disabled on hosted)', async () => {
    const res = await client(backend).from('audit_parents').select('count()')
    expect(res.status).toBe(400)
    expect(res.error?.code).toBe('PGRST123')
    const aliased = await client(backend).from('audit_parents').select('label, n:count()')
    expect(aliased.error?.code).toBe('PGRST123')
    // Counting the rows is the count preference, which hosted has.
    const counted = await client(backend)
      .from('audit_parents')
      .select('*', { count: 'exact', head: true })
    expect(counted.count).toBe(3)
  })

  // Hosted: `Prefer: handling=strict, max-affected=n` (postgrest-js .maxAffected(n), typed for
  // PostgREST 13 only, hence the plain request) fails a PATCH/DELETE touching more than n rows
  // with 400 PGRST124 and rolls it back (Query.hs failExceedsMaxAffectedPref, v12.2.12
  // Query.hs:256-261; v13.0.8 the same).
  it('refuses an update over max-affected under handling=strict', async () => {
    const url = `${backend.url}/rest/v1/audit_parents?label=eq.a`
    const patch = (prefer: string, label = 'y') =>
      fetch(url, {
        method: 'PATCH',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json', prefer },
        body: JSON.stringify({ label }),
      })
    const res = await patch('handling=strict, max-affected=1')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('PGRST124')
    expect(await labels()).toEqual(['a', 'a', 'b'])
    // Lenient handling (the default) ignores the preference, as hosted does (same labels).
    expect((await patch('handling=lenient, max-affected=1', 'a')).status).toBe(204)
    expect(await labels()).toEqual(['a', 'a', 'b'])
  })

  // Hosted: PostgREST reads `Prefer: tx=…` only when its db-tx-end allows overriding
  // (ApiRequest/Preferences.hs fromHeaders: `preferTransaction = if allowTxDbOverride then …
  // else Nothing`; Query.hs optionalRollback; v12.2.12 and v13.0.8). Unset, db-tx-end is
  // "commit", without override (Config.hs parseTxEnd), and the Supabase CLI starts PostgREST
  // without PGRST_DB_TX_END. So `tx=rollback` is ignored and the write kept; the tokens stay
  // known ones, so strict handling does not refuse them (acceptedPrefs); and Preference-Applied
  // names only what was applied, of what the client sent (prefAppliedHeader, Response.hs).
  it('keeps a write that asks for tx=rollback, strict or not, and never claims to roll back', async () => {
    const request = (path: string, prefer: string, init: RequestInit) =>
      fetch(`${backend.url}/rest/v1/${path}`, {
        ...init,
        headers: { apikey: backend.anonKey, 'content-type': 'application/json', prefer },
      })
    const inserted = await request('audit_log', 'tx=rollback', {
      method: 'POST',
      body: JSON.stringify({ note: 'tx-insert' }),
    })
    expect(inserted.status).toBe(201)
    expect(inserted.headers.get('preference-applied')).toBeNull()
    expect(await logNotes('tx-insert')).toBe(1)

    const strict = await request(
      'audit_log?note=eq.tx-insert',
      'handling=strict, tx=rollback, return=minimal',
      { method: 'PATCH', body: JSON.stringify({ note: 'tx-update' }) },
    )
    expect(strict.status).toBe(204)
    expect(strict.headers.get('preference-applied')).toBe('return=minimal, handling=strict')
    expect(await logNotes('tx-update')).toBe(1)

    const called = await request('rpc/audit_log_write', 'tx=rollback, timezone=Asia/Tokyo', {
      method: 'POST',
      body: JSON.stringify({ note: 'tx-rpc' }),
    })
    expect(called.status).toBe(200)
    expect(called.headers.get('preference-applied')).toBe('timezone=Asia/Tokyo')
    expect(await logNotes('tx-rpc')).toBe(1)

    const deleted = await request(
      'audit_log?note=in.(tx-update,tx-rpc)',
      'tx=rollback, return=representation, max-affected=1',
      { method: 'DELETE' },
    )
    expect(deleted.status).toBe(200)
    // max-affected is named only under strict handling.
    expect(deleted.headers.get('preference-applied')).toBe('return=representation')
    expect((await logNotes('tx-update')) + (await logNotes('tx-rpc'))).toBe(0)

    const read = await request(
      'audit_parents?select=id',
      'handling=strict, max-affected=5, tx=rollback, timezone=Europe/Paris, count=exact',
      { method: 'GET' },
    )
    expect(read.status).toBe(200)
    expect(read.headers.get('preference-applied')).toBe(
      'count=exact, handling=strict, timezone=Europe/Paris',
    )
  })

  // Hosted: only eq, gt, gte, lt, lte, like, ilike, match, imatch take (any)/(all)
  // (ApiRequest/QueryParams.hs quantOperator, v12.2.12:196-206); neq/cs/... with a
  // quantifier are a parse error, 400 PGRST100.
  it('refuses a quantifier on operators that take none (neq(any), cs(any))', async () => {
    const get = (filter: string) =>
      fetch(`${backend.url}/rest/v1/audit_parents?select=id&${filter}`, {
        headers: { apikey: backend.anonKey },
      })
    for (const filter of ['label=neq(any).{a,c}', 'label=in(any).(a)', 'label=is(all).null']) {
      const res = await get(filter)
      expect(res.status, filter).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('PGRST100')
    }
    const quantified = await get('label=like(any).{a*,c*}&order=id')
    expect(quantified.status).toBe(200)
    expect(await quantified.json()).toEqual([{ id: 1 }, { id: 2 }])
  })

  // Hosted: an /rpc call is planned like a read of the function's result: filters, order,
  // limit and select in the query string apply to it (Plan.hs callReadPlan: `rPlan <- readPlan
  // relIdentifier ...`, "done so a set returning function can" be read like a relation;
  // QueryBuilder.hs callPlanToQuery wraps the call in readPlanToQuery). postgrest-js sends
  // .eq()/.limit() on .rpc() as query parameters of the POST.
  it('applies filters and limit to a set-returning rpc', async () => {
    const filtered = await client(backend).rpc('audit_all_parents').eq('id', 3)
    expect(filtered.error).toBeNull()
    expect(filtered.data).toEqual([{ id: 3, label: 'b' }])
    const limited = await client(backend).rpc('audit_all_parents').order('id').limit(1)
    expect(limited.data).toEqual([{ id: 1, label: 'a' }])
    const selected = await client(backend).rpc('audit_all_parents').select('id').eq('label', 'a')
    expect(selected.data).toEqual([{ id: 1 }, { id: 2 }])
    // Not implemented locally for other functions: refused, never ignored.
    const scalar = await client(backend).rpc('audit_log_two', { note: 'read' }).limit(1)
    expect(scalar.status).toBe(400)
    expect(await logNotes('read')).toBe(0)
  })

  // Hosted: `!inner` makes the embed an INNER JOIN LATERAL; for a to-many embed the join
  // condition is `<alias> IS NOT NULL` (src/PostgREST/Query/QueryBuilder.hs getJoin, v12.2.12
  // lines ~92-107), so parents with no visible child are not returned.
  it('drops parents with no (visible) child under !inner', async () => {
    const res = await client(backend)
      .from('audit_parents')
      .select('id, audit_children!audit_children_parent_id_fkey!inner(id)', { count: 'exact' })
      .order('id')
    expect(res.error).toBeNull()
    expect(res.data).toEqual([{ id: 1, audit_children: [{ id: 10 }] }])
    expect(res.count).toBe(1)
    // `!inner` without a hint is the join type, not a foreign key named "inner".
    const bare = await client(backend).from('audit_parents').select('id, audit_children!inner(id)')
    expect(bare.error).toBeNull()
    expect(bare.data).toEqual([{ id: 1, audit_children: [{ id: 10 }] }])
    // A to-one !inner keeps children whose parent is visible; !left keeps everything.
    const toOne = await client(backend).from('audit_children').select('id, audit_parents!inner(id)')
    expect(toOne.data).toEqual([{ id: 10, audit_parents: { id: 1 } }])
    const left = await client(backend).from('audit_parents').select('id, audit_children!left(id)')
    expect(left.data).toHaveLength(3)
  })

  // Hosted: on GET (and HEAD) /rpc a query parameter is a filter on the result when its value
  // parses as an operator expression (`id=eq.2`, `not.in.(…)`), and a function argument only
  // otherwise (src/PostgREST/ApiRequest/QueryParams.hs v12.2.12 and v13.0.8, pRequestFilter:
  // `pOpExpr pSingleVal <|> pure (NoOpExpr v)`; parse keeps the NoOpExpr ones as qsParams).
  // A value that starts an operator and then fails (`not.a`, `is.maybe`) is a parse error, a
  // parameter with no `=` is dropped (nonemptyParams), `and`/`or` are logic trees, and the
  // function is looked up by the argument names alone (Plan.hs callReadPlan, findProc), so a
  // name it lacks is 404 PGRST202 (Error.hs NoRpc).
  it('reads GET rpc parameters as hosted does: arguments, filters, logic, errors', async () => {
    const get = (query: string, method = 'GET') =>
      fetch(`${backend.url}/rest/v1/rpc/audit_parents_labelled?${query}`, {
        method,
        headers: { apikey: backend.anonKey },
      })
    const ids = async (res: Response) => ((await res.json()) as { id: number }[]).map((r) => r.id)

    const plain = await get('label=a&order=id')
    expect(plain.status).toBe(200)
    expect(await ids(plain)).toEqual([1, 2])
    // A filter next to the argument filters the result; it is not another argument.
    const filtered = await get('label=a&id=eq.2')
    expect(filtered.status).toBe(200)
    expect(await ids(filtered)).toEqual([2])
    const logic = await get('label=a&or=(id.eq.1,id.eq.3)')
    expect(logic.status).toBe(200)
    expect(await ids(logic)).toEqual([1])
    const paged = await get('label=a&order=id.desc&limit=1')
    expect(await ids(paged)).toEqual([2])

    // `label=eq.a` is a filter, so the function is called without its argument: not found.
    const asFilter = await get('label=eq.a')
    expect(asFilter.status).toBe(404)
    expect(await asFilter.json()).toMatchObject({
      code: 'PGRST202',
      message:
        'Could not find the function public.audit_parents_labelled without parameters in the schema cache',
      details:
        'Searched for the function public.audit_parents_labelled without parameters, but no matches were found in the schema cache.',
    })
    expect((await get('label=eq.a', 'HEAD')).status).toBe(404)
    // An argument the function does not have.
    const unknown = await get('label=a&colour=red')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({
      code: 'PGRST202',
      message:
        'Could not find the function public.audit_parents_labelled(colour, label) in the schema cache',
      details:
        'Searched for the function public.audit_parents_labelled with parameters colour, label, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.audit_parents_labelled(label)',
    })
    // A parameter with no value is dropped, so the argument is missing.
    expect((await get('label')).status).toBe(404)
    // A value that starts an operator and does not finish it is a parse error, not an argument.
    for (const value of ['not.a', 'is.maybe', 'in.a']) {
      const res = await get(`label=${value}`)
      expect(res.status, value).toBe(400)
      expect(((await res.json()) as { code: string }).code, value).toBe('PGRST100')
    }
  })

  // Hosted: under `handling=strict` a Prefer token that is not one PostgREST knows, written
  // exactly (`return = minimal` is not `return=minimal`), fails the request with 400 PGRST122
  // before anything runs, the unknown tokens listed in details (src/PostgREST/ApiRequest/
  // Preferences.hs fromHeaders, isUnacceptable; Plan.hs wrappedReadPlan, mutateReadPlan and
  // callReadPlan; Error.hs InvalidPreferences; v12.2.12 and v13.0.8). `timezone=` counts only
  // for a name in pg_timezone_names, `max-affected=` always does; `params=single-object` is gone
  // in v13. Lenient handling (the default) ignores them. v13 also refuses max-affected on a
  // function that returns no set: 400 PGRST128 (Plan.hs failMaxAffectedRpcReturnsSingle).
  it('refuses unknown preferences under handling=strict, on reads, writes and rpc', async () => {
    const request = (path: string, prefer: string, init: RequestInit = {}) =>
      fetch(`${backend.url}/rest/v1/${path}`, {
        ...init,
        headers: { apikey: backend.anonKey, 'content-type': 'application/json', prefer },
      })
    const refused = async (res: Response, invalid: string) => {
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        code: 'PGRST122',
        message: 'Invalid preferences given with handling=strict',
        details: `Invalid preferences: ${invalid}`,
        hint: null,
      })
    }
    await refused(
      await request('audit_parents?select=id', 'handling=strict, return = minimal, colour=red'),
      'return = minimal, colour=red',
    )
    await refused(
      await request('audit_log', 'handling=strict, params=single-object', {
        method: 'POST',
        body: JSON.stringify({ note: 'strict-insert' }),
      }),
      'params=single-object',
    )
    expect(await logNotes('strict-insert')).toBe(0)
    await refused(
      await request('audit_parents?id=eq.1', 'handling=strict,timezone=Mars/Olympus', {
        method: 'PATCH',
        body: JSON.stringify({ label: 'strict' }),
      }),
      'timezone=Mars/Olympus',
    )
    await refused(
      await request('rpc/audit_log_write', 'handling=strict, tx=maybe', {
        method: 'POST',
        body: JSON.stringify({ note: 'strict-rpc' }),
      }),
      'tx=maybe',
    )
    expect(await logNotes('strict-rpc')).toBe(0)
    expect(await labels()).toEqual(['a', 'a', 'b'])

    // Known preferences (a real time zone, max-affected) pass; lenient ignores unknown ones.
    const known = await request(
      'audit_parents?select=id&order=id',
      'handling=strict, count=exact, timezone=Europe/Paris, max-affected=5, return=minimal',
    )
    expect(known.status).toBe(200)
    // An accepted time zone is the request's (Query.hs setPgLocals).
    const zoned = await request('rpc/audit_timezone', 'timezone=Asia/Tokyo', { method: 'POST' })
    expect(await zoned.json()).toBe('Asia/Tokyo')
    const lenient = await request('audit_parents?select=id&id=eq.1', 'colour=red')
    expect(await lenient.json()).toEqual([{ id: 1 }])

    // v13: max-affected under strict handling needs a set-returning function.
    const single = await request('rpc/audit_log_write', 'handling=strict, max-affected=5', {
      method: 'POST',
      body: JSON.stringify({ note: 'strict-single' }),
    })
    expect(single.status).toBe(400)
    expect(((await single.json()) as { code: string }).code).toBe('PGRST128')
    expect(await logNotes('strict-single')).toBe(0)
    const set = await request('rpc/audit_log_two', 'handling=strict, max-affected=5', {
      method: 'POST',
      body: JSON.stringify({ note: 'strict-set' }),
    })
    expect(set.status).toBe(200)
    expect(await logNotes('strict-set')).toBe(2)
  })

  // Hosted v12 refuses `limit`/`offset` on PATCH and DELETE without `order` (400 PGRST109,
  // src/PostgREST/ApiRequest.hs v12.2.12 getRanges, LimitNoOrderError) and with one changes only
  // that many rows (Query/QueryBuilder.hs mutatePlanToQuery); v13 dropped the feature and changes
  // every matching row (commit 307692c32). Refused locally either way, so that no test passes on
  // one reading the other version would not share.
  it('refuses limit and offset on an update or a delete', async () => {
    const write = (method: string, query: string) =>
      fetch(`${backend.url}/rest/v1/${query}`, {
        method,
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: method === 'PATCH' ? JSON.stringify({ label: 'limited' }) : undefined,
      })
    const noOrder = await write('PATCH', 'audit_parents?label=eq.a&limit=1')
    expect(noOrder.status).toBe(400)
    expect(await noOrder.json()).toEqual({
      code: 'PGRST109',
      message: "A 'limit' was applied without an explicit 'order'",
      details: null,
      hint: "Apply an 'order' using unique column(s)",
    })
    expect((await write('PATCH', 'audit_parents?label=eq.a&order=id&limit=1')).status).toBe(400)
    expect((await write('PATCH', 'audit_parents?label=eq.a&order=id&offset=1')).status).toBe(400)
    expect(await labels()).toEqual(['a', 'a', 'b'])
    await client(backend)
      .from('audit_log')
      .insert([{ note: 'limited' }, { note: 'limited' }])
    expect((await write('DELETE', 'audit_log?note=eq.limited&order=id&limit=1')).status).toBe(400)
    expect(await logNotes('limited')).toBe(2)
  })

  // Hosted: when more than one overload matches the argument names, PostgREST does not pick
  // one: 300 PGRST203 "Could not choose the best candidate function between: …" (src/PostgREST/
  // Plan.hs v12.2.12 findProc, `(procs, _) -> Left $ AmbiguousRpc`; Error.hs AmbiguousRpc).
  it('refuses an rpc that more than one overload matches', async () => {
    const res = await client(backend).rpc('audit_overloaded', { note: 'overloaded' })
    expect(res.status).toBe(300)
    expect(res.error).toMatchObject({
      code: 'PGRST203',
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    })
    expect(res.error?.message).toMatch(/^Could not choose the best candidate function between: /)
    expect(await logNotes('overloaded')).toBe(0)
    // Naming the second one's own argument picks it alone.
    const one = await client(backend).rpc('audit_overloaded', { note: 'overloaded', copies: 1 })
    expect(one.error).toBeNull()
    expect(await logNotes('overloaded')).toBe(1)
  })

  // Hosted: a POST /rpc body is read as named arguments only when it is JSON (or has no
  // Content-Type). text/plain, text/xml and application/octet-stream bodies are raw, for a
  // function with a single unnamed parameter of that type, so a function with named parameters
  // is not found: 404 PGRST202 (src/PostgREST/ApiRequest.hs v12.2.12 getPayload; Plan.hs findProc
  // hasSingleUnnamedParam; Error.hs NoRpc). Any other type is "Content-Type not acceptable".
  it('reads a POST rpc body as arguments only when it is JSON', async () => {
    const post = (type: string) =>
      fetch(`${backend.url}/rest/v1/rpc/audit_log_write`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': type },
        body: JSON.stringify({ note: 'typed-body' }),
      })
    const plain = await post('text/plain')
    expect(plain.status).toBe(404)
    expect(await plain.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.audit_log_write in the schema cache',
      details:
        'Searched for the function public.audit_log_write with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    })
    expect((await post('application/octet-stream')).status).toBe(404)
    expect((await post('application/csv')).status).toBe(400)
    expect(await logNotes('typed-body')).toBe(0)
    expect((await post('application/json; charset=utf-8')).status).toBe(200)
    expect(await logNotes('typed-body')).toBe(1)
  })

  // Hosted: a counted read (Prefer: count=exact, supabase-js `{ count }`) whose offset is past the
  // last row is 416 PGRST103, not an empty page; a page short of the total is 206; without a count
  // the total is unknown and any offset is 200 (src/PostgREST/RangeQuery.hs v12.2.12
  // rangeStatusHeader; Response.hs actionResponse, OutOfBounds). A Range header whose lower bound
  // is over its upper is 416 too (ApiRequest.hs getRanges, LowerGTUpper).
  it('refuses a counted read past the last row with 416, as supabase-js paging meets it', async () => {
    const parents = () => client(backend).from('audit_parents')
    const past = await parents().select('id', { count: 'exact' }).order('id').range(4, 9)
    expect(past.status).toBe(416)
    expect(past.error).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 4 was requested, but there are only 3 rows.',
    })
    expect(past.data).toBeNull()

    const firstTwo = await parents().select('id', { count: 'exact' }).order('id').range(0, 1)
    expect(firstTwo.status).toBe(206)
    expect(firstTwo.count).toBe(3)
    expect(firstTwo.data).toEqual([{ id: 1 }, { id: 2 }])
    const atTheEnd = await parents().select('id', { count: 'exact' }).order('id').range(3, 5)
    expect(atTheEnd.status).toBe(206)
    expect(atTheEnd.data).toEqual([])
    const whole = await parents().select('id', { count: 'exact' }).order('id')
    expect(whole.status).toBe(200)
    const uncounted = await parents().select('id').order('id').range(4, 9)
    expect(uncounted.status).toBe(200)
    expect(uncounted.data).toEqual([])

    const backwards = await fetch(`${backend.url}/rest/v1/audit_parents?select=id`, {
      headers: { apikey: backend.anonKey, range: '2-1' },
    })
    expect(backwards.status).toBe(416)
    expect(await backwards.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details:
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      hint: null,
    })
  })
})
