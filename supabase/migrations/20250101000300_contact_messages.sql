-- Messages from the public contact form: anyone may send, nobody but the service role reads.
-- The site sends through the `contact` edge function (validation, per-IP and per-email rate
-- limits); the insert policy stays so the table also works with a plain supabase-js insert,
-- and the per-email limit below applies to both paths.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 3 and 320 and position('@' in email) > 1),
  message text not null check (char_length(message) between 1 and 5000),
  -- SHA-256 of the sender's IP address (set by the contact function): enough to rate-limit,
  -- without keeping the address itself.
  sender_hash text check (sender_hash is null or char_length(sender_hash) = 64),
  created_at timestamptz not null default now()
);
create index contact_messages_email_idx on public.contact_messages (lower(email), created_at desc);
create index contact_messages_sender_idx on public.contact_messages (sender_hash, created_at desc);

alter table public.contact_messages enable row level security;
revoke select, update, delete, truncate on public.contact_messages from anon, authenticated;

create policy "Anyone can send a contact message" on public.contact_messages
  for insert to anon, authenticated with check (true);

-- At most 3 messages per email address and 5 per sender (IP) in an hour. In the database, so
-- no path around the function escapes it. SQLSTATE PT429 is PostgREST's way to say HTTP 429.
create function private.limit_contact_messages() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  recent integer;
begin
  new.created_at := now();
  perform pg_advisory_xact_lock(hashtextextended('contact:' || lower(new.email), 0));
  select count(*) into recent from public.contact_messages m
    where lower(m.email) = lower(new.email) and m.created_at > now() - interval '1 hour';
  if recent >= 3 then
    raise exception 'Too many messages from this email address'
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  if new.sender_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('contact:' || new.sender_hash, 0));
    select count(*) into recent from public.contact_messages m
      where m.sender_hash = new.sender_hash and m.created_at > now() - interval '1 hour';
    if recent >= 5 then
      raise exception 'Too many messages from this network'
        using errcode = 'PT429', hint = 'Try again in an hour.';
    end if;
  end if;
  return new;
end
$$;

create trigger contact_messages_rate_limit before insert on public.contact_messages
  for each row execute function private.limit_contact_messages();
