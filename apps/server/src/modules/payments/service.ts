import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CardBinding, PaymentCheckStatus, PaymentSbpResponse, PaymentStartResponse } from '@chain/contract';
import { ORDER_STATUS } from '@chain/domain';
import type { Providers } from '../../adapters';
import { AcquirerRefusal, type AcquirerOrderStatus } from '../../adapters/acquiring/types';
import { ProviderError } from '../../adapters/http';
import type { Database, PayMethod } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import {
  findPaymentByProviderId,
  findPayableOrder,
  findUserBinding,
  insertPayment,
  listUserBindings,
  paymentsOf,
  replaceUserBindings,
  reusablePayment,
  type PayableOrder,
  type PaymentRow,
} from './repository';
import { settlePayment, type PaymentOutcome, type SettleResult } from './settle';

export const ORDER_NOT_FOUND = 'Заказ не найден.';
/** SPEC 8: the app shows it in the 'Ошибка' dialog. */
export const PAYMENT_INIT_FAILED = 'Ошибка инициализации платежа. Попробуйте ещё раз или выберите другой способ оплаты.';
export const BINDING_DECLINED = 'Банк отклонил оплату сохранённой картой. Попробуйте другую карту.';
export const BINDING_NEEDS_AUTHENTICATION = 'Банк просит подтвердить оплату этой картой. Оплатите через форму банка.';

/** A card form stays usable this long at the bank (register.do sessionTimeoutSecs is 1200). */
const CARD_FORM_REUSE_SECONDS = 15 * 60;
/** An SBP QR is reused this long. */
const SBP_QR_REUSE_SECONDS = 10 * 60;

export interface PaymentsDependencies {
  db: Kysely<Database>;
  providers: Providers;
  log: FastifyBaseLogger;
  /** The origin guests open: the bank returns them to {origin}/payment?order_id=… */
  publicOrigin: () => string;
}

/**
 * The payment rules of SPEC 4 and 7 (decision 011): what may be paid, how a payment starts at
 * the acquirer, and what the payment check answers. Every outcome goes through settlePayment.
 */
export class PaymentsService {
  /** Bank queries in flight on this instance, by payment: parallel checks share one. */
  readonly #inFlight = new Map<number, Promise<SettleResult | null>>();

  constructor(private readonly deps: PaymentsDependencies) {}

  /**
   * The order, when `userId` may pay it: its own user, or anyone for a kiosk order (no user)
   * unless `ownOnly` (card payments: SPEC 6, a kiosk pays by SBP only). Anything else is the
   * 404 of an unknown order, so another guest's order is not even confirmed to exist.
   */
  async orderFor(orderId: number, userId: number | null, fsUid: string | undefined, ownOnly = false): Promise<PayableOrder> {
    const order = await findPayableOrder(this.deps.db, orderId);
    const allowed = order && (order.userId === null ? !ownOnly : order.userId === userId);
    if (!order || !allowed || (fsUid !== undefined && fsUid !== order.fsUid)) {
      throw notFound(ORDER_NOT_FOUND, 'order_not_found');
    }
    return order;
  }

  /** POST payment/start: the card form, or a saved card charged at once. */
  async startCard(order: PayableOrder, userId: number, bindingId: string | undefined, ip: string): Promise<PaymentStartResponse> {
    const payable = await this.payable(order);
    if (bindingId !== undefined) return this.payWithSavedCard(payable, userId, bindingId, ip);

    const reusable = await reusablePayment(this.deps.db, payable.id, 'card', payable.sum, CARD_FORM_REUSE_SECONDS);
    if (reusable?.form_url) return { formUrl: reusable.form_url, errorMessage: '' };

    const registered = await this.register(payable, 'card', String(userId));
    if (!registered) return { formUrl: null, errorMessage: PAYMENT_INIT_FAILED };
    await insertPayment(this.deps.db, { orderId: payable.id, method: 'card', providerId: registered.providerOrderId, amount: payable.sum, formUrl: registered.formUrl });
    return { formUrl: registered.formUrl, errorMessage: '' };
  }

