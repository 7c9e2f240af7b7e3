-- Documents: the product. Owned by one user; `version` lets the editor detect that
-- another tab or device saved in between (update ... where version = <what I loaded>).

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null default 'Untitled' check (char_length(title) between 1 and 200),
  body text not null default '' check (octet_length(body) <= 1000000),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index documents_user_updated_idx on public.documents (user_id, updated_at desc);

alter table public.documents enable row level security;

create policy "Users can read their own documents" on public.documents
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Users can create their own documents" on public.documents
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Users can update their own documents" on public.documents
  for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "Users can delete their own documents" on public.documents
  for delete to authenticated using ((select auth.uid()) = user_id);

-- A user who has turned on two-factor authentication must have used it in this session.
create function private.has_verified_factor(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.mfa_factors f where f.user_id = uid and f.status = 'verified')
$$;

create policy "Two-factor users need aal2" on public.documents
  as restrictive for all to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2' or not private.has_verified_factor((select auth.uid())))
  with check ((select auth.jwt() ->> 'aal') = 'aal2' or not private.has_verified_factor((select auth.uid())));

-- The server owns id, version and timestamps; clients cannot forge them.
create function private.stamp_document() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.created_at := now();
  else
    new.id := old.id;
    new.created_at := old.created_at;
    new.version := old.version + 1;
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger documents_stamp before insert or update on public.documents
  for each row execute function private.stamp_document();

-- Plan limit, enforced here rather than in the page: Free keeps at most 3 documents.
create function private.enforce_document_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  existing integer;
begin
  if private.is_pro(new.user_id) then
    return new;
  end if;
  -- Serialise concurrent inserts of one user so two requests cannot both see 2 documents.
  perform pg_advisory_xact_lock(hashtextextended('documents:' || new.user_id::text, 0));
  select count(*) into existing from public.documents d where d.user_id = new.user_id;
  if existing >= 3 then
    raise exception 'Free plan limit reached: upgrade to Pro for unlimited documents'
      using errcode = 'P0001',
            detail = 'The Free plan keeps up to 3 documents.',
            hint = 'Upgrade to Pro on /pricing, or delete a document first.';
  end if;
  return new;
end
$$;

create trigger documents_enforce_limit before insert on public.documents
  for each row execute function private.enforce_document_limit();

-- Realtime: the dashboard listens for changes to its own documents.
alter publication supabase_realtime add table public.documents;
