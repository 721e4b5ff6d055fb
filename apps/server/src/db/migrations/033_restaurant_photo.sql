-- 033 (issue 31, decision 052): a restaurant's photo, uploaded in the back office as a dish's is.
--
-- The photos managers upload — a dish's, now a restaurant's — are one store: the server's own
-- JPEG of each (decision 041), named by its content hash, served at /media/uploads/{name} and made
-- into renditions at /photos/… (decision 034): table menu_photos, named by migration 025 for the
-- menu alone. It keeps its name: the previous release reads it while a rolling deploy runs both
-- (expand, then contract: docs/operations.md).

-- What guests see of the restaurant: '' for none, else a picture under /media/ (an uploaded one:
-- /media/uploads/{name}). Saved with the restaurant (its version, its audit row); the restaurants'
-- catalogue trigger (migration 003) moves guests' lists at once.
alter table restaurants add column img text not null default '' check (length(img) <= 200);
