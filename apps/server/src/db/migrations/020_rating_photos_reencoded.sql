-- Decision 041: a rating photo is kept as the server encoded it again (a JPEG of at most 1600 px,
-- no metadata), never as it came. Photos kept before were stored as uploaded: they are marked
-- false here, and the first read makes each one again the same way, or refuses to serve it.
-- One that cannot be made again is marked refused once, kept for an operator, and never decoded
-- again on a later read.
alter table rating_photos add column reencoded boolean not null default false;
alter table rating_photos add column refused boolean not null default false;
