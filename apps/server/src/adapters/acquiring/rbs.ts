import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { postForm, ProviderError } from '../http';
import {
  ACQUIRER_CALL_TIMEOUT_MS,
  AcquirerRefusal,
  BANK_ORDER_LIFETIME_SECONDS,
  type AcquirerOrder,
  type AcquirerOrderStatus,
  type AcquirerState,
  type BankAnswer,
  type BindingPaymentResult,
  type CardAcquirer,
  type SavedCard,
} from './types';

/**
 * The RBS REST API of Russian acquiring banks (Sberbank `securepayments.sberbank.ru`, Alfa-Bank
 * `payment.alfabank.ru`, and others on the same platform): form POSTs to
 * `{base}/payment/rest/*.do` with the merchant's API `userName` and `password`; an answer with
 * `errorCode` other than 0 is a refusal with `errorMessage`. Amounts are kopecks, currency 643.
 * Decision 011 lists the calls and fields used.
 */
export const RBS_PROVIDER = 'acquiring';

const code = z.union([z.string(), z.number()]).optional();
const refusal = z
  .object({ errorCode: code, errorMessage: z.string().optional(), error: z.string().optional() })
  .passthrough();

const registerAnswer = refusal.extend({ orderId: z.string().optional(), formUrl: z.string().optional() });
const statusAnswer = refusal.extend({
  orderStatus: z.coerce.number().int().optional(),
  amount: z.coerce.number().int().optional(),
  actionCode: code,
  actionCodeDescription: z.string().optional(),
  cardAuthInfo: z
    .object({ maskedPan: z.string().optional(), expiration: z.union([z.string(), z.number()]).optional() })
    .passthrough()
    .optional(),
  bindingInfo: z.object({ bindingId: z.string().optional(), clientId: z.string().optional() }).passthrough().optional(),
  paymentAmountInfo: z
    .object({
      approvedAmount: z.coerce.number().int().optional(),
      depositedAmount: z.coerce.number().int().optional(),
      refundedAmount: z.coerce.number().int().optional(),
    })
    .passthrough()
    .optional(),
});
const bindingPaymentAnswer = refusal.extend({
  redirect: z.string().optional(),
  info: z.string().optional(),
  acsUrl: z.string().optional(),
});
const bindingsAnswer = refusal.extend({
  bindings: z
    .array(
      z
        .object({
          bindingId: z.string(),
          maskedPan: z.string(),
          expiryDate: z.union([z.string(), z.number()]).optional(),
        })
        .passthrough(),
    )
    .optional(),
});

/** RBS orderStatus codes. */
const STATES: Record<number, AcquirerState> = {
  0: 'registered',
  1: 'held',
  2: 'deposited',
  3: 'reversed',
  4: 'refunded',
  5: 'authenticating',
  6: 'declined',
};

/** RBS getBindings.do: errorCode 2 means "no bindings for this client", not a failure. */
const NO_BINDINGS = '2';

export interface RbsOptions {
  baseUrl: () => string;
  userName: string;
  password: string;
  timeoutMs?: number;
}

export class RbsClient implements CardAcquirer {
  constructor(private readonly options: RbsOptions) {}

  async register(order: AcquirerOrder): Promise<{ providerOrderId: string; formUrl: string }> {
    const answer = this.accepted(
      read(
        registerAnswer,
        await this.post('register.do', {
          orderNumber: order.orderNumber,
          amount: String(order.amount),
          currency: '643',
          returnUrl: order.returnUrl,
          failUrl: order.failUrl,
          description: order.description,
          language: 'ru',
          // The form (and an SBP QR of this order) waits this long, then the bank declines the order.
          sessionTimeoutSecs: String(BANK_ORDER_LIFETIME_SECONDS),
          ...(order.clientId ? { clientId: order.clientId } : {}),
        }),
      ),
    );
    if (!answer.orderId || !answer.formUrl)
      throw new ProviderError(RBS_PROVIDER, 'register.do answered without orderId/formUrl');
    return { providerOrderId: answer.orderId, formUrl: answer.formUrl };
  }

  async orderStatus(providerOrderId: string): Promise<AcquirerOrderStatus> {
    const answer = this.accepted(
      read(statusAnswer, await this.post('getOrderStatusExtended.do', { orderId: providerOrderId, language: 'ru' })),
    );
    const state = answer.orderStatus === undefined ? undefined : STATES[answer.orderStatus];
    if (!state || answer.amount === undefined) {
      throw new ProviderError(
        RBS_PROVIDER,
        `getOrderStatusExtended.do answered orderStatus ${String(answer.orderStatus)}, amount ${String(answer.amount)}`,
      );
    }
    const bindingId = answer.bindingInfo?.bindingId;
    const maskedPan = answer.cardAuthInfo?.maskedPan;
    const money = answer.paymentAmountInfo;
    return {
      state,
      amount: answer.amount,
      paidAmount: paidAmountOf(state, answer.amount, money?.approvedAmount, money?.depositedAmount),
      refundedAmount: money?.refundedAmount ?? (state === 'refunded' ? answer.amount : 0),
      reason: [answer.actionCode, answer.actionCodeDescription]
        .filter((part) => part !== undefined && part !== '')
        .join(' '),
      card:
        bindingId && maskedPan ? { bindingId, maskedPan, expiry: cardExpiry(answer.cardAuthInfo?.expiration) } : null,
    };
  }