  /** POST payment/sbp: bank apps and the default link on a phone, the QR alone on a kiosk. */
  async startSbp(order: PayableOrder): Promise<PaymentSbpResponse> {
    const payable = await this.payable(order);
    let payload = (await reusablePayment(this.deps.db, payable.id, 'sbp', payable.sum, SBP_QR_REUSE_SECONDS))?.sbp_payload ?? null;
    if (!payload) {
      const registered = await this.register(payable, 'sbp');
      if (!registered) return { variants: [], paymentUrl: null, qrPayload: null, errorMessage: PAYMENT_INIT_FAILED };
      try {
        payload = (await this.deps.providers.sbp.createQr(registered.providerOrderId)).payload;
      } catch (error) {
        // The registered order is left to expire at the bank: nobody can pay it without a QR.
        this.logBankFailure(error, payable.id, 'sbp qr');
        return { variants: [], paymentUrl: null, qrPayload: null, errorMessage: PAYMENT_INIT_FAILED };
      }
      await insertPayment(this.deps.db, { orderId: payable.id, method: 'sbp', providerId: registered.providerOrderId, amount: payable.sum, sbpPayload: payload });
    }
    const sbp = this.deps.providers.sbp;
    if (payable.source === 'kiosk') return { variants: [], paymentUrl: null, qrPayload: payload, errorMessage: '' };
    return { variants: sbp.variants(payload), paymentUrl: sbp.defaultLink(payload), qrPayload: payload, errorMessage: '' };
  }

  /** POST payment/bindings: the bank's list, kept as the cache; the cache when the bank is silent. */
  async bindings(userId: number): Promise<CardBinding[]> {
    try {
      const cards = await this.deps.providers.acquiring.bindings(String(userId));
      await replaceUserBindings(this.deps.db, userId, cards);
      return cards;
    } catch (error) {
      if (!(error instanceof ProviderError || error instanceof AcquirerRefusal)) throw error;
      this.deps.log.warn({ err: error, userId }, 'acquirer bindings unavailable: answering the saved list');
      return listUserBindings(this.deps.db, userId);
    }
  }

  /** The check's answer for an order already found (and its access checked). */
  async statusOf(order: { id: number; paid: boolean; status: number }): Promise<PaymentCheckStatus> {
    if (order.paid) return 'ok';
    if (order.status === ORDER_STATUS.cancelled) return 'fail';
    const payments = await paymentsOf(this.deps.db, order.id);
    for (const payment of payments) {
      if (payment.status !== 'pending') continue;
      const settled = await this.refreshShared(payment, order.id);
      if (settled?.orderPaid) return 'ok';
      if (settled) payment.status = settled.paymentStatus;
    }
    const latest = payments[0];
    if (!latest) return 'pending';
    if (latest.status === 'declined' || latest.status === 'refused') return 'fail';
    return 'pending';
  }

  /** The bank's callback for one of our orders: its status is read from the bank, not the callback. */
  async bankNotified(providerOrderId: string): Promise<SettleResult | null> {
    const payment = await findPaymentByProviderId(this.deps.db, providerOrderId);
    if (!payment) return null;
    return this.refresh(payment);
  }

  /** Asks the bank what became of a payment and settles it; pending stays pending. */
  async refresh(payment: PaymentRow): Promise<SettleResult> {
    const bank = await this.deps.providers.acquiring.orderStatus(payment.provider_id);
    const outcome = outcomeOf(bank);
    if (!outcome) return { paymentStatus: payment.status, orderPaid: false, changed: false };
    return settlePayment(this.deps.db, this.deps.log, payment.id, outcome);
  }

  /**
   * The order after a last look at its pending payments (a lost callback is picked up here, so
   * a guest who paid is not charged twice), refused when it cannot be paid.
   */
  private async payable(order: PayableOrder): Promise<PayableOrder> {
    for (const payment of await paymentsOf(this.deps.db, order.id)) {
      if (payment.status !== 'pending') continue;
      await this.refresh(payment).catch((error: unknown) => this.logBankFailure(error, order.id, 'status'));
    }
    const fresh = await findPayableOrder(this.deps.db, order.id);
    if (!fresh) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
    if (fresh.paid) throw conflict('Заказ уже оплачен.', 'order_paid');
    if (fresh.status === ORDER_STATUS.cancelled) throw conflict('Заказ отменён, оплата невозможна.', 'order_cancelled');
    if (fresh.status >= ORDER_STATUS.done) throw conflict('Заказ уже выполнен, оплата невозможна.', 'order_done');
    if (fresh.sum <= 0) throw conflict('Заказ не требует оплаты.', 'order_free');
    return fresh;
  }

