-- Plans, as the Stripe webhook would have synced them. Ids look like Stripe's so the same
-- code paths handle seeded and real rows. The metadata `plan = pro` is what makes Folio Pro
-- Folio Pro (private.is_pro, create-checkout-session): set it on the product in Stripe too.
insert into public.products (id, active, name, description, metadata) values
  ('prod_FolioFree', true, 'Free', 'Up to 3 documents, no attachments.', '{"plan": "free", "document_limit": "3"}'),
  ('prod_FolioPro', true, 'Pro', 'Unlimited documents and image attachments.', '{"plan": "pro"}')
on conflict (id) do nothing;

insert into public.prices (id, product_id, active, description, unit_amount, currency, type, interval, interval_count, trial_period_days, metadata) values
  ('price_FolioProMonthly', 'prod_FolioPro', true, 'Pro, billed monthly', 800, 'usd', 'recurring', 'month', 1, null, '{}'),
  ('price_FolioProYearly', 'prod_FolioPro', true, 'Pro, billed yearly', 8000, 'usd', 'recurring', 'year', 1, null, '{}')
on conflict (id) do nothing;
