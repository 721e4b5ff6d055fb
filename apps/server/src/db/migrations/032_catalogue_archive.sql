-- 032 (issue 31): a category, dish or option the catalogue no longer holds is archived, never
-- deleted: orders, receipts and reports keep reading it; guests and staff lists no longer see it.
-- (`if not exists`: the menu's own migration may have added the same columns already.)
alter table categories add column if not exists archived_at timestamptz;
alter table dishes add column if not exists archived_at timestamptz;
alter table dish_options add column if not exists archived_at timestamptz;
