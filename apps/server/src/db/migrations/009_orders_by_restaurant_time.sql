-- 009: the restaurant-load forecast (decision 014) reads a restaurant's orders by the time they
-- were placed and the time they are due.
create index orders_restaurant_created on orders (restaurant_id, created_at);
create index orders_restaurant_ready on orders (restaurant_id, ready_at) where ready_at is not null;
