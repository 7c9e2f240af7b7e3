-- Users change their profile's name and picture, nothing else.
--
-- The update policy checks whose row it is, not which columns change, and only updated_at is
-- stamped by a trigger: a user could set their profile's created_at to any date through the
-- Data API. The server owns the timestamps, as it does for documents (stamp_document). A
-- column privilege refuses the rest with 42501, as PostgREST answers any column a role may not
-- write; `id` stays out too, though the policy already holds it to the user's own.
revoke update on public.profiles from anon, authenticated;
grant update (full_name, avatar_url) on public.profiles to authenticated;
