-- The dashboard's Realtime channel, `documents:<user id>`, is private (decision 0050).
--
-- On a public channel hosted Realtime lets anyone holding the anon key join any topic and send
-- broadcast and presence messages on it, with no policy asked. A private channel is joined only
-- if the SELECT policies of realtime.messages let the joining token read a row of that topic
-- (Realtime inserts a probe row per extension, sets `role`, `request.jwt.claims` and
-- `realtime.topic`, and selects it back: supabase/realtime lib/realtime/tenants/authorization.ex,
-- get_read_authorizations/4), and is sent on only if an INSERT policy lets them write one
-- (get_write_authorizations/4). Database changes on the channel still reach the subscriber only
-- through their own row-level security on document_heads (20261126000000).
--
-- Only the topic's owner may receive, under the same rules as their documents: aal2 when they
-- have a verified factor (20261123001000_two_factor_everywhere.sql) and a session that has not
-- been signed out (20261123003000_revoked_sessions_lose_access.sql). The app sends no broadcast
-- or presence, so no client may send: there is no INSERT policy.

create policy "Users receive on their own documents channel" on realtime.messages
  for select to authenticated
  using ((select realtime.topic()) = 'documents:' || (select auth.uid())::text);
create policy "Two-factor users need aal2" on realtime.messages
  as restrictive for all to authenticated
  using ((select private.assurance_level_satisfied()))
  with check ((select private.assurance_level_satisfied()));
create policy "Signed-out sessions lose access" on realtime.messages
  as restrictive for all to authenticated
  using ((select private.session_is_active()))
  with check ((select private.session_is_active()));
