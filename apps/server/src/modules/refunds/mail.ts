import { formatMoney } from '@chain/domain';
import { ProviderError } from '../../adapters/http';
import type { EmailSender } from '../../adapters/email/types';
import { failedTry, renewLease, retryLater, runOutbox, type OutboxDeps } from '../../db/leased-outbox';
import { RECEIPT_POLICY } from '../payments';
import {
  findRefundLetterOrder,
  REFUND_MAIL_OUTBOX,
  saveRefundMailSent,
  takeDueRefundMail,
  type RefundMailRow,
} from './repository';

/**
 * The guest's letter about a refund (issue 31, decision 050), as the receipt's letter goes
 * (decision 032): a refund the bank returned is marked due its letter in the transaction that
 * records it (when the order has an e-mail), the letter goes after the commit — from the request
 * or worker run that recorded it, then from the payment worker until the mail service takes it —
 * under a lease (mail_attempts, the token), so it is sent once; its Message-Id is `refund-{id}`.
 */
export interface RefundMailDeps extends OutboxDeps {
  email: EmailSender;
}

/** The letter's words: which order, how much, where the money goes. */
export function refundLetter(
  order: { znumber: string; restaurant_name: string; pay_method: 'card' | 'sbp' },
  refund: { amount: number; full_cancel: boolean },
) {
  const to =
    order.pay_method === 'card' ? 'на карту, которой он был оплачен' : 'на счёт, с которого он был оплачен по СБП';
  const what = refund.full_cancel
    ? `Заказ № ${order.znumber} в ресторане «${order.restaurant_name}» отменён.`
    : `По заказу № ${order.znumber} в ресторане «${order.restaurant_name}» возвращена часть позиций.`;
  const text = [
    what,
    `Мы вернули ${formatMoney(refund.amount)} ${to}.`,
    'Банк зачисляет возврат обычно в течение нескольких дней.',
    '',
    'Если у вас есть вопросы, ответьте на это письмо.',
  ].join('\n');
  return { subject: `Возврат ${formatMoney(refund.amount)} по заказу № ${order.znumber}`, text };
}

type RefundMailResult = 'sent' | 'taken_over' | 'retry' | 'gave_up';

/** Sends the letters due (or only `refundId`'s), one at a time; a mail service failing now ends the run. */
export async function sendDueRefundMail(
  deps: RefundMailDeps,
  refundId?: number,
): Promise<{ refundId: number; result: RefundMailResult }[]> {
  const done = await runOutbox({
    id: refundId,
    stopping: deps.stopping,
    take: (id) => takeDueRefundMail(deps.db, id, RECEIPT_POLICY.leaseSeconds),
    work: (refund) => sendOne(deps, refund),
  });
  return done.map(({ row, result }) => ({ refundId: row.id, result }));
}

async function sendOne(deps: RefundMailDeps, refund: RefundMailRow): Promise<RefundMailResult> {
  const order = await findRefundLetterOrder(deps.db, refund.order_id);
  if (!order || order.email === '') {
    await retryLater(deps.db, REFUND_MAIL_OUTBOX, refund, null);
    return 'gave_up';
  }
  const letter = refundLetter(order, refund);
  if (!(await renewLease(deps.db, REFUND_MAIL_OUTBOX, refund, RECEIPT_POLICY.leaseSeconds))) return 'taken_over';
  try {
    await deps.email.send({ to: order.email, ...letter, key: `refund-${refund.id}` });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const next = await failedTry(deps.db, REFUND_MAIL_OUTBOX, refund, RECEIPT_POLICY.maxAttempts);
    if (next === 'gave_up')
      deps.log.error(
        { err: error, refundId: refund.id },
        'mail service failed every try: the refund letter was not sent (the order page tells it)',
      );
    else
      deps.log.warn({ err: error, refundId: refund.id }, 'mail service failed; the refund letter is sent again later');
    return next;
  }
  await saveRefundMailSent(deps.db, refund.id);
  deps.log.info({ refundId: refund.id, orderId: refund.order_id }, 'refund letter e-mailed');
  return 'sent';
}
