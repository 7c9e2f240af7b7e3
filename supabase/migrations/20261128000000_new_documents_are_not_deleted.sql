-- A document is never inserted already deleted.
--
-- stamp_document set a new row's version and creation time but kept the deleted_at a client
-- sent. A Free user could insert documents marked deleted (in 9999, say) through the Data API:
-- the plan's limit counts documents not deleted, the purge removes those deleted a week ago,
-- and owners may read their deleted rows (for Realtime and undo). So any number of megabyte
-- rows went past the limit, never expired, and stayed readable. The time of deletion is the
-- server's (keep_deleted_document_closed stamps it on UPDATE); on INSERT there is none, so the
-- row counts, and is checked against the limit, like any new document.
create or replace function private.stamp_document() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.created_at := now();
    new.deleted_at := null;
  else
    new.id := old.id;
    new.created_at := old.created_at;
    new.version := old.version + 1;
  end if;
  new.updated_at := now();
  return new;
end
$$;
