-- 007: what order placing reads from the catalogue snapshot (cutlery, recommended items and
-- tables) bumps the catalogue version too, so the snapshot kept per version stays exact.
create trigger cutlery_items_bump_catalogue_version after insert or update or delete or truncate on cutlery_items
  for each statement execute function bump_catalogue_version();
create trigger recommended_items_bump_catalogue_version after insert or update or delete or truncate on recommended_items
  for each statement execute function bump_catalogue_version();
create trigger restaurant_tables_bump_catalogue_version after insert or update or delete or truncate on restaurant_tables
  for each statement execute function bump_catalogue_version();
