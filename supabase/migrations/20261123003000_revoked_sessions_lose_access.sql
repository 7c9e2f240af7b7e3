-- Signing out (this device, other devices, everywhere) deletes rows from auth.sessions at
-- once, but an access token already handed out stays valid until its `exp`: the Data API
-- and Storage check only its signature and expiry. Supabase's guide to user sessions
-- (supabase/supabase apps/docs/content/guides/auth/sessions.mdx) suggests checking that the
-- token's `session_id` claim still names a row in auth.sessions. These restrictive
-- policies do that for every table holding a user's own data, so a revoked session loses
-- access at its next request rather than when its token expires.
--
-- Only the `authenticated` role is restricted: the service role (webhooks, edge functions)
-- bypasses row-level security, and anon has no user data to reach.

create function private.session_is_active() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from auth.sessions s
    where s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid
      and s.user_id = auth.uid()
  )
$$;

-- The policies below call it as the signed-in user; nobody else needs it (private functions
-- are executable only where a policy needs them).
revoke execute on function private.session_is_active() from public;
grant execute on function private.session_is_active() to authenticated;

create policy "Signed-out sessions lose access" on public.documents
  as restrictive for all to authenticated
  using ((select private.session_is_active()))
  with check ((select private.session_is_active()));

create policy "Signed-out sessions lose access" on public.profiles
  as restrictive for all to authenticated
  using ((select private.session_is_active()))
  with check ((select private.session_is_active()));

create policy "Signed-out sessions lose access" on public.subscriptions
  as restrictive for all to authenticated
  using ((select private.session_is_active()))
  with check ((select private.session_is_active()));

-- Other buckets keep their own rules; this one holds users' private images.
create policy "Signed-out sessions lose attachments" on storage.objects
  as restrictive for all to authenticated
  using (bucket_id <> 'attachments' or (select private.session_is_active()))
  with check (bucket_id <> 'attachments' or (select private.session_is_active()));
