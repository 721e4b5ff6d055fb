-- 005: the sandbox's inbound-call provider keeps its checks here, so that every instance
-- (and the guest's simulated call at POST /sandbox/inbound-call) sees the same state.
-- Used only with SANDBOX=1.
create table sandbox_inbound_checks (
  check_id   text primary key,
  phone      text not null,
  call_phone text not null,
  status     text not null default 'pending' check (status in ('pending', 'confirmed', 'expired')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sandbox_inbound_checks_phone on sandbox_inbound_checks (phone, created_at desc);
