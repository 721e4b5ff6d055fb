import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CardBinding, PaymentCheckStatus, PaymentSbpResponse, PaymentStartResponse } from '@chain/contract';
import { ORDER_STATUS, PAYMENT_INIT_FAILED_MESSAGE, PAYMENT_TIME_OVER_MESSAGE, showsPayButton } from '@chain/domain';
import type { Providers } from '../../adapters';
import { AcquirerRefusal, BANK_ORDER_LIFETIME_SECONDS } from '../../adapters/acquiring/types';
import { ProviderError } from '../../adapters/http';
import type { Database, PaymentStatus, PayMethod } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { type KioskOrder, opensKioskOrder } from '../kiosk';
import { ORDER_NOT_FOUND } from '../order-history';
import { closeDuePayments } from './closing';
import { pastTimeToPay } from './expiry';
import { sendDueReceipts } from './receipt-mail';
import { assignDueTips } from './tips';
import {
  attachBankOrder,
  claimPayment,
  CLAIM_TTL_SECONDS,
  findPayment,
  findPaymentByProviderId,
  findPayableOrder,
  findUserBinding,
  listUserBindings,
  openClaim,
  paymentsOf,
  releaseClaim,
  replaceUserBindings,
  type Claim,
  type ClaimedOrder,
  type PayableOrder,
  type PaymentRow,
  type PaymentWanted,
} from './repository';
import { outcomeOf, settlePayment, type PaymentOutcome, type SettleResult } from './settle';

export { ORDER_NOT_FOUND };
export const BINDING_DECLINED = 'Банк отклонил оплату сохранённой картой. Попробуйте другую карту.';
export const BINDING_NEEDS_AUTHENTICATION = 'Банк просит подтвердить оплату этой картой. Оплатите через форму банка.';

/**
 * A pending card form is given again this long: 5 minutes short of the bank's lifetime of its
 * order (20), so a guest given it still has time to type the card. A start after that registers
 * a new form and the old one is declined (decision 016).
 */
const CARD_FORM_REUSE_SECONDS = BANK_ORDER_LIFETIME_SECONDS - 5 * 60;
/** A pending SBP QR is given again this long: half the bank order's lifetime, as a kiosk shows it to guest after guest. */
const SBP_QR_REUSE_SECONDS = BANK_ORDER_LIFETIME_SECONDS / 2;
/** A start that waits for another caller's claim looks again after this, doubling up to the maximum. */
const CLAIM_POLL_FIRST_MS = 20;
const CLAIM_POLL_MAX_MS = 250;

/**
 * The check's answer for a payment that is the order's latest, on an order not paid (SPEC 4:
 * fail → 'Ошибка проведения платежа.' and pay again; anything else → poll on).
 */
const CHECK_ANSWER: Record<PaymentStatus, PaymentCheckStatus> = {
  registering: 'pending',
  pending: 'pending',
  paid: 'ok',
  declined: 'fail',
  cancelling: 'fail',
  cancelled: 'fail',
  refund_due: 'fail',
  refunded: 'fail',
  refund_failed: 'fail',
  needs_operator: 'fail',
};

export interface PaymentsDependencies {
  db: Kysely<Database>;
  providers: Providers;
  log: FastifyBaseLogger;
  /** The origin guests open: the bank returns them to {origin}/payment?order_id=… */
  publicOrigin: () => string;
  /** AUTH_SECRET: signs the receipt's link in the letter a paid order's guest asked for. */
  authSecret: string;
}

/** Who asks to pay an order: the signed-in guest, and the tokens a kiosk order answers to (decision 038). */
export interface PaymentCaller {
  userId: number | null;
  /** The token of the kiosk the order was placed at. */
  kioskToken?: string | undefined;
  /** The order's follow token. */
  followToken?: string | undefined;
}

/** The bank order a claimed payment got: its form, or its QR. */
interface Registration {
  providerId: string;
  formUrl?: string;
  sbpPayload?: string;
}

/**
 * The payment rules of SPEC 4 and 7 (decisions 011 and 016): what may be paid, how a payment
 * starts at the acquirer (one live bank order per kind and order), and what the payment check
 * answers. Every outcome goes through settlePayment; whatever the order does not keep is
 * closed at the bank right after (closing.ts), and the payment worker retries what is left.
 */
