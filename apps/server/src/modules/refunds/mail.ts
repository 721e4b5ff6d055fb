import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '@chain/domain';
import { ProviderError } from '../../adapters/http';
import { EMAIL_CALL_TIMEOUT_MS, type EmailSender } from '../../adapters/email/types';
import type { Database } from '../../db/types';
import { MAX_RECEIPT_ATTEMPTS, retryDelaySeconds } from '../payments';
import { findRefundLetterOrder, renewRefundMailLease, retryRefundMailLater, saveRefundMailSent, takeDueRefundMail, type RefundMailRow } from './repository';

/**
 * The guest's letter about a refund (issue 31, decision 050), as the receipt's letter goes
 * (decision 032): a refund the bank returned is marked due its letter in the transaction that
 * records it (when the order has an e-mail), the letter goes after the commit — from the request
 * or worker run that recorded it, then from the payment worker until the mail service takes it —
 * under a lease (mail_attempts, the token), so it is sent once; its Message-Id is `refund-{id}`.
 */
export interface RefundMailDeps {
  db: Kysely<Database>;
  email: EmailSender;
  log: FastifyBaseLogger;
  stopping?: () => boolean;
}

/** A taken letter is left to its taker this long: twice the mail service's timeout. */
const MAIL_LEASE_SECONDS = (2 * EMAIL_CALL_TIMEOUT_MS) / 1000;
const RUN_LIMIT = 20;

/** The letter's words: which order, how much, where the money goes. */
export function refundLetter(order: { znumber: string; restaurant_name: string; pay_method: 'card' | 'sbp' }, refund: { amount: number; full_cancel: boolean }) {
  const to = order.pay_method === 'card' ? 'на карту, которой он был оплачен' : 'на счёт, с которого он был оплачен по СБП';
  const what = refund.full_cancel ? `Заказ № ${order.znumber} в ресторане «${order.restaurant_name}» отменён.` : `По заказу № ${order.znumber} в ресторане «${order.restaurant_name}» возвращена часть позиций.`;
  const text = [what, `Мы вернули ${formatMoney(refund.amount)} ${to}.`, 'Банк зачисляет возврат обычно в течение нескольких дней.', '', 'Если у вас есть вопросы, ответьте на это письмо.'].join('\n');
  return { subject: `Возврат ${formatMoney(refund.amount)} по заказу № ${order.znumber}`, text };
}

/** Sends the letters due (or only `refundId`'s), one at a time; a mail service failing now ends the run. */
export async function sendDueRefundMail(deps: RefundMailDeps, refundId?: number): Promise<{ refundId: number; result: 'sent' | 'taken_over' | 'retry' | 'gave_up' }[]> {
  const reports: { refundId: number; result: 'sent' | 'taken_over' | 'retry' | 'gave_up' }[] = [];
  const tries = refundId === undefined ? RUN_LIMIT : 1;
  for (let index = 0; index < tries; index++) {
    if (deps.stopping?.()) break;
    const refund = await takeDueRefundMail(deps.db, refundId, MAIL_LEASE_SECONDS);
    if (!refund) break;
    const result = await sendOne(deps, refund);
    reports.push({ refundId: refund.id, result });
    if (result === 'retry' || result === 'gave_up') break;
  }
  return reports;
}

async function sendOne(deps: RefundMailDeps, refund: RefundMailRow): Promise<'sent' | 'taken_over' | 'retry' | 'gave_up'> {
  const order = await findRefundLetterOrder(deps.db, refund.order_id);
  if (!order || order.email === '') {
    await retryRefundMailLater(deps.db, refund, null);
    return 'gave_up';
  }
  const letter = refundLetter(order, refund);
  if (!(await renewRefundMailLease(deps.db, refund, MAIL_LEASE_SECONDS))) return 'taken_over';
  try {
    await deps.email.send({ to: order.email, ...letter, key: `refund-${refund.id}` });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const last = refund.mail_attempts >= MAX_RECEIPT_ATTEMPTS;
    await retryRefundMailLater(deps.db, refund, last ? null : retryDelaySeconds(refund.mail_attempts));
    if (last) deps.log.error({ err: error, refundId: refund.id }, 'mail service failed every try: the refund letter was not sent (the order page tells it)');
    else deps.log.warn({ err: error, refundId: refund.id }, 'mail service failed; the refund letter is sent again later');
    return last ? 'gave_up' : 'retry';
  }
  await saveRefundMailSent(deps.db, refund.id);
  deps.log.info({ refundId: refund.id, orderId: refund.order_id }, 'refund letter e-mailed');
  return 'sent';
}
