-- What a hosted Supabase database already has before our migrations run: the API roles,
-- the auth schema (users plus GoTrue's own bookkeeping), the storage schema and the
-- realtime publication. Local only: never deploy this file. Written to be re-runnable
-- (roles are cluster-wide on a real PostgreSQL server and may already exist).

-- Runs as a superuser (PGlite's `supabase_admin`, or whoever DATABASE_URL names), like
-- Supabase's own init scripts. Our migrations then run as `postgres`, which on hosted is
-- NOT a superuser and owns nothing in auth or storage (migrate.ts), so a migration that
-- would fail there fails here too.
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then
    raise exception 'The local backend must connect as a superuser (it builds the auth and storage schemas as Supabase''s own admin does); "%" is not one.', current_user;
  end if;
  if exists (select 1 from pg_roles where rolname = 'postgres' and rolsuper) then
    raise exception 'The role "postgres" is a superuser on this server, but on hosted Supabase it is not: migrations run as postgres here so that they fail locally as they would there.'
      using hint = 'Point DATABASE_URL at a server whose superuser has another name (initdb -U supabase_admin, as scripts/testing/withPostgres.ts does), or leave DATABASE_URL unset to use PGlite.';
  end if;
  -- Two backends may bootstrap at once on one server (the backend suite runs a database per
  -- worker). Roles are cluster-wide, and two transactions altering one role fail with "tuple
  -- concurrently updated", so bootstraps take turns until commit: pg_authid is a shared
  -- catalog, so its lock is the cluster's (an advisory lock is per database). The mode lets
  -- logins and role reads through and queues only other bootstraps and role changes.
  lock table pg_catalog.pg_authid in share row exclusive mode;
  -- supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
  -- The owners of the auth and storage schemas' tables (GoTrue and the Storage API log in
  -- as these on hosted; init-scripts/00000000000001-auth-schema.sql and -00002-storage-schema.sql).
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit createrole login noreplication;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole login noreplication;
  end if;
  -- Owns the realtime schema's objects on hosted (supabase/realtime, lib/realtime/tenants/repo/
  -- migrations/20260707120000_restrict_realtime_schema.ex).
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin noinherit nologin noreplication;
  end if;
end
$$;

-- What `postgres` is on hosted: migrations/db/migrations/10000000000000_demote-postgres.sql.
alter role postgres nosuperuser createdb createrole login replication bypassrls;
-- The API roles inherit (migrations/20230529180330_alter_api_roles_for_inherit.sql).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
-- Statement and lock timeouts: anon 3 s and authenticated 8 s (initial-schema.sql), the
-- authenticator's 8 s (20221028101028_set_authenticator_timeout.sql) and lock timeout 8 s
-- (20231130133139_set_lock_timeout_to_authenticator_role.sql). PostgREST applies them per
-- request; withClaims.ts does the same.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
grant anon, authenticated, service_role to authenticator;

-- The connection user must be able to `set local role` to each API role, as PostgREST's
-- `authenticator` can. A superuser already can; granting is harmless then.
grant anon, authenticated, service_role to current_user;

-- postgres may create schemas (our `private`) and tables in public, as on hosted.
do $$
begin
  execute format('grant all on database %I to postgres', current_database());
end
$$;
grant all on schema public to postgres;

-- ---------------------------------------------------------------- auth
-- Shapes follow supabase/auth's migrations/ (the columns GoTrue has; ids, timestamps and
-- metadata supplied by GoTrue, not by defaults), owned by supabase_auth_admin.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on schema auth to supabase_auth_admin;

-- supabase/auth migrations/20221003041349_add_mfa_schema.up.sql (+ 'phone', 20240729123726).
do $$
begin
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
-- Case-sensitive and only for non-SSO users, as GoTrue's own index (it lower-cases emails
-- before storing them): migrations/20221215195500_modify_users_email_unique_index.up.sql.
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal auth.aal_level not null default 'aal1',
  not_after timestamptz
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Authentication methods used in a session, in order, for the JWT `amr` claim.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  secret text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_challenged_at timestamptz
);

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text
);

-- Email links and codes. Only hashes are stored, as GoTrue does.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_hash_idx on auth.one_time_tokens (token_hash);

-- PKCE: the challenge sent with signup/otp/recover, and the code handed back by /verify.
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);

-- Every auth table: owned by supabase_auth_admin, RLS on with no policy (supabase/auth
-- migrations/20240612123726_enable_rls_update_grants.up.sql), and ALL granted to postgres
-- (migrations/db/migrations/20211115181400_update-auth-permissions.sql): postgres may read
-- them, reference them and put triggers on them, but not alter, index or drop them.
do $$
declare
  t record;
begin
  for t in select c.relname from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' loop
    execute format('alter table auth.%I owner to supabase_auth_admin', t.relname);
    execute format('alter table auth.%I enable row level security', t.relname);
  end loop;