  async payWithBinding(payment: {
    providerOrderId: string;
    bindingId: string;
    ip: string;
  }): Promise<BindingPaymentResult> {
    const answer = read(
      bindingPaymentAnswer,
      await this.post('paymentOrderBinding.do', {
        mdOrder: payment.providerOrderId,
        bindingId: payment.bindingId,
        ip: payment.ip,
        language: 'ru',
      }),
    );
    if (!isSuccess(answer.errorCode)) {
      return {
        outcome: 'refused',
        reason: `${String(answer.errorCode)} ${answer.errorMessage ?? answer.error ?? ''}`.trim(),
      };
    }
    if (answer.acsUrl) return { outcome: 'needs-authentication' };
    return { outcome: 'done', redirect: answer.redirect ?? null };
  }

  async bindings(clientId: string): Promise<SavedCard[]> {
    const answer = read(bindingsAnswer, await this.post('getBindings.do', { clientId }));
    if (String(answer.errorCode) === NO_BINDINGS) return [];
    this.accepted(answer);
    return (answer.bindings ?? []).map((binding) => ({
      bindingId: binding.bindingId,
      maskedPan: binding.maskedPan,
      expiry: cardExpiry(binding.expiryDate),
    }));
  }

  decline(providerOrderId: string): Promise<BankAnswer> {
    return this.operation('decline.do', { orderId: providerOrderId, language: 'ru' });
  }

  reverse(providerOrderId: string): Promise<BankAnswer> {
    return this.operation('reverse.do', { orderId: providerOrderId, language: 'ru' });
  }

  async refund(providerOrderId: string, amount: number): Promise<BankAnswer> {
    // RBS reads amount 0 as "the whole order": a refund here always names its kopecks.
    if (!Number.isInteger(amount) || amount < 1)
      throw new RangeError(`refund amount must be a positive number of kopecks, got ${amount}`);
    return this.operation('refund.do', { orderId: providerOrderId, amount: String(amount), language: 'ru' });
  }

  /** An operation on an order: the bank's success answer, or its refusal thrown. */
  private async operation(method: string, form: Record<string, string>): Promise<BankAnswer> {
    const answer = this.accepted(read(refusal, await this.post(method, form)));
    return { code: String(answer.errorCode ?? '0'), message: answer.errorMessage ?? '' };
  }

  /** Form POST to `{base}/payment/rest/{method}` with the merchant's credentials. */
  post(method: string, form: Record<string, string>): Promise<unknown> {
    return postForm(
      RBS_PROVIDER,
      `${this.options.baseUrl()}/payment/rest/${method}`,
      { userName: this.options.userName, password: this.options.password, ...form },
      { timeoutMs: this.options.timeoutMs ?? ACQUIRER_CALL_TIMEOUT_MS },
    );
  }

  /** The answer, or the bank's refusal thrown. */
  accepted<T extends z.infer<typeof refusal>>(answer: T): T {
    if (!isSuccess(answer.errorCode)) {
      throw new AcquirerRefusal(String(answer.errorCode), answer.errorMessage ?? answer.error ?? '');
    }
    return answer;
  }
}

/** A bank answer of the expected shape; anything else is the provider's fault, not ours. */
export function read<S extends z.ZodType>(schema: S, answer: unknown): z.infer<S> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw new ProviderError(RBS_PROVIDER, `unexpected answer: ${JSON.stringify(answer).slice(0, 200)}`);
  return parsed.data;
}

/**
 * The money the payer gave: paymentAmountInfo's deposited (else approved) amount; without that
 * block, the order's amount when the bank holds, took or later returned it.
 */
function paidAmountOf(
  state: AcquirerState,
  amount: number,
  approved: number | undefined,
  deposited: number | undefined,
): number {
  if (deposited !== undefined && deposited > 0) return deposited;
  if (approved !== undefined && approved > 0) return approved;
  if (deposited !== undefined || approved !== undefined) return 0;
  return state === 'held' || state === 'deposited' || state === 'refunded' ? amount : 0;
}

/** RBS leaves errorCode out, or sends 0 / "0", on success. */
function isSuccess(errorCode: string | number | undefined): boolean {
  return errorCode === undefined || String(errorCode) === '0';
}

/** RBS card expiry "203012" (YYYYMM) → "12/30"; an MM/YY value is kept. */
export function cardExpiry(value: string | number | undefined): string {
  const text = value === undefined ? '' : String(value);
  const yyyymm = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (yyyymm) return `${yyyymm[3]}/${yyyymm[2]}`;
  return /^\d{2}\/\d{2}$/.test(text) ? text : '';
}

/**
 * The checksum of an RBS callback: every parameter but `checksum` and `sign_alias`, sorted by
 * name, as `name;value;` pairs, HMAC-SHA256 with the merchant's callback key, upper-case hex.
 */
export function rbsCallbackChecksum(params: Readonly<Record<string, string>>, secret: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'checksum' && name !== 'sign_alias')
    .sort()
    .map((name) => `${name};${params[name] ?? ''};`)
    .join('');
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex').toUpperCase();
}

/** Whether an RBS callback carries the right checksum (compared in constant time). */
export function rbsCallbackSigned(params: Readonly<Record<string, string>>, secret: string): boolean {
  const given = Buffer.from((params.checksum ?? '').toUpperCase(), 'utf8');
  const expected = Buffer.from(rbsCallbackChecksum(params, secret), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
