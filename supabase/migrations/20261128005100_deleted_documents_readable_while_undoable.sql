-- A deleted document is its owner's to read for ten minutes, the time undo may still ask for it.
--
-- Deleting marks a document (20261123001200_soft_delete_documents.sql) and the purge removes it
-- a week later; deleted documents do not count towards the Free plan's three. Owners could read
-- them all that week, so a Free account could write three megabyte notes, delete them, write
-- three more, and so on, and read every one of them back through the Data API: any number of
-- notes, kept for a week at a time, on the plan that keeps three.
--
-- Owners read deleted rows for two things only: the delete's own answer (the row as it is after
-- the update, which undo keeps) and undo itself, whose UPDATE must see the row it brings back;
-- Realtime tells other tabs through document_heads, right after the change. The app offers undo
-- for seconds (UndoToast); ten minutes leaves room for a slow connection. After that a deleted
-- document is the service role's alone (support can still restore one by hand until the purge),
-- and undo says it is gone. The heads follow the same rule, so a deleted note's title is not
-- kept readable either.
drop policy "Users can read their own documents" on public.documents;
create policy "Users can read their own documents" on public.documents
  for select to authenticated
  using (
    (select auth.uid()) = user_id
    and (deleted_at is null or deleted_at > now() - interval '10 minutes')
  );

drop policy "Users can read their own documents' heads" on public.document_heads;
create policy "Users can read their own documents' heads" on public.document_heads
  for select to authenticated
  using (
    (select auth.uid()) = user_id
    and (deleted_at is null or deleted_at > now() - interval '10 minutes')
  );
