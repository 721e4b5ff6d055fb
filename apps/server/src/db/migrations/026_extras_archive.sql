-- 026 (issue 31): the back office edits the cutlery and the recommended items. Orders name them
-- (order_items.item_id of kind cutlery / recommended), so a manager archives one instead of
-- deleting it: archived rows are offered to no guest and no new order, and history keeps reading
-- them. One live recommendation per dish, so a cart never lists a dish twice. Both tables bump the
-- catalogue version already (migration 007's triggers).
alter table cutlery_items add column archived_at timestamptz;
alter table recommended_items add column archived_at timestamptz;
create unique index recommended_items_one_live_per_dish on recommended_items (dish_id) where archived_at is null;
