-- Realtime carries what changed about a document, not its text.
--
-- With `documents` in the publication, every save of a note sent the whole row, text included,
-- to every tab and device its owner had open: up to a megabyte per save per subscriber,
-- decoded on each page's main thread (70-150 ms a save in a 1 MB note, the saving tab's own
-- included), to tell them that a version they mostly did not need exists. Hosted Realtime also
-- drops every value over 64 bytes from a change over 1 MB ('Error 413: Payload Too Large') and
-- leaves an unchanged TOASTed body out of a rename, so subscribers had to be ready to read the
-- row anyway.
--
-- `document_heads` holds each document's id, owner, title, version, update time and deletion
-- mark, kept by a trigger; it is what the publication carries now. A tab that has the
-- document open reads the text when the version is newer than its own (its own saves are
-- not), and the list needs nothing more than the head.
create table public.document_heads (
  id uuid primary key references public.documents (id) on delete cascade,
  user_id uuid not null,
  title text not null,
  version integer not null,
  updated_at timestamptz not null,
  deleted_at timestamptz
);

-- Read-only to clients, under the same rules as the documents themselves (the restrictive
-- policies of 20261123001000_two_factor_everywhere.sql and
-- 20261123003000_revoked_sessions_lose_access.sql): Realtime checks each change against them
-- with the subscriber's token.
alter table public.document_heads enable row level security;
revoke all on public.document_heads from anon, authenticated;
grant select on public.document_heads to authenticated;

create policy "Users can read their own documents' heads" on public.document_heads
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Two-factor users need aal2" on public.document_heads
  as restrictive for all to authenticated
  using ((select private.assurance_level_satisfied()))
  with check ((select private.assurance_level_satisfied()));
create policy "Signed-out sessions lose access" on public.document_heads
  as restrictive for all to authenticated
  using ((select private.session_is_active()))
  with check ((select private.session_is_active()));

-- After the stamp: the head has the version and times the row was saved with. A write that
-- changes nothing (an edit of a deleted document, see keep_deleted_document_closed) fires no
-- AFTER trigger, so its head stays as it was.
create function private.copy_document_head() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.document_heads (id, user_id, title, version, updated_at, deleted_at)
  values (new.id, new.user_id, new.title, new.version, new.updated_at, new.deleted_at)
  on conflict (id) do update
    set user_id = excluded.user_id,
        title = excluded.title,
        version = excluded.version,
        updated_at = excluded.updated_at,
        deleted_at = excluded.deleted_at;
  return null;
end
$$;

-- A trigger function needs no grant to fire (20261123001300_private_function_privileges.sql).
revoke all on function private.copy_document_head() from public, anon, authenticated, service_role;

create trigger documents_copy_head after insert or update on public.documents
  for each row execute function private.copy_document_head();

insert into public.document_heads (id, user_id, title, version, updated_at, deleted_at)
  select id, user_id, title, version, updated_at, deleted_at from public.documents;

-- Heads are removed only with their document (the purge, an account's deletion): deletes are
-- not published (20261123001200_soft_delete_documents.sql), so nobody hears of those.
alter publication supabase_realtime drop table public.documents;
alter publication supabase_realtime add table public.document_heads;
