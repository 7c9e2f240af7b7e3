-- A document's images live under `<user id>/<document id>/` in the attachments bucket, and
-- stayed there after the purge removed the document: its owner could still list and read them,
-- and nothing would ever remove them. They can only go through the Storage API: hosted refuses
-- a delete from storage.objects (supabase/storage migrations/tenant/0055-prevent-direct-deletes
-- .sql, storage.protect_delete), which would also leave the file itself behind.
--
-- So the purge-attachments edge function asks this one which images no longer have their
-- document, then removes those that no note of their owner still links to (a note can link to
-- an image pasted from another). An image younger than `grace` is left alone: an import uploads
-- images before it writes their documents.
create function public.orphaned_attachments(grace interval default interval '1 day')
returns table (name text, owner_folder text)
language sql stable security definer set search_path = '' as $$
  select o.name, (storage.foldername(o.name))[1]
  from storage.objects o
  where o.bucket_id = 'attachments'
    and o.created_at < now() - grace
    and not exists (
      select 1 from public.documents d
      where d.id::text = (storage.foldername(o.name))[2]
    )
  order by o.name
$$;

revoke execute on function public.orphaned_attachments(interval) from public, anon, authenticated;
grant execute on function public.orphaned_attachments(interval) to service_role;

-- Daily at 03:47, after the documents' purge at 03:17, where pg_cron and pg_net are enabled and
-- Vault holds the project's URL and service-role key as `project_url` and `service_role_key`
-- (README, "Deploying"). The call reads them when it runs, so no key is written here. The local
-- backend has neither extension.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net') then
    perform cron.schedule(
      'purge-attachments', '47 3 * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                 || '/functions/v1/purge-attachments',
          headers := jsonb_build_object(
            'Authorization', 'Bearer ' || (
              select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'
            ),
            'Content-Type', 'application/json'
          ),
          body := '{}'::jsonb,
          -- pg_net's own default is 5 s; a night with many images to remove takes longer.
          timeout_milliseconds := 60000
        )
      $job$
    );
  end if;
end
$$;
