-- Messages from the public contact form: anyone may send, nobody but the service role reads.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 3 and 320 and position('@' in email) > 1),
  message text not null check (char_length(message) between 1 and 5000),
  created_at timestamptz not null default now()
);

alter table public.contact_messages enable row level security;
revoke select, update, delete, truncate on public.contact_messages from anon, authenticated;

create policy "Anyone can send a contact message" on public.contact_messages
  for insert to anon, authenticated with check (true);
