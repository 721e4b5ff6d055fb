-- Housekeeping (src/maintenance.ts) deletes, every 10 minutes on every instance, what no request
-- reads any more, in batches found by these columns. Without an index each batch read its whole
-- table: rate_limits grows by a row per key and window, a script's pile included (issue 11).
create index rate_limits_window_start on rate_limits (window_start);
create index captchas_expires_at on captchas (expires_at);
create index auth_codes_expires_at on auth_codes (expires_at);
create index inbound_checks_expires_at on inbound_checks (expires_at);
create index sessions_revoked_at on sessions (revoked_at) where revoked_at is not null;
