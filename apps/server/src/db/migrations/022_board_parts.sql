-- 022 (issue 30 point 1): a staff board reads its restaurant's orders in three parts, each
-- bounded on its own (modules/staff-board, packages/domain BOARD_LIMITS), so unpaid orders never
-- push paid ones off it.

-- The kitchen's part: every paid, unfinished order of a restaurant. The index holds only those,
-- so however many unpaid orders there are, reading them costs nothing more.
create index orders_board_paid on orders (restaurant_id, created_at) where paid and status < 50 and not delayed;

-- The other two: paid orders finished lately, and unpaid ones placed or cancelled lately, found
-- by the time their status last changed, so the board does not read the restaurant's history.
create index orders_restaurant_changed on orders (restaurant_id, status_changed_at);
