-- contact_messages is written only by the `contact` edge function (service role).
--
-- The insert policy for anon and authenticated let anyone write straight into the table over
-- REST: about 10,000 rows a minute on the local stand-in, with no per-network limit (the
-- sender hash was whatever the client sent, so it could be left out, or set to another
-- network's hash to lock that network out of the form). The function validates, bounds the
-- body, and hashes the network address the platform saw; so it is now the only way in.
drop policy if exists "Anyone can send a contact message" on public.contact_messages;
revoke all on public.contact_messages from anon, authenticated;

-- The hourly caps, now also across every sender together, so many networks cannot fill the
-- inbox without bound either: 3 per email address, 5 per network (sender_hash), 100 in all.
-- supabase/functions/contact/limits.ts names the same numbers; change both together.
-- SQLSTATE PT429 is PostgREST's way to say HTTP 429; the function words the answer from the
-- message ("everyone" marks the global cap).
create or replace function private.limit_contact_messages() returns trigger
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
  -- One lock for the global count: contact messages are rare, so serialising them is cheap.
  perform pg_advisory_xact_lock(hashtextextended('contact:everyone', 0));
  select count(*) into recent from public.contact_messages m
    where m.created_at > now() - interval '1 hour';
  if recent >= 100 then
    raise exception 'Too many messages from everyone this hour'
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  return new;
end
$$;

create index if not exists contact_messages_created_at_idx
  on public.contact_messages (created_at desc);
