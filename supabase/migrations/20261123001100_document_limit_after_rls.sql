-- The Free plan's document limit, checked after row-level security instead of before it.
--
-- As a BEFORE INSERT trigger it ran ahead of the insert policy: a row forged with someone
-- else's user_id was counted against that user (answering "Free plan limit reached" when they
-- had 3 documents, which tells the caller about them) and took their advisory lock. AFTER
-- triggers only fire for rows that RLS let through, so a foreign row is refused as such, and
-- only the inserting user's own documents are ever counted. The new row is already in the
-- count here, hence "more than 3".
--
-- The error has its own SQLSTATE, FL001 (a class PostgreSQL does not use, so PostgREST answers
-- 400 as for any unknown code), so the app recognises it without matching on the message text.

drop trigger documents_enforce_limit on public.documents;

create or replace function private.enforce_document_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  existing integer;
begin
  if private.is_pro(new.user_id) then
    return null;
  end if;
  -- Serialise concurrent inserts of one user: the count below runs after the lock, so it
  -- sees every document a concurrent transaction committed meanwhile.
  perform pg_advisory_xact_lock(hashtextextended('documents:' || new.user_id::text, 0));
  select count(*) into existing from public.documents d where d.user_id = new.user_id;
  if existing > 3 then
    raise exception 'Free plan limit reached: upgrade to Pro for unlimited documents'
      using errcode = 'FL001',
            detail = 'The Free plan keeps up to 3 documents.',
            hint = 'Upgrade to Pro on /pricing, or delete a document first.';
  end if;
  return null;
end
$$;

create trigger documents_enforce_limit after insert on public.documents
  for each row execute function private.enforce_document_limit();
