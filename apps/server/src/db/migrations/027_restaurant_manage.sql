-- 027 (issue 31, decision 046): restaurants edited in the back office.
--
-- A restaurant that orders name is archived, never deleted: archived_at set, and it is no longer
-- active (guests' lists, menus and order/create read active restaurants only). History, receipts
-- and reports keep reading the row.
alter table restaurants add column archived_at timestamptz;
alter table restaurants add constraint restaurants_archived_inactive check (archived_at is null or not active);

-- «Закрыть на время»: until closed_until passes, guests read closed_text (or «Закрыто до HH:MM»)
-- where the restaurant is shown and order/create refuses with it; it opens again by itself
-- (packages/domain schedule.ts closedForNowText compares the time, nothing to sweep).
alter table restaurants add column closed_until timestamptz;
alter table restaurants add column closed_text text not null default '' check (length(closed_text) <= 120);

-- Days whose hours differ from the week's: closed (no hours) or other hours, read as the
-- business day of that date (06:00 to 06:00, SPEC 4) in place of its weekday's row of
-- restaurant_schedule. Saved with the restaurant (its version bumps).
create table restaurant_holidays (
  restaurant_id integer not null references restaurants(id) on delete cascade,
  day           date not null,
  from_minute   integer check (from_minute >= 360 and from_minute < 1800),
  to_minute     integer check (to_minute > from_minute and to_minute <= 1800),
  note          text not null default '' check (length(note) <= 100),
  primary key (restaurant_id, day),
  check ((from_minute is null) = (to_minute is null))
);

-- Guests follow at once: the restaurant list and order/create read holidays from the catalogue.
create trigger restaurant_holidays_bump_catalogue_version after insert or update or delete or truncate on restaurant_holidays
  for each statement execute function bump_catalogue_version();
