-- 008: restaurant load (SPEC 3 Load info, decision 014). How many cook-minutes the restaurant's
-- kitchen does in an hour: the load is the cook-minutes of the hour over it. 360 is six cooks'
-- hour, the chain's default (DEFAULT_KITCHEN_CAPACITY in packages/domain).
alter table restaurants add column kitchen_capacity integer not null default 360 check (kitchen_capacity > 0);