export class PaymentsService {
  /** Bank queries in flight on this instance, by payment: parallel checks share one. */
  readonly #inFlight = new Map<number, Promise<SettleResult | null>>();
  /** Closing, tips and receipt work started by this instance's requests; stop() waits for it. */
  readonly #closing = new Set<Promise<unknown>>();
  /** Set by stop(): no closing work starts, and a run in flight ends after its payment in hand. */
  #stopping = false;

  constructor(private readonly deps: PaymentsDependencies) {}

  /**
   * The order, when the caller may pay it: a guest's order its own user; a kiosk order (no user)
   * whoever shows its kiosk's token or its follow token (issue 30 point 7, decision 038), unless
   * `ownOnly` (card payments: SPEC 6, a kiosk pays by SBP only). Anything else is the 404 of an
   * unknown order, so neither another guest's order nor an unpaid kiosk order is even confirmed
   * to exist.
   */
  async orderFor(
    orderId: number,
    caller: PaymentCaller,
    fsUid: string | undefined,
    ownOnly = false,
  ): Promise<PayableOrder> {
    const order = await findPayableOrder(this.deps.db, orderId);
    const allowed =
      order &&
      (order.userId === null
        ? !ownOnly &&
          (await this.opensKioskOrder(
            {
              id: order.id,
              source: order.source,
              user_id: null,
              created_at: order.createdAt,
              kiosk_device_id: order.kioskDeviceId,
            },
            caller,
          ))
        : order.userId === caller.userId);
    if (!order || !allowed || (fsUid !== undefined && fsUid !== order.fsUid)) {
      throw notFound(ORDER_NOT_FOUND, 'order_not_found');
    }
    return order;
  }

  /** Whether the caller shows what this kiosk order answers to: its kiosk's token or its follow token. */
  opensKioskOrder(order: KioskOrder, caller: Omit<PaymentCaller, 'userId'>): Promise<boolean> {
    return opensKioskOrder(this.deps.db, this.deps.authSecret, order, caller);
  }

  /** POST payment/start: the card form, or a saved card charged at once. */
  async startCard(
    order: PayableOrder,
    userId: number,
    bindingId: string | undefined,
    ip: string,
  ): Promise<PaymentStartResponse> {
    const payable = await this.payable(order);
    if (bindingId !== undefined) return this.payWithSavedCard(payable, userId, bindingId, ip);
    const form = await this.liveForm(
      payable,
      { method: 'card', bindingId: null, reuseSeconds: CARD_FORM_REUSE_SECONDS },
      async () => {
        const registered = await this.register(payable, 'card', String(userId));
        return registered && { providerId: registered.providerOrderId, formUrl: registered.formUrl };
      },
    );
    if (!form?.form_url) return { formUrl: null, errorMessage: PAYMENT_INIT_FAILED_MESSAGE };
    return { formUrl: form.form_url, errorMessage: '' };
  }

  /** POST payment/sbp: bank apps and the default link on a phone, the QR alone on a kiosk. */
  async startSbp(order: PayableOrder): Promise<PaymentSbpResponse> {
    const payable = await this.payable(order);
    const qr = await this.liveForm(
      payable,
      { method: 'sbp', bindingId: null, reuseSeconds: SBP_QR_REUSE_SECONDS },
      async () => {
        const registered = await this.register(payable, 'sbp');
        if (!registered) return null;
        try {
          const created = await this.deps.providers.sbp.createQr(registered.providerOrderId);
          return { providerId: registered.providerOrderId, sbpPayload: created.payload };
        } catch (error) {
          this.logBankFailure(error, payable.id, 'sbp qr');
          // Nobody can pay it without a QR; declined so that it does not wait at the bank either.
          await this.declineQuietly(registered.providerOrderId, payable.id);
          return null;
        }
      },
    );
    const payload = qr?.sbp_payload;
    if (!payload) return { variants: [], paymentUrl: null, qrPayload: null, errorMessage: PAYMENT_INIT_FAILED_MESSAGE };
    const sbp = this.deps.providers.sbp;
    // The kiosk draws what a phone camera opens: the gateway's default link (the NSPK payload in
    // production; in the sandbox the sandbox bank's page, so a phone or a second browser pays it).
    if (payable.source === 'kiosk')
      return { variants: [], paymentUrl: null, qrPayload: sbp.defaultLink(payload), errorMessage: '' };
    return {
      variants: sbp.variants(payload),
      paymentUrl: sbp.defaultLink(payload),
      qrPayload: payload,
      errorMessage: '',
    };
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
    // Paid by a racing callback since the order was read: settle marks both in one transaction.
    if (payments.some((payment) => payment.status === 'paid')) return 'ok';
    const latest = payments[0];
    return latest ? CHECK_ANSWER[latest.status] : 'pending';
  }

