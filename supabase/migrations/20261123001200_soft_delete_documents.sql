-- Deleting a document marks it (deleted_at) instead of removing the row.
--
-- Hosted Realtime does not apply row-level security to DELETE events: every subscriber of
-- `documents` received the id of every user's deleted document. A delete is now an UPDATE,
-- which Realtime only sends to subscribers whose RLS lets them select the row, i.e. its owner
-- (whose other tabs learn of it from deleted_at). The row also serves undo, and is purged
-- later by private.purge_deleted_documents.
--
-- Owners can still select their deleted rows: Realtime checks an UPDATE against the row as it
-- is after the change, so hiding them would keep the owner's other tabs from hearing of the
-- delete. The app asks for `deleted_at is null` wherever it reads documents.

alter table public.documents add column deleted_at timestamptz;
create index documents_deleted_at_idx on public.documents (deleted_at) where deleted_at is not null;

-- Clients no longer remove rows (an old tab that tries is told so, instead of nothing happening).
drop policy "Users can delete their own documents" on public.documents;
revoke delete on public.documents from anon, authenticated;

-- Nothing deletes documents in front of Realtime any more except the purge and an account's
-- deletion (cascade), and those would still hand every subscriber the ids. The publication
-- therefore publishes inserts and updates only: hosted Realtime asks for exactly the actions
-- the publication publishes (supabase/realtime, realtime.list_changes). Any table added to it
-- later inherits this: soft-delete it, as here.
alter publication supabase_realtime set (publish = 'insert, update');

-- A deleted document stays as it was: edits from a tab that has not heard of the delete
-- change nothing (zero rows, as if it were gone). Only clearing deleted_at (undo) reopens
-- it. The time of deletion is the server's.
create function private.keep_deleted_document_closed() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.deleted_at is not null then
    if new.deleted_at is not null then
      return null;
    end if;
    return new;
  end if;
  if new.deleted_at is not null then
    new.deleted_at := now();
  end if;
  return new;
end
$$;

create trigger documents_keep_deleted_closed before update on public.documents
  for each row execute function private.keep_deleted_document_closed();

-- The Free limit counts the documents a user has, not the ones they deleted: deleting one
-- makes room at once. Undoing a delete is checked against the limit like a new document.
create or replace function private.enforce_document_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  existing integer;
begin
  if private.is_pro(new.user_id) then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('documents:' || new.user_id::text, 0));
  select count(*) into existing from public.documents d
    where d.user_id = new.user_id and d.deleted_at is null;
  if existing > 3 then
    raise exception 'Free plan limit reached: upgrade to Pro for unlimited documents'
      using errcode = 'FL001',
            detail = 'The Free plan keeps up to 3 documents.',
            hint = 'Upgrade to Pro on /pricing, or delete a document first.';
  end if;
  return null;
end
$$;

create trigger documents_enforce_limit_on_restore after update of deleted_at on public.documents
  for each row when (old.deleted_at is not null and new.deleted_at is null)
  execute function private.enforce_document_limit();

-- Removes documents deleted more than `older_than` ago (undo is offered for seconds; a week
-- leaves room for support to restore one by hand). For pg_cron or the service role.
create function private.purge_deleted_documents(older_than interval default interval '7 days')
returns integer
language sql security definer set search_path = '' as $$
  with purged as (
    delete from public.documents d
    where d.deleted_at is not null and d.deleted_at < now() - older_than
    returning 1
  )
  select count(*)::integer from purged
$$;
revoke execute on function private.purge_deleted_documents(interval) from public;
grant execute on function private.purge_deleted_documents(interval) to service_role;

-- Daily at 03:17 where pg_cron is enabled (Database → Extensions on hosted Supabase; enable it
-- before this migration, or schedule the same call by hand later). The local backend has none.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'purge-deleted-documents', '17 3 * * *', 'select private.purge_deleted_documents()'
    );
  end if;
end
$$;
