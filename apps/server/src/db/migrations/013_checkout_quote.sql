-- Issue 12: one checkout quote for the cart screen and the server.
--
-- A coupon below its minimum sum is not applied: the order is charged without it and keeps the
-- coupon it was asked with, marked as not applied (no coupon_uses row, so a one-time coupon is
-- not spent). Orders placed before this migration applied every coupon they record.
alter table orders add column coupon_applied boolean not null default true;

-- A delivery quote (order/delivery) is tied to what it priced: the restaurant, the zone, the
-- cart with its extras and the delivery date and time, as one fingerprint. order/create with the
-- quote's uuid charges its delivery sum only while the fingerprint matches and the quote lives.
-- Quotes written before this migration have no fingerprint and are never taken.
alter table delivery_quotes add column fingerprint text not null default '';
-- The base free delivery was measured against (dishes, cutlery and recommended items, kopecks).
alter table delivery_quotes add column order_sum integer not null default 0;
