-- 023 (issue 31): the back office edits what guests read. Every row a manager can edit carries
-- the version it is at: a save names the version it was based on and bumps it in the same
-- update (`where id = $1 and version = $2`), so of two managers saving one row at once one wins
-- and the other is answered 409 with the current values (http/versioned.ts, decision 043).
alter table restaurants add column version integer not null default 1 check (version >= 1);
alter table delivery_zones add column version integer not null default 1 check (version >= 1);
alter table restaurant_tables add column version integer not null default 1 check (version >= 1);
alter table categories add column version integer not null default 1 check (version >= 1);
alter table dishes add column version integer not null default 1 check (version >= 1);
alter table dish_options add column version integer not null default 1 check (version >= 1);
alter table cutlery_items add column version integer not null default 1 check (version >= 1);
alter table recommended_items add column version integer not null default 1 check (version >= 1);
alter table coupons add column version integer not null default 1 check (version >= 1);
alter table chain_pages add column version integer not null default 1 check (version >= 1);
alter table settings add column version integer not null default 1 check (version >= 1);
alter table staff_accounts add column version integer not null default 1 check (version >= 1);
