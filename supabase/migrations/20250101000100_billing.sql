-- Billing, modelled on vercel/nextjs-subscription-payments: Stripe is the source of truth,
-- a webhook (service role) mirrors products, prices, customers and subscriptions here.

-- Maps a user to their Stripe customer. Private: RLS on and no policy for any client role.
create table public.customers (
  id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text unique not null
);
alter table public.customers enable row level security;
revoke all on public.customers from anon, authenticated;

create table public.products (
  id text primary key,
  active boolean not null default true,
  name text not null,
  description text,
  image text,
  metadata jsonb not null default '{}'::jsonb,
  -- `created` of the Stripe event that last wrote this row (see skip_stale_stripe_event).
  stripe_event_created timestamptz
);
alter table public.products enable row level security;
create policy "Products are public" on public.products
  for select to anon, authenticated using (true);

create type public.pricing_type as enum ('one_time', 'recurring');
create type public.pricing_plan_interval as enum ('day', 'week', 'month', 'year');

create table public.prices (
  id text primary key,
  product_id text references public.products (id) on delete cascade,
  active boolean not null default true,
  description text,
  unit_amount bigint check (unit_amount >= 0),
  currency text check (char_length(currency) = 3),
  type public.pricing_type,
  interval public.pricing_plan_interval,
  interval_count integer,
  trial_period_days integer,
  metadata jsonb not null default '{}'::jsonb,
  stripe_event_created timestamptz
);
alter table public.prices enable row level security;
create policy "Prices are public" on public.prices
  for select to anon, authenticated using (true);

create type public.subscription_status as enum (
  'trialing', 'active', 'canceled', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'paused'
);

create table public.subscriptions (
  id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  status public.subscription_status,
  metadata jsonb not null default '{}'::jsonb,
  price_id text references public.prices (id),
  quantity integer,
  cancel_at_period_end boolean,
  created timestamptz not null default now(),
  current_period_start timestamptz not null default now(),
  current_period_end timestamptz not null default now(),
  ended_at timestamptz,
  cancel_at timestamptz,
  canceled_at timestamptz,
  trial_start timestamptz,
  trial_end timestamptz,
  -- `created` of the Stripe event that last wrote this row: webhooks arrive in any order
  -- and are retried, so an older event must never overwrite newer state.
  stripe_event_created timestamptz
);
create index subscriptions_user_id_idx on public.subscriptions (user_id);
alter table public.subscriptions enable row level security;
create policy "Users can read their own subscriptions" on public.subscriptions
  for select to authenticated using ((select auth.uid()) = user_id);

-- Webhooks arrive in any order and are retried: an event older than the one that last wrote
-- a row must never overwrite it. Deletions are written as `active = false` (products,
-- prices) or a final status (subscriptions), so a late "updated" cannot resurrect them.
create function private.skip_stale_stripe_event() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.stripe_event_created is not null
     and old.stripe_event_created is not null
     and new.stripe_event_created < old.stripe_event_created then
    return null; -- returning null from a BEFORE trigger leaves the row untouched
  end if;
  return new;
end
$$;

create trigger subscriptions_skip_stale_event before update on public.subscriptions
  for each row execute function private.skip_stale_stripe_event();
create trigger products_skip_stale_event before update on public.products
  for each row execute function private.skip_stale_stripe_event();
create trigger prices_skip_stale_event before update on public.prices
  for each row execute function private.skip_stale_stripe_event();

-- Stripe events already applied, so a redelivered event is acknowledged without touching
-- anything. Written only by the webhook (service role); no client may read it.
create table public.stripe_events (
  id text primary key,
  type text not null,
  created timestamptz not null,
  processed_at timestamptz not null default now()
);
alter table public.stripe_events enable row level security;
revoke all on public.stripe_events from anon, authenticated;

-- Pro = any active or trialing subscription. security definer so policies and triggers can
-- ask about any user regardless of the caller's own read rights.
create function private.is_pro(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.subscriptions s
    where s.user_id = uid and s.status in ('active', 'trialing')
  )
$$;

-- The signed-in user's plan, for the dashboard: 'pro' or 'free'.
create function public.current_plan() returns text
language sql stable set search_path = '' as $$
  select case when private.is_pro((select auth.uid())) then 'pro' else 'free' end
$$;
