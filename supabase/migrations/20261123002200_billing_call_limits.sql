-- Per-user allowance for the billing functions (create-checkout-session,
-- checkout-session-status, create-portal-session): each call reaches Stripe on Folio's
-- account, so one user must not be able to loop on them. The numbers live with the functions
-- (supabase/functions/_shared/callLimits.ts); the count lives here so every function instance
-- shares it.

-- Out of the API's reach (the private schema is not exposed); only count_billing_call writes it.
create table private.billing_call_counts (
  function_name text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  window_start timestamptz not null,
  calls integer not null,
  primary key (function_name, user_id)
);
revoke all on private.billing_call_counts from public, anon, authenticated;

-- Counts one call of `function_name` by `caller` in a fixed window of `window_seconds`.
-- Returns 0 while the caller is within `max_calls`, else the seconds until the window ends
-- (the function's Retry-After). One upsert, so concurrent calls cannot both take the last one.
-- For the service role only: a client could otherwise spend another user's allowance.
create function public.count_billing_call(
  function_name text,
  caller uuid,
  max_calls integer,
  window_seconds integer
) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  started timestamptz;
  counted integer;
begin
  insert into private.billing_call_counts as c (function_name, user_id, window_start, calls)
  values (count_billing_call.function_name, caller, now(), 1)
  on conflict on constraint billing_call_counts_pkey do update
    set window_start = case
          when c.window_start <= now() - make_interval(secs => window_seconds) then now()
          else c.window_start end,
        calls = case
          when c.window_start <= now() - make_interval(secs => window_seconds) then 1
          else c.calls + 1 end
  returning c.window_start, c.calls into started, counted;
  if counted <= max_calls then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from
    started + make_interval(secs => window_seconds) - now()))::integer);
end
$$;

revoke all on function public.count_billing_call(text, uuid, integer, integer)
  from public, anon, authenticated;
grant execute on function public.count_billing_call(text, uuid, integer, integer)
  to service_role;
