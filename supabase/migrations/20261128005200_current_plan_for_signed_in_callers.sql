-- current_plan is for signed-in callers: the dashboard asks it for its own account.
--
-- Like every function Postgres creates, it was executable by PUBLIC, so the anon key ran it up
-- to its first call into the private schema (private.assurance_level_satisfied, executable by
-- authenticated alone: 20261123001300_private_function_privileges.sql), and the refusal named
-- that function. Refused at its own door, the anon key now learns only that current_plan is
-- not its to call. Hosted's default privileges also grant anon EXECUTE on functions in public,
-- hence anon by name.
revoke execute on function public.current_plan() from public, anon;
grant execute on function public.current_plan() to authenticated, service_role;
