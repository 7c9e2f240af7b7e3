-- Functions in `private` are helpers for policies and triggers, not an API. PostgreSQL lets
-- PUBLIC execute every new function, so any role could call them directly, for example
-- has_verified_factor(<anyone's id>). Execution is now granted only where it is needed:
-- - functions a policy calls run as the caller (unless the policy's own function is security
--   definer, its callees are checked against the caller): the attachments and two-factor
--   policies call assurance_level_satisfied and is_pro, as does public.current_plan;
-- - trigger functions need no grant: PostgreSQL checks EXECUTE when a trigger is created,
--   not when it fires;
-- - the purge is for the service role (and pg_cron, which runs as the owner).
revoke execute on all functions in schema private from public;
alter default privileges in schema private revoke execute on functions from public;

grant execute on function private.assurance_level_satisfied() to authenticated, service_role;
grant execute on function private.is_pro(uuid) to authenticated, service_role;
grant execute on function private.purge_deleted_documents(interval) to service_role;
