-- The contact form's global hourly cap no longer closes the form for everyone.
--
-- At 100 messages an hour from everyone, twenty networks sending their five each silenced the
-- form for every visitor for the rest of the hour. Now 100 makes the hour busy: a network
-- (sender_hash) or an email address that already wrote this hour is refused, and a first
-- message from anyone else is still kept. Only at 1,000 is everything refused, so the inbox
-- stays bounded whatever the number of networks, and silencing the form takes some 900
-- networks instead of 20. A message without a sender_hash (not one the function stored) has
-- no network to tell first-timers by, so a busy hour refuses it.
-- supabase/functions/contact/limits.ts names the same numbers; change both together.
-- SQLSTATE PT429 is PostgREST's way to say HTTP 429; the function words the answer from the
-- message ("everyone" marks the global limits).
create or replace function private.limit_contact_messages() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  from_email integer;
  from_network integer := 0;
  from_everyone integer;
begin
  new.created_at := now();
  perform pg_advisory_xact_lock(hashtextextended('contact:' || lower(new.email), 0));
  select count(*) into from_email from public.contact_messages m
    where lower(m.email) = lower(new.email) and m.created_at > now() - interval '1 hour';
  if from_email >= 3 then
    raise exception 'Too many messages from this email address'
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  if new.sender_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('contact:' || new.sender_hash, 0));
    select count(*) into from_network from public.contact_messages m
      where m.sender_hash = new.sender_hash and m.created_at > now() - interval '1 hour';
    if from_network >= 5 then
      raise exception 'Too many messages from this network'
        using errcode = 'PT429', hint = 'Try again in an hour.';
    end if;
  end if;
  -- One lock for the global count: contact messages are rare, so serialising them is cheap.
  perform pg_advisory_xact_lock(hashtextextended('contact:everyone', 0));
  select count(*) into from_everyone from public.contact_messages m
    where m.created_at > now() - interval '1 hour';
  if from_everyone >= 1000
     or (from_everyone >= 100
         and (new.sender_hash is null or from_network > 0 or from_email > 0)) then
    raise exception 'Too many messages from everyone this hour'
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  return new;
end
$$;
