-- 004: account deletion (SPEC 7 user/drop_account, decision 009). A deleted account keeps its
-- users row as a tombstone — contacts and profile emptied, deleted_at set — so the orders the
-- restaurant must keep for its books can go on referring to the user number without any
-- personal data. The tombstone has no phone or e-mail, so signing in again with the same
-- contact makes a new user.

alter table users add column deleted_at timestamptz;
