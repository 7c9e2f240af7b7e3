import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, type Backend } from '../../scripts/local/supabase/index.ts'
import { client, serviceClient, signedInUser, startTestBackend, uniqueEmail } from './helpers.ts'

// The local backend must never be more permissive than hosted Supabase: each test here
// does what hosted refuses (or relies on what it does) and checks the local backend agrees.

let backend: Backend
let scratch: string

beforeAll(async () => {
  backend = await startTestBackend()
  scratch = mkdtempSync(path.join(tmpdir(), 'folio-fidelity-'))
  // Functions the Data API tests call, added as an app migration would add them.
  await applyMigration(`
    create function public.fidelity_wipe_attachments() returns void
    language sql security definer set search_path = '' as $$
      delete from storage.objects where bucket_id = 'attachments'
    $$;
    create function public.fidelity_two_rows() returns int
    language sql as $$ select (select n from (values (1), (2)) v(n)) $$;
    create function public.fidelity_numbers() returns setof int
    language sql as $$ select generate_series(1, 1500) $$;
    create table public.fidelity_parents (id int primary key);
    create table public.fidelity_children (
      id int primary key,
      parent_id int not null references public.fidelity_parents (id)
    );
    insert into public.fidelity_parents select generate_series(1, 1200);
    insert into public.fidelity_children select n, 1 from generate_series(1, 1500) n;
    grant select, insert on public.fidelity_parents, public.fidelity_children to authenticated;
    create function public.fidelity_limits() returns json
    language sql as $$
      select json_build_object('statement', current_setting('statement_timeout'),
                               'lock', current_setting('lock_timeout'))
    $$;
  `)
  // The schema cache picks new functions up on its next reload, as PostgREST's does.
  const api = serviceClient(backend)
  for (let tries = 0; (await api.rpc('fidelity_limits')).error?.code === 'PGRST202'; tries++) {
    if (tries > 50) throw new Error('the schema cache never saw the test functions')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})

afterAll(async () => {
  await backend?.stop()
  rmSync(scratch, { recursive: true, force: true })
})

/** Applies one extra migration file to the running backend's database, as a deploy would. */
let migrationCounter = 0
async function applyMigration(sql: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(scratch, 'migrations-'))
  migrationCounter += 1
  const file = `2999010100${String(migrationCounter).padStart(4, '0')}_fidelity_check.sql`
  writeFileSync(path.join(dir, file), sql)
  const report = await migrate(backend.db, {
    migrationsDir: dir,
    seedFile: path.join(dir, 'no-seed.sql'),
  })
  return report.applied
}

/** A superuser's query (what GoTrue, the Storage server or a psql session would send). */
async function asAdmin<Row = Record<string, unknown>>(sql: string, params: unknown[] = []) {
  return backend.db.transaction(async (tx) => (await tx.query<Row>(sql, params)).rows)
}

