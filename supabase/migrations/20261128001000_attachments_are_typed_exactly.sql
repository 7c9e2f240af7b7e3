-- An attachment's declared type must be one of the bucket's types exactly. Hosted Storage's
-- own check (supabase/storage, src/storage/uploader.ts, validateMimeType) compares only the
-- first two "/" parts, so `image/png/x` passes it and is stored and served as that type. A
-- type a browser cannot parse is sniffed, so an HTML file uploaded that way could open as a
-- page on the API's origin.
--
-- Since storage v1.45.0 (7459d65, "user metadata support for RLS policies") the permission
-- check before an upload inserts the row with `metadata.mimetype` set to the declared type
-- (Uploader.canUpload), so a policy can see it; the write after the upload runs as the
-- storage service and is not checked again. The type list has one home, the bucket's row.
create or replace function private.is_attachment_type(declared text)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from storage.buckets b
    where b.id = 'attachments' and declared = any (b.allowed_mime_types)
  )
$$;

revoke execute on function private.is_attachment_type(text) from public;
grant execute on function private.is_attachment_type(text) to authenticated;

create policy "Attachments are one of the bucket's types exactly" on storage.objects
  as restrictive for insert to authenticated
  with check (
    bucket_id is distinct from 'attachments'
    or (select private.is_attachment_type(metadata ->> 'mimetype'))
  );

create policy "Replaced attachments are one of the bucket's types exactly" on storage.objects
  as restrictive for update to authenticated
  with check (
    bucket_id is distinct from 'attachments'
    or (select private.is_attachment_type(metadata ->> 'mimetype'))
  );
