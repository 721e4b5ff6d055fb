-- 035 (issue 30.5, decision 061): the sandbox's captcha service (SANDBOX=1 only), the counterpart
-- of Yandex SmartCaptcha's check. The tokens its stand-in widget issued, each good for one check
-- within 5 minutes, and a faults switch (its next `remaining` checks answer HTTP 503).
create table sandbox_smartcaptcha_tokens (
  token      text primary key,
  host       text not null,
  expires_at timestamptz not null,
  used_at    timestamptz
);

create table sandbox_smartcaptcha_faults (
  id        boolean primary key default true check (id),
  remaining integer not null check (remaining >= 0)
);
