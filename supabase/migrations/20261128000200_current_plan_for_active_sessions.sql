-- The plan is told to a session that may read the subscriptions behind it, and to no other.
--
-- current_plan asks private.is_pro, a security definer function, so row-level security never
-- sees the question: the two-factor rule was written into it (aal1 is told null), but the rule
-- that a signed-out session loses access at once (20261123003000_revoked_sessions_lose_access.sql)
-- was not. A token of a session signed out elsewhere, still within its hour, could still ask
-- whether the account pays for Pro, while every table answered it with nothing. It is now told
-- null, as at aal1; the dashboard already waits on null.
create or replace function public.current_plan() returns text
language sql stable set search_path = '' as $$
  select case
    when not private.assurance_level_satisfied() or not private.session_is_active() then null
    when private.is_pro((select auth.uid())) then 'pro'
    else 'free'
  end
$$;
