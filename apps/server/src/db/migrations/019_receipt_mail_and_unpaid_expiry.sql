-- 019: the receipt e-mailed once an order is paid, and unpaid orders that expire (decision 032).
--
-- A paid order whose guest asked for the receipt by e-mail (emailsend, email) is due its letter:
-- the payment's settle sets receipt_due_at in its own transaction (a plain column, so the payment
-- never waits for or fails with the mail service), and the letter is sent after the commit, by
-- the request that settled it and then by the payment worker of any instance. receipt_due_at is
-- when the order may be taken next (a taker moves it on by its lease, a failure by the retry's
-- wait), receipt_attempts counts the takes and is the lease's token, receipt_sent_at records the
-- letter the mail service accepted. receipt_due_at is null once sent, or given up.
alter table orders add column receipt_due_at timestamptz;
alter table orders add column receipt_attempts integer not null default 0 check (receipt_attempts >= 0);
alter table orders add column receipt_sent_at timestamptz;
create index orders_receipt_due on orders (receipt_due_at) where receipt_due_at is not null;

-- Housekeeping reads the orders still awaiting payment, by id, to cancel those whose time to pay
-- is over; the index holds only them, so the orders of the past cost nothing.
create index orders_awaiting_payment on orders (id) where status = 10 and not paid;

-- The sandbox's mail service (SANDBOX=1): the letter's Message-Id as the sender set it, and a
-- faults switch (its next `remaining` messages answer HTTP 503).
alter table sandbox_outbox add column message_id text;
create table sandbox_mail_faults (
  id        boolean primary key default true check (id),
  remaining integer not null check (remaining >= 0)
);
