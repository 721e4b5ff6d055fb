-- 025 (issue 31): the chain's menu edited in the back office.
-- A category can be hidden from guests (its dishes with it) without losing its place.
alter table categories add column hidden boolean not null default false;

-- A dish or an option that orders name is archived, never deleted: hidden from guests, the staff's
-- stop list and order placing, kept for history, receipts and reports. An archived dish is never
-- active and an archived option always disabled, so every reader that already skips inactive
-- dishes and disabled options skips them too.
alter table dishes add column archived_at timestamptz;
alter table dishes add constraint dishes_archived_inactive check (archived_at is null or not active);
alter table dish_options add column archived_at timestamptz;
alter table dish_options add constraint dish_options_archived_disabled check (archived_at is null or disabled);

-- Which restaurants carry a dish: every restaurant that offers the dish's menu does, but those
-- listed here (a new dish and a new restaurant start with the whole menu). A restaurant's manager
-- chooses for their restaurants; the chain's managers for all.
create table dishes_not_carried (
  dish_id       integer not null references dishes(id) on delete cascade,
  restaurant_id integer not null references restaurants(id) on delete cascade,
  primary key (dish_id, restaurant_id)
);
create index dishes_not_carried_restaurant on dishes_not_carried (restaurant_id);
create trigger dishes_not_carried_bump_catalogue_version after insert or update or delete or truncate on dishes_not_carried
  for each statement execute function bump_catalogue_version();

-- Menu photos a manager uploaded, as the server encoded them again (decision 041), served at
-- /media/uploads/{name} and made into the menu's renditions like the chain's own pictures. The
-- name is the picture's content hash: the same picture uploaded twice is one row.
create table menu_photos (
  name       text primary key check (name ~ '^[A-Za-z0-9_-]{16,64}\.jpg$'),
  data       bytea not null,
  width      integer not null check (width > 0),
  height     integer not null check (height > 0),
  created_by integer references staff_accounts(id) on delete set null,
  created_at timestamptz not null default now()
);

-- Whether orders name a dish (or its options) decides archiving over deleting: asked by dish.
create index order_items_dish on order_items (item_id) where kind = 'dish';
