-- Two factors for everything. A user who turned on two-factor authentication and signed in with
-- the password only (aal1) may finish the challenge or sign out, and nothing else: restrictive
-- policies (ANDed with every permissive one) on each table holding a user's data and on the
-- attachments bucket. Users without a verified factor are not affected.

-- True when the caller's session is good enough for their data: aal2, or no verified factor to
-- ask for. It takes no user id, so it cannot be used to ask about anyone else. security
-- definer: clients cannot read auth.mfa_factors themselves.
create function private.assurance_level_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = auth.uid() and f.status = 'verified'
      )
$$;

-- The documents table had this rule with a helper that takes any user's id; it now uses the
-- same check as the other tables.
drop policy "Two-factor users need aal2" on public.documents;
create policy "Two-factor users need aal2" on public.documents
  as restrictive for all to authenticated
  using ((select private.assurance_level_satisfied()))
  with check ((select private.assurance_level_satisfied()));

create policy "Two-factor users need aal2" on public.profiles
  as restrictive for all to authenticated
  using ((select private.assurance_level_satisfied()))
  with check ((select private.assurance_level_satisfied()));

create policy "Two-factor users need aal2" on public.subscriptions
  as restrictive for all to authenticated
  using ((select private.assurance_level_satisfied()))
  with check ((select private.assurance_level_satisfied()));

-- Listing, signing, downloading, uploading, replacing and deleting attachments all go through
-- storage.objects under the caller's role; other buckets keep their own rules.
create policy "Two-factor users need aal2 for attachments" on storage.objects
  as restrictive for all to authenticated
  using (bucket_id is distinct from 'attachments' or (select private.assurance_level_satisfied()))
  with check (
    bucket_id is distinct from 'attachments' or (select private.assurance_level_satisfied())
  );

-- The plan is billing data too: at aal1 it is not told (null; the dashboard waits for aal2).
create or replace function public.current_plan() returns text
language sql stable set search_path = '' as $$
  select case
    when not private.assurance_level_satisfied() then null
    when private.is_pro((select auth.uid())) then 'pro'
    else 'free'
  end
$$;
