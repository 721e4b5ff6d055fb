-- 029 (issue 31): coupons a manager creates in the back office.
-- A coupon takes either a percent (as before) or a fixed amount off the order sum (kopecks); a
-- coupon may be limited to a number of uses in total (orders that applied it and were not
-- cancelled, counted under the coupon row's lock by order/create); and it keeps when it was made.
-- Codes are kept as the guest's coupon field reads them: upper case without spaces.
alter table coupons alter column percent drop not null;
alter table coupons add column amount integer check (amount > 0);
alter table coupons add constraint coupons_percent_or_amount check ((percent is null) <> (amount is null));
alter table coupons add column max_uses integer check (max_uses > 0);
alter table coupons add column created_at timestamptz not null default now();