describe('migrations run as postgres, as on hosted', () => {
  it('creates the app schema as postgres, which is not a superuser', async () => {
    const owners = await asAdmin<{ tablename: string; rolsuper: boolean; owner: string }>(
      `select t.tablename, t.tableowner as owner, r.rolsuper
         from pg_tables t join pg_roles r on r.rolname = t.tableowner
        where t.schemaname = 'public' and t.tablename in ('documents', 'profiles')`,
    )
    expect(owners).toHaveLength(2)
    for (const row of owners) {
      expect(row.owner).toBe('postgres')
      expect(row.rolsuper).toBe(false)
    }
  })

  it.each([
    [
      'an index on storage.objects',
      'create index fidelity_idx on storage.objects (name);',
      /must be owner of (table|relation) objects/,
    ],
    [
      'a column on auth.users',
      'alter table auth.users add column nickname text;',
      /must be owner of (table|relation) users/,
    ],
    [
      'a table in auth',
      'create table auth.fidelity (id int);',
      /permission denied for schema auth/,
    ],
    [
      'a table in realtime',
      'create table realtime.fidelity (id int);',
      /permission denied for schema realtime/,
    ],
    [
      'a function in storage',
      `create function storage.fidelity() returns int language sql as 'select 1';`,
      /permission denied for schema storage/,
    ],
    [
      'a publication for all tables',
      'create publication fidelity_everything for all tables;',
      /must be superuser/,
    ],
    [
      'a direct delete from storage.objects',
      'delete from storage.objects where bucket_id = $$nope$$;',
      /Direct deletion from storage tables is not allowed/,
    ],
  ])('refuses %s, as hosted does', async (_what, statement, message) => {
    const sql = `-- a comment with a semicolon; it must not split\ncreate table public.fidelity_ok (id int);\n\n${statement}\n`
    const failure = applyMigration(sql)
    await expect(failure).rejects.toThrow(message)
    // The error names the file, the statement and its line, with Postgres's message.
    const error = (await failure.catch((e: unknown) => e)) as Error
    expect(error.message).toMatch(
      /^Migration 2999\d+_fidelity_check\.sql failed at statement 2 \(line 4\):/,
    )
    expect(error.message).toContain(statement.replace(/;$/, ''))
    expect(error.message).toMatch(/SQLSTATE [0-9A-Z]{5}/)
    // The whole file rolled back: the first statement left nothing behind.
    const leftover = await asAdmin(`select to_regclass('public.fidelity_ok') as t`)
    expect(leftover[0]!.t).toBeNull()
  })

  it('allows what hosted grants postgres: policies and triggers on storage.objects, policies on auth.users and realtime.messages, the realtime publication', async () => {
    const applied = await applyMigration(`
      create table public.fidelity_notes (id bigint generated always as identity primary key, body text);
      alter table public.fidelity_notes enable row level security;
      alter publication supabase_realtime add table public.fidelity_notes;
      create policy "fidelity read" on storage.objects for select to authenticated using (false);
      create function private.fidelity_touch() returns trigger language plpgsql as $$
        begin return new; end $$;
      create trigger fidelity_touch before update on storage.objects
        for each row execute function private.fidelity_touch();
      create policy "fidelity users" on auth.users for select to authenticated using (false);
      drop policy "fidelity users" on auth.users;
      create trigger fidelity_user_touch before update on auth.users
        for each row execute function private.fidelity_touch();
      drop trigger fidelity_user_touch on auth.users;
      create policy "fidelity channel" on realtime.messages for select to authenticated
        using ((select realtime.topic()) = 'fidelity');
      drop policy "fidelity channel" on realtime.messages;
    `)
    expect(applied).toHaveLength(1)
    const published = await asAdmin(
      `select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'fidelity_notes'`,
    )
    expect(published).toHaveLength(1)
  })
})