  /** The bank's callback for one of our orders: its status is read from the bank, not the callback. */
  async bankNotified(providerOrderId: string): Promise<SettleResult | null> {
    const payment = await findPaymentByProviderId(this.deps.db, providerOrderId);
    if (!payment) return null;
    return this.refresh(payment);
  }

  /** Asks the bank what became of a payment and settles it; pending stays pending. */
  async refresh(payment: PaymentRow): Promise<SettleResult> {
    const unchanged = { paymentStatus: payment.status, orderPaid: false, changed: false, closing: [] };
    if (payment.provider_id === null) return unchanged;
    const outcome = outcomeOf(await this.deps.providers.acquiring.orderStatus(payment.provider_id));
    return outcome ? this.settle(payment.id, outcome) : unchanged;
  }

  /**
   * Stops the closing work this instance's requests started: no payment is taken after this,
   * and it resolves once the payments in hand are done. What is left stays due for the payment
   * worker of any instance. server.ts calls it before the server closes (decision 016).
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    while (this.#closing.size > 0) await Promise.allSettled([...this.#closing]);
  }

  /**
   * settlePayment, then, after its transaction, what the order does not keep is closed at the
   * bank, and an order it paid gets its tips id (decision 025) and, when the guest asked for it,
   * its receipt by e-mail (decision 032) — none of it holds up the answer.
   */
  private async settle(paymentId: number, outcome: PaymentOutcome): Promise<SettleResult> {
    const result = await settlePayment(this.deps.db, this.deps.log, paymentId, outcome);
    this.closeSoon(result.closing);
    if (result.paidOrderId !== undefined) {
      this.tipsSoon(result.paidOrderId);
      this.receiptSoon(result.paidOrderId);
    }
    return result;
  }