  private async payWithSavedCard(order: PayableOrder, userId: number, bindingId: string, ip: string): Promise<PaymentStartResponse> {
    const binding = await findUserBinding(this.deps.db, userId, bindingId);
    if (!binding) throw notFound('Карта не найдена.', 'binding_not_found');
    const registered = await this.register(order, 'card', String(userId));
    if (!registered) return { formUrl: null, errorMessage: PAYMENT_INIT_FAILED, status: 'fail' };
    const payment = await insertPayment(this.deps.db, {
      orderId: order.id,
      method: 'card',
      providerId: registered.providerOrderId,
      amount: order.sum,
      bindingId,
    });
    let charged;
    try {
      charged = await this.deps.providers.acquiring.payWithBinding({ providerOrderId: registered.providerOrderId, bindingId, ip });
    } catch (error) {
      // The bank may or may not have charged the card: the payment stays pending and the check finds out.
      this.logBankFailure(error, order.id, 'binding payment');
      return { formUrl: this.returnUrl(order.id), errorMessage: '', status: 'pending' };
    }
    if (charged.outcome === 'refused') {
      await settlePayment(this.deps.db, this.deps.log, payment.id, { kind: 'declined', reason: charged.reason });
      return { formUrl: null, errorMessage: BINDING_DECLINED, status: 'fail' };
    }
    if (charged.outcome === 'needs-authentication') {
      // Left pending: the bank declines it when its 3-D Secure wait ends.
      return { formUrl: null, errorMessage: BINDING_NEEDS_AUTHENTICATION, status: 'fail' };
    }
    const settled = await this.refresh(payment).catch((error: unknown) => {
      this.logBankFailure(error, order.id, 'status');
      return null;
    });
    if (settled?.orderPaid) return { formUrl: this.returnUrl(order.id), errorMessage: '', status: 'ok' };
    if (settled?.paymentStatus === 'declined' || settled?.paymentStatus === 'refused') {
      return { formUrl: null, errorMessage: BINDING_DECLINED, status: 'fail' };
    }
    return { formUrl: this.returnUrl(order.id), errorMessage: '', status: 'pending' };
  }

  /** Registers the order at the bank for its own sum; null (logged) when the bank refuses or is silent. */
  private async register(order: PayableOrder, method: PayMethod, clientId?: string) {
    try {
      return await this.deps.providers.acquiring.register({
        // Unique per registration: a declined order is paid again under a new number.
        orderNumber: `${order.id}-${randomBytes(3).toString('hex')}`,
        amount: order.sum,
        returnUrl: this.returnUrl(order.id),
        failUrl: `${this.returnUrl(order.id)}&failed=1`,
        description: `Заказ ${order.znumber}, ${order.restaurantName}${method === 'sbp' ? ' (СБП)' : ''}`.slice(0, 99),
        ...(clientId ? { clientId } : {}),
      });
    } catch (error) {
      this.logBankFailure(error, order.id, 'register');
      return null;
    }
  }

  /** The web app's payment page, which polls payment/check (the bank appends its own orderId). */
  private returnUrl(orderId: number): string {
    return `${this.deps.publicOrigin()}/payment?order_id=${orderId}`;
  }

  /** refresh, shared by the checks that ask about the same payment at the same time; null when the bank is silent. */
  private refreshShared(payment: PaymentRow, orderId: number): Promise<SettleResult | null> {
    const running = this.#inFlight.get(payment.id);
    if (running) return running;
    const query = this.refresh(payment)
      .catch((error: unknown) => {
        this.logBankFailure(error, orderId, 'status');
        return null;
      })
      .finally(() => this.#inFlight.delete(payment.id));
    this.#inFlight.set(payment.id, query);
    return query;
  }

  private logBankFailure(error: unknown, orderId: number, step: string): void {
    if (error instanceof ProviderError || error instanceof AcquirerRefusal) {
      this.deps.log.warn({ err: error, orderId, step }, 'acquirer failed');
      return;
    }
    throw error;
  }
}

/** What a bank status means for our payment; null while the guest is still paying. */
export function outcomeOf(bank: AcquirerOrderStatus): PaymentOutcome | null {
  switch (bank.state) {
    case 'deposited':
    case 'held':
      return { kind: 'paid', amount: bank.amount, card: bank.card };
    case 'declined':
    case 'reversed':
    case 'refunded':
      return { kind: 'declined', reason: bank.reason || bank.state };
    default:
      return null;
  }
}