describe('storage refuses direct deletes', () => {
  it('refuses a DELETE on storage tables outside the Storage API, even from a superuser', async () => {
    for (const table of ['storage.objects', 'storage.buckets']) {
      const failure = asAdmin(`delete from ${table} where false`)
      await expect(failure).rejects.toMatchObject({
        code: '42501',
        message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
      })
    }
  })

  it('refuses it through the Data API too (an RPC that deletes objects)', async () => {
    const { error, status } = await serviceClient(backend).rpc('fidelity_wipe_attachments')
    expect(status).toBe(403)
    expect(error?.code).toBe('42501')
    expect(error?.message).toBe(
      'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    )
  })

  it('still deletes through the Storage API, files and rows together', async () => {
    const user = await signedInUser(backend, 'fidelity-storage')
    const admin = serviceClient(backend)
    const name = `${user.id}/fidelity.png`
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const uploaded = await admin.storage
      .from('attachments')
      .upload(name, png, { contentType: 'image/png' })
    expect(uploaded.error).toBeNull()
    const removed = await user.supabase.storage.from('attachments').remove([name])
    expect(removed.error).toBeNull()
    expect(removed.data).toHaveLength(1)
    const rows = await asAdmin(`select 1 from storage.objects where name = $1`, [name])
    expect(rows).toHaveLength(0)
  })
})

describe('API requests refuse UPDATE and DELETE without a WHERE clause (pg-safeupdate)', () => {
  it.each(['anon', 'authenticated', 'service_role'])(
    'answers 400 with SQLSTATE 21000 for %s, as PostgREST does',
    async (role) => {
      const api =
        role === 'anon'
          ? client(backend)
          : role === 'service_role'
            ? serviceClient(backend)
            : (await signedInUser(backend, 'fidelity-safeupdate')).supabase
      const update = await api.from('products').update({ active: true })
      expect(update.status).toBe(400)
      expect(update.error).toMatchObject({
        code: '21000',
        message: 'UPDATE requires a WHERE clause',
        details: null,
        hint: null,
      })
      const remove = await api.from('products').delete()
      expect(remove.status).toBe(400)
      expect(remove.error).toMatchObject({
        code: '21000',
        message: 'DELETE requires a WHERE clause',
      })
    },
  )

  it('answers 500 for any other cardinality violation, as PostgREST does', async () => {
    const { status, error } = await client(backend).rpc('fidelity_two_rows')
    expect(error?.code).toBe('21000')
    expect(status).toBe(500)
  })
})

describe('API roles and their limits', () => {
  it('makes anon, authenticated and service_role INHERIT roles', async () => {
    const roles = await asAdmin<{ rolname: string; rolinherit: boolean }>(
      `select rolname, rolinherit from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    )
    expect(roles).toEqual([
      { rolname: 'anon', rolinherit: true },
      { rolname: 'authenticated', rolinherit: true },
      { rolname: 'service_role', rolinherit: true },
    ])
  })

  it('applies the statement and lock timeouts of each role to its requests', async () => {
    const user = await signedInUser(backend, 'fidelity-limits')
    const limits = async (api: ReturnType<typeof client>) => (await api.rpc('fidelity_limits')).data
    expect(await limits(client(backend))).toEqual({ statement: '3s', lock: '8s' })
    expect(await limits(user.supabase)).toEqual({ statement: '8s', lock: '8s' })
    expect(await limits(serviceClient(backend))).toEqual({ statement: '8s', lock: '8s' })
  })

  it('enables row-level security on every auth table, with no policy', async () => {
    const open = await asAdmin(
      `select relname from pg_class where relnamespace = 'auth'::regnamespace and relkind = 'r' and not relrowsecurity`,
    )
    expect(open).toEqual([])
    const policies = await asAdmin(`select policyname from pg_policies where schemaname = 'auth'`)
    expect(policies).toEqual([])
  })
})

describe('the Data API returns at most max_rows (1,000) rows a read, as PostgREST does', () => {
  // supabase/config.toml `[api] max_rows`; PostgREST's db-max-rows caps every read, whatever
  // it asks for, and leaves writes alone (src/PostgREST/Plan.hs, treeRestrictRange).
  it('caps a read, with or without a limit or a range', async () => {
    const { supabase } = await signedInUser(backend, 'max-rows')
    const all = await supabase.from('fidelity_parents').select('id', { count: 'exact' })
    expect(all.data).toHaveLength(1000)
    expect(all.count).toBe(1200)
    expect((await supabase.from('fidelity_parents').select('id').limit(5000)).data).toHaveLength(
      1000,
    )
    expect((await supabase.from('fidelity_parents').select('id').range(0, 1999)).data).toHaveLength(
      1000,
    )
    const rest = await supabase.from('fidelity_parents').select('id').order('id').range(1000, 1999)
    expect(rest.data?.map((row) => row.id)).toEqual(Array.from({ length: 200 }, (_, i) => 1001 + i))
  })

  it('caps each embedded list and a set-returning function, and no write', async () => {
    const { supabase } = await signedInUser(backend, 'max-rows-embed')
    const parent = await supabase
      .from('fidelity_parents')
      .select('id, fidelity_children(id)')
      .eq('id', 1)
      .single()
    expect((parent.data as { fidelity_children: unknown[] }).fidelity_children).toHaveLength(1000)
    expect((await supabase.rpc('fidelity_numbers')).data).toHaveLength(1000)
    const written = await supabase
      .from('fidelity_parents')
      .insert(Array.from({ length: 1100 }, (_, i) => ({ id: 10_000 + i })))
      .select('id')
    expect(written.data).toHaveLength(1100)
  })
})

describe('the auth server runs as supabase_auth_admin, as GoTrue does', () => {
  it('fails a sign-up whose auth.users trigger writes public tables without security definer', async () => {
    await applyMigration(`
      create table public.fidelity_signups (id uuid primary key);
      create function private.fidelity_log_signup() returns trigger language plpgsql as $$
        begin insert into public.fidelity_signups (id) values (new.id); return new; end $$;
      create trigger fidelity_log_signup after insert on auth.users
        for each row execute function private.fidelity_log_signup();
    `)
    try {
      const email = uniqueEmail('fidelity-trigger')
      const { error } = await serviceClient(backend).auth.admin.createUser({
        email,
        password: 'correct horse battery',
        email_confirm: true,
      })
      expect(error?.status).toBe(500)
      expect(await asAdmin(`select 1 from auth.users where email = $1`, [email])).toEqual([])
    } finally {
      await applyMigration(`drop trigger fidelity_log_signup on auth.users;`)
    }
  })
})

describe('auth table shapes match GoTrue', () => {
  it('gives auth.users.id no default: the auth server supplies it', async () => {
    const failure = asAdmin(`insert into auth.users (email) values ($1)`, [uniqueEmail('noid')])
    await expect(failure).rejects.toMatchObject({ code: '23502' })
  })

  it('leaves metadata and timestamps nullable without defaults, and has GoTrue columns', async () => {
    const columns = await asAdmin<{
      column_name: string
      is_nullable: string
      column_default: string | null
    }>(
      `select column_name, is_nullable, column_default from information_schema.columns
        where table_schema = 'auth' and table_name = 'users'`,
    )
    const byName = new Map(columns.map((c) => [c.column_name, c]))
    for (const name of ['raw_app_meta_data', 'raw_user_meta_data', 'created_at', 'updated_at']) {
      expect(byName.get(name), name).toMatchObject({ is_nullable: 'YES', column_default: null })
    }
    for (const name of [
      'is_sso_user',
      'confirmation_token',
      'recovery_token',
      'email_change_token_new',
      'reauthentication_token',
      'is_anonymous',
    ]) {
      expect(byName.has(name), name).toBe(true)
    }
  })

  it('keeps emails unique case-sensitively and only among non-SSO users', async () => {
    const local = uniqueEmail('CaseCheck')
    const insert = (email: string, sso = false) =>
      asAdmin(
        `insert into auth.users (id, email, is_sso_user) values (gen_random_uuid(), $1, $2)`,
        [email, sso],
      )
    await insert(local)
    await insert(local.toLowerCase())
    await insert(local, true)
    await expect(insert(local)).rejects.toMatchObject({ code: '23505' })
  })

  it('types MFA status, factor type and session assurance level as enums', async () => {
    const user = await signedInUser(backend, 'fidelity-enum')
    await expect(
      asAdmin(`insert into auth.sessions (user_id, aal) values ($1, 'aal4')`, [user.id]),
    ).rejects.toMatchObject({ code: '22P02' })
    await expect(
      asAdmin(
        `insert into auth.mfa_factors (user_id, factor_type, status) values ($1, 'totp', 'verifed')`,
        [user.id],
      ),
    ).rejects.toMatchObject({ code: '22P02' })
    await expect(
      asAdmin(
        `insert into auth.mfa_factors (user_id, factor_type, status) values ($1, 'sms', 'verified')`,
        [user.id],
      ),
    ).rejects.toMatchObject({ code: '22P02' })
    const types = await asAdmin<{ column_name: string; udt_name: string }>(
      `select column_name, udt_name from information_schema.columns
        where table_schema = 'auth' and ((table_name = 'mfa_factors' and column_name in ('status', 'factor_type'))
           or (table_name = 'sessions' and column_name = 'aal')) order by column_name`,
    )
    expect(types).toEqual([
      { column_name: 'aal', udt_name: 'aal_level' },
      { column_name: 'factor_type', udt_name: 'factor_type' },
      { column_name: 'status', udt_name: 'factor_status' },
    ])
  })
})
