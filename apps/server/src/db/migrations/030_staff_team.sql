-- 030 (issue 31, the back office's team): a staff session remembers the device it was opened on
-- (its browser's User-Agent, cut to 300 characters) and when it was last used (touched at most
-- once a minute), so a chain manager can tell an account's sessions apart and end one.
alter table staff_sessions add column user_agent text not null default '' check (length(user_agent) <= 300);
alter table staff_sessions add column last_seen_at timestamptz not null default now();
