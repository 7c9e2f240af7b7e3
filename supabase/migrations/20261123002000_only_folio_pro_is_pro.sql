-- Only Folio Pro makes a user Pro.
--
-- Until now any active or trialing subscription counted, to any recurring price of any product:
-- a $0 price, or another product sold from the same Stripe account, unlocked unlimited
-- documents and attachments. The Folio Pro product is now recognised by its Stripe metadata
-- `plan = pro`, which the webhook mirrors into `products.metadata` (clients cannot write
-- `products`: RLS, select policy only).
--
-- Amounts: a subscription to a $0 price of Folio Pro does not make a user Pro while it is
-- `active` (a free price created by mistake, or a 100%-off price, must not become a free Pro
-- plan); while it is `trialing` it does, because a trial is how Stripe gives Pro away on
-- purpose, and a trial's status already ends on its own. create-checkout-session refuses
-- every price this function would not count (other products, $0 or amount-less prices), so
-- checkout and this rule cannot disagree.

create or replace function private.is_pro_price(price_id text, status public.subscription_status)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.prices p
    join public.products pr on pr.id = p.product_id
    where p.id = price_id
      and pr.metadata ->> 'plan' = 'pro'
      and (status = 'trialing' or (status = 'active' and coalesce(p.unit_amount, 0) > 0))
  )
$$;

-- Same signature and security as before, so the documents and attachments policies that call
-- it pick up the new rule without being recreated.
create or replace function private.is_pro(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.subscriptions s
    where s.user_id = uid
      and s.status in ('active', 'trialing')
      and private.is_pro_price(s.price_id, s.status)
  )
$$;

revoke all on function private.is_pro_price(text, public.subscription_status)
  from public, anon, authenticated;
