-- An attachment's declared type is one of the bucket's exactly, whoever writes the row.
--
-- 20261128001000_attachments_are_typed_exactly.sql holds the type to the bucket's list with
-- restrictive policies, and policies judge only the caller's own role. A signed upload URL goes
-- round them: Storage asks the policies when the URL is made, with the type named then (the
-- signing request's Content-Type: supabase/storage src/http/routes/object/getSignedUploadURL.ts,
-- Uploader.canUpload), and writes the upload that follows as its superuser, which no policy
-- judges (uploadSignedObject.ts: asSuperUser().uploadFromRequest, Uploader.completeUpload). Its
-- own check reads only the first two "/" parts (validateMimeType), so a Pro user could sign for
-- `image/png` and upload a page as `image/png/x`, served as that type from the API's origin.
--
-- A trigger runs for every role, the storage service's included. On UPDATE it looks only at a
-- changed metadata, so moving or renaming an object stored before this migration still works.
-- A row without metadata is left to the policies: Storage writes none after an upload. The
-- refusal is 42501, which Storage answers with 403 as it does a policy's
-- (src/storage/database/errors.ts, DBError.fromDBError). security definer: the storage service
-- may not run private.is_attachment_type itself.
create function private.refuse_inexact_attachment_type() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.bucket_id = 'attachments'
     and new.metadata is not null
     and (tg_op = 'INSERT' or new.metadata is distinct from old.metadata)
     and not private.is_attachment_type(new.metadata ->> 'mimetype') then
    raise exception 'An attachment must be one of the bucket''s image types exactly'
      using errcode = '42501';
  end if;
  return new;
end
$$;

-- A trigger function needs no grant to fire (20261123001300_private_function_privileges.sql).
revoke all on function private.refuse_inexact_attachment_type()
  from public, anon, authenticated, service_role;

create trigger attachments_typed_exactly before insert or update on storage.objects
  for each row execute function private.refuse_inexact_attachment_type();