end
$$;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
alter type auth.factor_type owner to supabase_auth_admin;
alter type auth.factor_status owner to supabase_auth_admin;
alter type auth.aal_level owner to supabase_auth_admin;

-- Same definitions as Supabase's (they read the claims PostgREST sets per request).
create or replace function auth.uid() returns uuid
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role, postgres;
-- migrations/db/migrations/20211124212715_update-auth-owner.sql
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;

-- ---------------------------------------------------------------- storage
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema storage to postgres with grant option;
grant all on schema storage to supabase_storage_admin;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  version text,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
-- postgres may read and write them and create triggers on them, not alter or index them
-- (migrations/db/migrations/20250623125453_tmp_grant_storage_tables_to_postgres_with_grant_option.sql);
-- its policies on them come from supautils' policy_grants, emulated in migrate.ts.
grant all on storage.buckets, storage.objects to postgres with grant option;

-- Deleting rows leaves their files behind, so only the Storage API may delete: it sets
-- storage.allow_delete_query in every transaction (supabase/storage
-- migrations/tenant/0055-prevent-direct-deletes.sql, src/internal/database/postgres/scope.ts).
create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end
$$;
alter function storage.protect_delete() owner to supabase_storage_admin;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role, postgres;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;

-- ---------------------------------------------------------------- public (Supabase defaults)
grant usage on schema public to anon, authenticated, service_role;
-- For what postgres (the migrations) creates, as on hosted (initial-schema.sql ran as it).
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

-- ---------------------------------------------------------------- realtime
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
-- Owned by postgres, as a hosted project's dump shows, so migrations can
-- `alter publication supabase_realtime add table …` but not create one `for all tables`.
alter publication supabase_realtime owner to postgres;

-- The schema hosted Realtime keeps in the project's database, as far as channel authorization
-- needs it: `realtime.messages`, whose policies decide who may join a private channel and send
-- on it (the Realtime server inserts probe rows and selects or inserts them as the user, then
-- rolls back: lib/realtime/tenants/authorization.ex), and `realtime.topic()`, the channel's
-- topic for those policies. Shapes from supabase/realtime priv/repo/tenant_schema/realtime/
-- (schema.sql, tables/messages.sql, functions/topic.sql); owners and postgres's rights from
-- 20260707120000_restrict_realtime_schema.ex: postgres may use the schema but not create in it,
-- and manages policies on realtime.messages through supautils (supautilsGrants.ts). Hosted
-- partitions the table by day; here it is one plain table, which policies see the same way.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;
grant usage on schema realtime to postgres with grant option;
revoke create on schema realtime from postgres;
grant create, usage on schema realtime to supabase_realtime_admin with grant option;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  constraint messages_pkey primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
grant insert, select, update on table realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
alter function realtime.topic() owner to supabase_realtime_admin;

-- Local stand-in for the WAL reader of Supabase Realtime: a trigger (attached after the
-- migrations to every table in the publication) queues each row change here, and the
-- backend drains the queue after each committed request.
create schema if not exists _local_realtime;

create table if not exists _local_realtime.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  change_type text not null,
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default now()
);

-- The old row is queued as the WAL carries it: its replica identity, which by default is the
-- primary key only (the whole row only with `replica identity full`). Hosted Realtime knows no
-- more of a deleted row than that, and neither may this stand-in.
--
-- An UPDATE's new row leaves out the large values it did not change. wal2json skips a value
-- stored out of line (TOAST) that the update left alone (wal2json.c: "column %s has an
-- unchanged TOAST"), so hosted Realtime never has it to send. Which values Postgres moved
-- out of line cannot be seen from SQL; it moves them only once a row passes TOAST's 2 KB
-- threshold, biggest first, so leaving out every unchanged value over 1,000 bytes covers each
-- one it moves in this project's tables, and is never more than hosted sends.
create or replace function _local_realtime.capture() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  identity jsonb;
  row_now jsonb;
begin
  if tg_op = 'UPDATE' then
    row_now := to_jsonb(new);
    select row_now - coalesce(array_agg(now_value.key), '{}'::text[]) into row_now
      from pg_catalog.jsonb_each(row_now) now_value
      join pg_catalog.jsonb_each(to_jsonb(old)) old_value on old_value.key = now_value.key
      where old_value.value = now_value.value
        and pg_catalog.octet_length(now_value.value::text) > 1000;
  elsif tg_op = 'INSERT' then
    row_now := to_jsonb(new);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    if (select c.relreplident from pg_catalog.pg_class c where c.oid = tg_relid) = 'f' then
      identity := to_jsonb(old);
    else
      select jsonb_object_agg(a.attname, to_jsonb(old) -> a.attname) into identity
        from pg_catalog.pg_index i
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
        where i.indrelid = tg_relid and i.indisprimary;
    end if;
  end if;
  insert into _local_realtime.changes (schema_name, table_name, change_type, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    row_now,
    identity
  );
  return null;
end
$$;
