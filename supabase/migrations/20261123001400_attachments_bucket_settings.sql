-- The attachments bucket's settings, applied even where the bucket already existed (made by
-- hand before the first migration, whose insert then did nothing): private, 10 MB, images
-- only. Rows of storage.buckets may be written by migrations on hosted Supabase (DML is
-- granted to postgres); the table itself is not ours to alter.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'attachments', 'attachments', false, 10485760,
  array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;
