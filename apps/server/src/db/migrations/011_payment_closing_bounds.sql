-- 011: bounds on closing payments at the bank, and the money kept chosen by the order itself
-- (issue 11.1, decision 016).
--
-- needs_operator: closing a payment at the bank (decline, reversal, refund) failed at every one
-- of its tries (the bank cannot find the order, keeps refusing a decline, or stays silent):
-- the worker stops retrying it and an operator finishes it (logged as an error; `failure` says
-- what it was and why it stopped).
alter table payments drop constraint payments_status_check;
alter table payments add constraint payments_status_check check (status in (
  'registering', 'pending', 'paid', 'declined', 'cancelling', 'cancelled', 'refund_due', 'refunded', 'refund_failed',
  'needs_operator'
));

-- The sandbox's faults switch can also make a bank that is slow instead of unavailable: the
-- next `remaining` calls of a method answer after delay_ms (0: they answer HTTP 503).
alter table sandbox_acquiring_faults add column delay_ms integer not null default 0 check (delay_ms between 0 and 60000);

-- The money an order keeps is the payment the order itself names (issue 11.1), not the one
-- that happens to have the earliest updated_at (migration 010's choice): of an order's paid
-- payments, and those 010 set to refund_due as paid again and not yet asked back, the one of the
-- order's pay_method recorded paid when the order was (paid_at; the settle wrote both in one
-- transaction) stays paid, every other goes back. Every paid payment of an order that is not
-- paid (cancelled before the money came, or left unpaid by a fault) goes back too.
with candidates as (
  select p.id,
         o.paid and row_number() over (
           partition by p.order_id
           order by (p.method = o.pay_method) desc nulls last,
                    abs(extract(epoch from (p.updated_at - o.paid_at))) nulls last,
                    p.updated_at, p.id
         ) = 1 as kept,
         o.paid as order_paid
    from payments as p
    join orders as o on o.id = p.order_id
   where p.status = 'paid'
      or (p.status = 'refund_due' and p.attempts = 0 and p.failure = 'the order was already paid by another payment')
)
update payments as p
   set status = case when c.kept then 'paid' else 'refund_due' end,
       failure = case when c.kept then null
                      when c.order_paid then 'the order was already paid by another payment'
                      else 'the order is not paid' end,
       next_attempt_at = case when c.kept then null else now() end
  from candidates as c
 where c.id = p.id
   and p.status <> case when c.kept then 'paid' else 'refund_due' end;
