import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../http';
import { cardExpiry, RbsClient, rbsCallbackChecksum, rbsCallbackSigned } from './rbs';

describe('RBS callback checksum (decision 011)', () => {
  const secret = 'merchant-callback-key';

  it('is HMAC-SHA256 over the other parameters sorted by name as name;value; pairs, upper-case hex', () => {
    const params = {
      status: '1',
      orderNumber: '17-ab12cd',
      mdOrder: 'e89ce9f2-6727-4169-91d9-74992362f836',
      operation: 'deposited',
    };
    const expected = createHmac('sha256', secret)
      .update('mdOrder;e89ce9f2-6727-4169-91d9-74992362f836;operation;deposited;orderNumber;17-ab12cd;status;1;')
      .digest('hex')
      .toUpperCase();
    expect(rbsCallbackChecksum(params, secret)).toBe(expected);
    expect(rbsCallbackChecksum({ ...params, checksum: 'ignored', sign_alias: 'ignored' }, secret)).toBe(expected);
  });

  it('accepts the right checksum in either case and refuses a changed parameter, another key or none', () => {
    const params = { mdOrder: 'm', orderNumber: '1-aa', operation: 'deposited', status: '1' };
    const checksum = rbsCallbackChecksum(params, secret);
    expect(rbsCallbackSigned({ ...params, checksum }, secret)).toBe(true);
    expect(rbsCallbackSigned({ ...params, checksum: checksum.toLowerCase() }, secret)).toBe(true);
    expect(rbsCallbackSigned({ ...params, status: '0', checksum }, secret)).toBe(false);
    expect(rbsCallbackSigned({ ...params, checksum }, 'another-key')).toBe(false);
    expect(rbsCallbackSigned(params, secret)).toBe(false);
  });
});

describe('card expiry as RBS sends it', () => {
  it.each([
    ['203012', '12/30'],
    [202701, '01/27'],
    ['12/30', '12/30'],
    ['', ''],
    [undefined, ''],
    ['2030', ''],
  ])('%j → %j', (value, shown) => {
    expect(cardExpiry(value)).toBe(shown);
  });
});

describe('RBS operations that close an order: decline.do, reverse.do, refund.do (issue 11.1)', () => {
  const client = new RbsClient({ baseUrl: () => 'https://bank.test', userName: 'merchant-api', password: 'secret' });
  const sent: Array<{ url: string; form: URLSearchParams }> = [];

  /** The bank answers every call with `status` and `body`; the calls are kept in `sent`. */
  function bankAnswers(status: number, body: unknown) {
    sent.length = 0;
    vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
      sent.push({ url, form: new URLSearchParams(init.body) });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    });
  }
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['decline.do', () => client.decline('md-1'), { orderId: 'md-1' }],
    ['reverse.do', () => client.reverse('md-1'), { orderId: 'md-1' }],
    ['refund.do', () => client.refund('md-1', 59_000), { orderId: 'md-1', amount: '59000' }],
  ] as const)(
    '%s posts the order (and the kopecks) with the merchant login, and returns the bank answer',
    async (method, call, fields) => {
      bankAnswers(200, { errorCode: '0', errorMessage: 'Успешно' });
      expect(await call()).toEqual({ code: '0', message: 'Успешно' });
      expect(sent).toHaveLength(1);
      expect(sent[0]?.url).toBe(`https://bank.test/payment/rest/${method}`);
      expect(Object.fromEntries(sent[0]?.form ?? [])).toEqual({
        userName: 'merchant-api',
        password: 'secret',
        language: 'ru',
        ...fields,
      });
    },
  );

  it('reads an answer without errorCode as success, as RBS sends it', async () => {
    bankAnswers(200, {});
    expect(await client.refund('md-1', 1)).toEqual({ code: '0', message: '' });
  });

  it("throws the bank's refusal with its code and message, and an outage as a provider error", async () => {
    bankAnswers(200, { errorCode: '7', errorMessage: 'Сумма возврата превышает сумму списания' });
    await expect(client.refund('md-1', 100)).rejects.toMatchObject({
      name: 'AcquirerRefusal',
      errorCode: '7',
      bankMessage: 'Сумма возврата превышает сумму списания',
    });
    bankAnswers(503, '503 Service Temporarily Unavailable');
    await expect(client.decline('md-1')).rejects.toBeInstanceOf(ProviderError);
    bankAnswers(200, 'not json');
    await expect(client.reverse('md-1')).rejects.toBeInstanceOf(ProviderError);
  });

  it('never sends a refund of 0 kopecks, which RBS reads as the whole order', async () => {
    bankAnswers(200, { errorCode: '0' });
    await expect(client.refund('md-1', 0)).rejects.toBeInstanceOf(RangeError);
    await expect(client.refund('md-1', 10.5)).rejects.toBeInstanceOf(RangeError);
    expect(sent).toEqual([]);
  });

  it('reads the paid and refunded kopecks of getOrderStatusExtended.do', async () => {
    bankAnswers(200, {
      errorCode: '0',
      orderStatus: 2,
      amount: 10_000,
      paymentAmountInfo: {
        paymentState: 'DEPOSITED',
        approvedAmount: 10_000,
        depositedAmount: 10_000,
        refundedAmount: 4000,
      },
    });
    expect(await client.orderStatus('md-1')).toMatchObject({
      state: 'deposited',
      amount: 10_000,
      paidAmount: 10_000,
      refundedAmount: 4000,
    });
    bankAnswers(200, { errorCode: '0', orderStatus: 4, amount: 10_000 });
    expect(await client.orderStatus('md-1')).toMatchObject({
      state: 'refunded',
      paidAmount: 10_000,
      refundedAmount: 10_000,
    });
    bankAnswers(200, {
      errorCode: '0',
      orderStatus: 1,
      amount: 10_000,
      paymentAmountInfo: { approvedAmount: 10_000, depositedAmount: 0 },
    });
    expect(await client.orderStatus('md-1')).toMatchObject({ state: 'held', paidAmount: 10_000, refundedAmount: 0 });
    bankAnswers(200, { errorCode: '0', orderStatus: 0, amount: 10_000 });
    expect(await client.orderStatus('md-1')).toMatchObject({ state: 'registered', paidAmount: 0, refundedAmount: 0 });
  });
});
