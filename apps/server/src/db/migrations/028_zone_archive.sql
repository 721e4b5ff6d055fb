-- 028 (issue 31): a delivery zone that orders name is archived, never deleted — orders keep
-- pointing at it (orders.zone_id, delivery_quotes.zone_id) for history, receipts and reports,
-- while guests' maps and delivery checks no longer see it. Zones are edited by managers in the
-- back office; every change bumps the catalogue version (migration 003's trigger on
-- delivery_zones), so guests' maps and delivery checks follow at once.
alter table delivery_zones add column archived_at timestamptz;