  /**
   * E-mails a paid order's receipt without holding up the request that paid it, when the order
   * is due one; a failure leaves it due, and the payment worker sends it later (receipt-mail.ts).
   */
  private receiptSoon(orderId: number): void {
    if (this.#stopping) return;
    const deps = {
      db: this.deps.db,
      email: this.deps.providers.email,
      authSecret: this.deps.authSecret,
      publicOrigin: this.deps.publicOrigin,
      log: this.deps.log,
      stopping: () => this.#stopping,
    };
    const run: Promise<unknown> = sendDueReceipts(deps, orderId)
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, orderId }, 'e-mailing a receipt failed; the payment worker retries'),
      )
      .finally(() => this.#closing.delete(run));
    this.#closing.add(run);
  }

  /**
   * Asks the tips service for a paid order's tips id without holding up the request that paid
   * it; a failure leaves the order due, and the payment worker asks again (tips.ts).
   */
  private tipsSoon(orderId: number): void {
    if (this.deps.providers.tips === null || this.#stopping) return;
    const deps = {
      db: this.deps.db,
      tips: this.deps.providers.tips,
      log: this.deps.log,
      stopping: () => this.#stopping,
    };
    const run: Promise<unknown> = assignDueTips(deps, orderId)
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, orderId }, 'asking for a tips id failed; the payment worker retries'),
      )
      .finally(() => this.#closing.delete(run));
    this.#closing.add(run);
  }

  /**
   * Closes payments at the bank without holding up the request that settled them: the guest's
   * check answers at once. What the bank cannot do now stays due for the payment worker.
   */
  private closeSoon(paymentIds: readonly number[]): void {
    if (paymentIds.length === 0 || this.#stopping) return;
    const deps = {
      db: this.deps.db,
      acquiring: this.deps.providers.acquiring,
      log: this.deps.log,
      stopping: () => this.#stopping,
    };
    const run: Promise<unknown> = closeDuePayments(deps, paymentIds)
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, paymentIds }, 'closing payments failed; the payment worker retries'),
      )
      .finally(() => this.#closing.delete(run));
    this.#closing.add(run);
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
    refuseToPay(fresh);
    // Past its time to pay (decision 032), an order is refused before housekeeping has cancelled it.
    if ((await pastTimeToPay(this.deps.db, [fresh], new Date())).length > 0)
      throw conflict(PAYMENT_TIME_OVER_MESSAGE, 'payment_time_over');
    return fresh;
  }

  /**
   * Claims the order's payment of one kind under the order's row lock, or waits while another
   * caller holds that claim (issue 11): the first answer that is not "wait", or null when
   * `giveUpAt` passed first (the claim's holder outlived the claim's lifetime: the bank hangs).
   * The forms a claim supersedes are declined at the bank once it has committed.
   */
  private async claimOrWait(
    order: PayableOrder,
    wanted: PaymentWanted,
    giveUpAt: number,
  ): Promise<Exclude<Claim, { kind: 'wait' }> | null> {
    let awaited: number | null = null;
    let pause = CLAIM_POLL_FIRST_MS;
    while (Date.now() < giveUpAt) {
      const claim = await claimPayment(this.deps.db, order.id, wanted, awaited, refuseToPay);
      if (claim.kind !== 'wait') {
        if (claim.kind === 'claimed') this.closeSoon(claim.superseded);
        return claim;
      }
      awaited = claim.paymentId;
      await sleep(pause);
      pause = Math.min(pause * 2, CLAIM_POLL_MAX_MS);
    }
    this.deps.log.warn(
      { orderId: order.id, method: wanted.method, awaited },
      'payment start gave up waiting for another registration',
    );
    return null;
  }

  /**
   * The order's live form or QR of one kind (issue 11): reused, waited for while another caller
   * registers it, or registered here under a claim. Null when the bank would not register it
   * (every caller waiting on that registration shares the failure).
   */
  private async liveForm(
    order: PayableOrder,
    wanted: PaymentWanted,
    register: () => Promise<Registration | null>,
  ): Promise<PaymentRow | null> {
    const giveUpAt = Date.now() + (CLAIM_TTL_SECONDS + 5) * 1000;
    for (;;) {
      const claim = await this.claimOrWait(order, wanted, giveUpAt);
      if (!claim) return null;
      if (claim.kind === 'open') return claim.payment;
      if (claim.kind === 'finished') {
        if (!claim.payment) return null;
        if (claim.payment.status === 'pending') return claim.payment;
        // Closed meanwhile (the order was paid): the next look refuses with the order's reason.
        continue;
      }
      const registration = await register();
      if (!registration) {
        await releaseClaim(this.deps.db, claim.payment.id);
        return null;
      }
      const attached = await attachBankOrder(this.deps.db, claim.payment.id, registration, false);
      if (attached === 'open') return { ...claim.payment, ...registeredFields(registration), status: 'pending' };
      if (attached === 'closed') this.closeSoon([claim.payment.id]);
      else await this.declineQuietly(registration.providerId, order.id);
    }
  }

  private async payWithSavedCard(
    order: PayableOrder,
    userId: number,
    bindingId: string,
    ip: string,
  ): Promise<PaymentStartResponse> {
    const binding = await findUserBinding(this.deps.db, userId, bindingId);
    if (!binding) throw notFound('Карта не найдена.', 'binding_not_found');
    const wanted: PaymentWanted = { method: 'card', bindingId, reuseSeconds: 0 };
    // A double tap: the first tap's charge is in flight under its claim, and this tap answers as it does.
    const claim = await this.claimOrWait(order, wanted, Date.now() + (CLAIM_TTL_SECONDS + 5) * 1000);
    if (!claim) return { formUrl: this.returnUrl(order.id), errorMessage: '', status: 'pending' };
    if (claim.kind === 'claimed') return this.chargeSavedCard(order, claim.payment, userId, bindingId, ip);
    return this.savedCardAnswer(order.id, claim.payment?.id ?? null);
  }

  /**
   * Registers the order with the guest's id and charges the saved card, all under the claim:
   * a second tap waits for this charge's answer instead of charging again (issue 11).
   */
  private async chargeSavedCard(
    order: PayableOrder,
    claimed: PaymentRow,
    userId: number,
    bindingId: string,
    ip: string,
  ): Promise<PaymentStartResponse> {
    const registered = await this.register(order, 'card', String(userId));
    if (!registered) {
      await releaseClaim(this.deps.db, claimed.id);
      return { formUrl: null, errorMessage: PAYMENT_INIT_FAILED_MESSAGE, status: 'fail' };
    }
    const attached = await attachBankOrder(this.deps.db, claimed.id, { providerId: registered.providerOrderId }, true);
    if (attached !== 'open') {
      if (attached === 'closed') this.closeSoon([claimed.id]);
      else await this.declineQuietly(registered.providerOrderId, order.id);
      refuseToPay(await findPayableOrder(this.deps.db, order.id));
      return { formUrl: null, errorMessage: PAYMENT_INIT_FAILED_MESSAGE, status: 'fail' };
    }
    const payment: PaymentRow = { ...claimed, provider_id: registered.providerOrderId };
    let charged;
    try {
      charged = await this.deps.providers.acquiring.payWithBinding({
        providerOrderId: registered.providerOrderId,
        bindingId,
        ip,
      });
    } catch (error) {
      // The bank may or may not have charged the card: the payment stays pending and the check finds out.
      this.logBankFailure(error, order.id, 'binding payment');
      await openClaim(this.deps.db, claimed.id);
      return { formUrl: this.returnUrl(order.id), errorMessage: '', status: 'pending' };
    }
    if (charged.outcome === 'refused') {
      await this.settle(payment.id, { kind: 'declined', reason: charged.reason });
      return this.savedCardAnswer(order.id, claimed.id);
    }
    if (charged.outcome === 'needs-authentication') {
      // Left pending: the bank declines it when its 3-D Secure wait ends.
      await openClaim(this.deps.db, claimed.id);
      const answer = await this.savedCardAnswer(order.id, claimed.id);
      return answer.status === 'ok'
        ? answer
        : { formUrl: null, errorMessage: BINDING_NEEDS_AUTHENTICATION, status: 'fail' };
    }
    // Settled while still claimed, so the taps that wait hear the bank's word, not "pending".
    await this.refresh(payment).catch((error: unknown) => this.logBankFailure(error, order.id, 'status'));
    await openClaim(this.deps.db, claimed.id);
    return this.savedCardAnswer(order.id, claimed.id);
  }

  /**
   * What a saved card's charge came to, as payment/start answers it (the charging tap and every
   * tap that waited for it), from the order's own state first (issue 11.1): a paid order is
   * `ok` whichever payment paid it, and only a charge the bank declined on an order still
   * unpaid says so; anything else is `pending` and the check finds out.
   */
  private async savedCardAnswer(orderId: number, paymentId: number | null): Promise<PaymentStartResponse> {
    const before = paymentId === null ? undefined : await findPayment(this.deps.db, paymentId);
    if (before?.status === 'pending') await this.refreshShared(before, orderId);
    const order = await findPayableOrder(this.deps.db, orderId);
    if (order?.paid) return { formUrl: this.returnUrl(orderId), errorMessage: '', status: 'ok' };
    refuseToPay(order);
    const payment = paymentId === null ? undefined : await findPayment(this.deps.db, paymentId);
    // The claim gave way before the bank registered anything: nothing was charged.
    if (!payment) return { formUrl: null, errorMessage: PAYMENT_INIT_FAILED_MESSAGE, status: 'fail' };
    if (payment.status === 'declined') return { formUrl: null, errorMessage: BINDING_DECLINED, status: 'fail' };
    return { formUrl: this.returnUrl(orderId), errorMessage: '', status: 'pending' };
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

  /** A bank order nobody will get to pay (its registration was given up): declined, or left to the bank's own timeout. */
  private async declineQuietly(providerOrderId: string, orderId: number): Promise<void> {
    await this.deps.providers.acquiring
      .decline(providerOrderId)
      .catch((error: unknown) => this.logBankFailure(error, orderId, 'decline'));
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

/**
 * Refuses an order that cannot be paid now (SPEC 8: 409 with a Russian message); unknown is
 * 404. Whether it takes a payment is the pay button's rule (SPEC 4, the domain's
 * showsPayButton, which every payment path asks); this only names the reason, and refuses a
 * free order, which has nothing to pay.
 */
function refuseToPay(order: ClaimedOrder | undefined): asserts order is ClaimedOrder {
  if (!order) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
  if (!showsPayButton(order)) {
    if (order.paid) throw conflict('Заказ уже оплачен.', 'order_paid');
    if (order.status === ORDER_STATUS.cancelled) throw conflict('Заказ отменён, оплата невозможна.', 'order_cancelled');
    throw conflict('Заказ уже выполнен, оплата невозможна.', 'order_done');
  }
  if (order.sum <= 0) throw conflict('Заказ не требует оплаты.', 'order_free');
}

/** The payment columns a registration fills. */
function registeredFields(registration: Registration): Pick<PaymentRow, 'provider_id' | 'form_url' | 'sbp_payload'> {
  return {
    provider_id: registration.providerId,
    form_url: registration.formUrl ?? null,
    sbp_payload: registration.sbpPayload ?? null,
  };
}
