-- 034 (issue 31): a manager orders the dishes of a category (dishes.sort, which guests' menus
-- and the stop list already follow). The order is one thing with one version, the category's
-- `dish_order_version`, apart from the category's own `version` (its name and hiding): an order
-- sent over an older one is refused (409), and a form open on the category's name is not.
-- Whatever changes which dishes a category holds or their order moves it — a reorder, a dish
-- added, moved to another category, archived, brought back or deleted, a catalogue import —
-- by the triggers below, in the change's own statement, so no path can forget it.
alter table categories add column dish_order_version integer not null default 1;

create function bump_dish_order_version() returns trigger
language plpgsql as $$
declare
  moved integer[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct category_id) into moved from new_dishes;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct category_id) into moved from old_dishes;
  else
    select array_agg(distinct category_id) into moved from (
      select old_dishes.category_id from old_dishes join new_dishes using (id)
        where old_dishes.sort is distinct from new_dishes.sort
           or old_dishes.category_id is distinct from new_dishes.category_id
           or old_dishes.archived_at is distinct from new_dishes.archived_at
      union
      select new_dishes.category_id from old_dishes join new_dishes using (id)
        where old_dishes.sort is distinct from new_dishes.sort
           or old_dishes.category_id is distinct from new_dishes.category_id
           or old_dishes.archived_at is distinct from new_dishes.archived_at
    ) changed;
  end if;
  -- Only when a category's list moved: an update of categories would bump the catalogue version once more.
  if moved is not null then
    update categories set dish_order_version = dish_order_version + 1 where id = any (moved);
  end if;
  return null;
end;
$$;

create trigger dishes_insert_bump_dish_order after insert on dishes
  referencing new table as new_dishes for each statement execute function bump_dish_order_version();
create trigger dishes_update_bump_dish_order after update on dishes
  referencing old table as old_dishes new table as new_dishes for each statement execute function bump_dish_order_version();
create trigger dishes_delete_bump_dish_order after delete on dishes
  referencing old table as old_dishes for each statement execute function bump_dish_order_version();
