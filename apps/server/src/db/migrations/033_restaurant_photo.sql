-- 033 (issue 31, decision 052): a restaurant's photo, uploaded in the back office as a dish's is.
--
-- The photos managers upload — a dish's, now a restaurant's — are one store: the server's own
-- JPEG of each (decision 041), named by its content hash, served at /media/uploads/{name} and made
-- into renditions at /photos/… (decision 034). Migration 025 named it for the menu alone.
alter table menu_photos rename to uploaded_photos;

-- What guests see of the restaurant: '' for none, else a picture under /media/ (an uploaded one:
-- /media/uploads/{name}). Saved with the restaurant (its version, its audit row); the restaurants'
-- catalogue trigger (migration 003) moves guests' lists at once.
alter table restaurants add column img text not null default '' check (length(img) <= 200);
