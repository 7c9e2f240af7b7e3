import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditAppFunctions, migrate, type Backend } from '../../scripts/local/supabase/index.ts'
import { client, serviceClient, startTestBackend } from './helpers.ts'

// Hosted loads pg-safeupdate into every Data API session (supabase/postgres
// migrations/db/migrations/20260413000000_fix-authenticator-session-preload-libraries.sql), and it
// refuses an UPDATE or DELETE without WHERE wherever the session parses one: in the request,
// and in every function it runs, as /rpc, trigger or callee (eradman/pg-safeupdate
// safeupdate.c, delete_needs_where_check: 21000 "UPDATE requires a WHERE clause"). PGlite
// cannot load it, so the local Data API checks each function a request ran before it commits
// (scripts/local/supabase/rest/safeUpdate.ts). These tests run on both engines.

let backend: Backend
let scratch: string
let appProblems: { name: string; problem: string }[]

beforeAll(async () => {
  backend = await startTestBackend()
  // Before the fixtures below: only the app's own migrations have run.
  appProblems = await backend.db.transaction((tx) => auditAppFunctions(tx))
  scratch = mkdtempSync(path.join(tmpdir(), 'folio-safeupdate-'))
  const dir = mkdtempSync(path.join(scratch, 'migrations-'))
  writeFileSync(
    path.join(dir, '29990301000000_safeupdate_fixtures.sql'),
    `
    create table public.su_rows (id int primary key, n int not null default 0);
    create table public.su_log (id int generated always as identity primary key, note text);
    grant select, insert, update, delete on public.su_rows, public.su_log to anon;
    insert into public.su_rows (id) values (1), (2);

    create function public.su_wipe() returns void language plpgsql as $$
    begin
      delete from public.su_log;
    end $$;
    create function public.su_bump_all() returns void
    language sql as $$ update public.su_rows set n = n + 1 $$;
    create function public.su_purge_cte() returns bigint language sql as $$
      with gone as (delete from public.su_log returning 1) select count(*) from gone
    $$;
    create function public.su_bump_everything_on_purpose() returns void
    language sql as $$ update public.su_rows set n = n + 1 where true $$;
    create function public.su_bump_one(row_id int) returns void language plpgsql as $$
    begin
      update public.su_rows set n = n + 1 where id = row_id;
    end $$;
    create function public.su_dynamic(target text) returns void language plpgsql as $$
    begin
      execute format('delete from %I where id = 1', target);
    end $$;
    create function public.su_calls_wipe() returns void
    language sql as $$ select public.su_wipe() $$;
    grant execute on all functions in schema public to anon;

    -- A trigger that clears the log on every change of a row: fired by a qualified PATCH.
    create function public.su_clear_log() returns trigger language plpgsql as $$
    begin
      delete from public.su_log;
      return new;
    end $$;
    create table public.su_watched (id int primary key, label text);
    grant select, update on public.su_watched to anon;
    insert into public.su_watched values (1, 'a');
    create trigger su_watched_clears_log before update on public.su_watched
      for each row execute function public.su_clear_log();
  `,
  )
  await migrate(backend.db, { migrationsDir: dir, seedFile: path.join(dir, 'no-seed.sql') })
  const api = serviceClient(backend)
  for (let tries = 0; (await api.rpc('su_bump_one', { row_id: 1 })).error?.code === 'PGRST202';) {
    if (++tries > 50) throw new Error('the schema cache never saw the fixture functions')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await backend.db.transaction(async (tx) => {
    await tx.query(`update public.su_rows set n = 0 where true`)
    await tx.query(`insert into public.su_log (note) values ('kept')`)
  })
})

afterAll(async () => {
  await backend?.stop()
  rmSync(scratch, { recursive: true, force: true })
})

async function state() {
  return backend.db.transaction(async (tx) => ({
    counts: (await tx.query<{ n: number }>(`select n from public.su_rows order by id`)).rows.map(
      (r) => r.n,
    ),
    log: (await tx.query(`select 1 from public.su_log`)).rows.length,
    label: (await tx.query<{ label: string }>(`select label from public.su_watched`)).rows[0]!
      .label,
  }))
}

describe('pg-safeupdate inside functions and triggers run by the Data API', () => {
  it('refuses an rpc whose function updates or deletes without WHERE, and rolls it back', async () => {
    const before = await state()
    for (const [fn, message] of [
      ['su_wipe', 'DELETE requires a WHERE clause'],
      ['su_bump_all', 'UPDATE requires a WHERE clause'],
      ['su_purge_cte', 'DELETE requires a WHERE clause'],
      ['su_calls_wipe', 'DELETE requires a WHERE clause'],
    ] as const) {
      const res = await client(backend).rpc(fn)
      expect(res.status, fn).toBe(400)
      expect(res.error, fn).toMatchObject({ code: '21000', message, details: null, hint: null })
    }
    expect(await state()).toEqual(before)
  })

  it('refuses a table write whose trigger deletes without WHERE', async () => {
    const before = await state()
    const res = await client(backend).from('su_watched').update({ label: 'b' }).eq('id', 1)
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
    expect(await state()).toEqual(before)
  })

  it('runs functions whose writes have a WHERE, even `where true`, as hosted does', async () => {
    expect((await client(backend).rpc('su_bump_one', { row_id: 2 })).error).toBeNull()
    expect((await client(backend).rpc('su_bump_everything_on_purpose')).error).toBeNull()
    expect((await state()).counts).toEqual([1, 2])
  })

  it('finds nothing hosted would refuse in the functions of the app migrations', async () => {
    expect(appProblems).toEqual([])
    // The same audit, now that the fixtures' migration has run, names their faulty functions.
    const withFixtures = await backend.db.transaction((tx) => auditAppFunctions(tx))
    expect(withFixtures).toEqual(
      expect.arrayContaining([
        { name: 'public.su_wipe()', problem: 'DELETE requires a WHERE clause' },
        { name: 'public.su_bump_all()', problem: 'UPDATE requires a WHERE clause' },
        { name: 'public.su_purge_cte()', problem: 'DELETE requires a WHERE clause' },
        { name: 'public.su_clear_log()', problem: 'DELETE requires a WHERE clause' },
        { name: 'public.su_dynamic(target text)', problem: 'runs SQL built at run time (EXECUTE)' },
      ]),
    )
    expect(withFixtures.map((p) => p.name)).not.toContain('public.su_bump_one(row_id integer)')
  })
})
