import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderCreateBody } from '@chain/contract';
import { checkPayment, orderRequestBody, payer, startSbpPayment, type OrderRequest } from './order';

const request: OrderRequest = {
  user: { id: '7', password: 'token-token-token' },
  restaurantId: '5',
  orderType: 'self',
  lines: [
    { token: 'a1', item: '101', cnt: 2, comment: '', spec: null, specs: [{ specid: '9', cnt: 1, price: 12_000 }] },
  ],
  cutlery: [
    { id: 3, cnt: 2 },
    { id: 4, cnt: 0 },
  ],
  recommended: [],
  comment: '',
  table: null,
  pickup: null,
  email: '',
  coupon: '',
  paySystem: 'sbp',
  lockCode: '',
  idempotencyKey: '3f0c2a4e-8d1b-4c55-9a7e-2b6f0d9e1c33',
};

describe('the order/create body (SPEC 7 payload v3, decision 012)', () => {
  it("carries the checkout attempt's idempotency key, so a retry is the same order and another attempt a new one (issue 11)", () => {
    const body = orderRequestBody(request);
    expect(body.idempotency_key).toBe(request.idempotencyKey);
    expect(orderRequestBody({ ...request, idempotencyKey: 'another-attempt-key' }).idempotency_key).toBe(
      'another-attempt-key',
    );
  });

  it('sends the lines without their copied prices and only the extras chosen', () => {
    const body = orderRequestBody(request);
    expect(body.cart).toEqual([{ item: '101', cnt: 2, comment: '', spec: null, specs: [{ specid: '9', cnt: 1 }] }]);
    expect(body.pribors).toEqual([{ id: 3, cnt: 2 }]);
  });
});

describe('cart_raw (SPEC 7 order/create)', () => {
  it('sends the cart as the app keeps it, and leaves it out past its cap rather than have the order refused', () => {
    expect(orderRequestBody(request).cart_raw).toEqual(request.lines);
    const long = { ...request.lines[0]!, comment: 'я'.repeat(1000) };
    const huge = orderRequestBody({ ...request, lines: Array.from({ length: 40 }, () => long) });
    expect(huge.cart_raw).toBeUndefined();
    expect(huge.cart).toHaveLength(40);
  });
});

describe('an order for later (SPEC 4 booking and delayed order)', () => {
  it('carries the booking number of an inrest order only, and a body order/create takes', () => {
    const inrest = orderRequestBody({ ...request, orderType: 'inrest', table: '5', bookingNum: '241126-0001' });
    expect(inrest.order.booking_num).toBe('241126-0001');
    expect(orderCreateBody.safeParse(inrest).success).toBe(true);
    expect(orderRequestBody({ ...request, bookingNum: '241126-0001' }).order).not.toHaveProperty('booking_num');
  });

  it('names the delayed order it resumes, which order/create cancels with it', () => {
    const body = orderRequestBody({ ...request, resumedOrderId: 77 });
    expect(body.delayed_order_id).toBe(77);
    expect(orderCreateBody.safeParse(body).success).toBe(true);
    expect(orderRequestBody(request)).not.toHaveProperty('delayed_order_id');
    expect(
      orderRequestBody({ ...request, kiosk: true, orderType: 'inrest', table: '5', resumedOrderId: 77 }),
    ).not.toHaveProperty('delayed_order_id');
  });

  it('marks a delayed order with props.delayed 1 and its chosen time', () => {
    const body = orderRequestBody({
      ...request,
      delayed: true,
      pickup: { deliveryDate: '24.11.2026', deliveryTime: '19:00' },
    });
    expect(body.order.props).toEqual({ delayed: 1 });
    expect(body.deliveryDateTimeProps).toEqual({ deliveryDate: '24.11.2026', deliveryTime: '19:00' });
    expect(orderRequestBody(request).order).not.toHaveProperty('props');
  });
});

describe('a kiosk order (SPEC 6 Kiosk mode, issue 14)', () => {
  const kioskOrder: OrderRequest = {
    ...request,
    kiosk: true,
    orderType: 'inrest',
    table: '5',
    email: 'guest@example.ru',
    coupon: 'SALE10',
    paySystem: 'card',
    kioskToken: 'kiosk-device-token',
  };

  it("goes as source 'kiosk' without a user, whatever the store's user holds", () => {
    const body = orderRequestBody(kioskOrder);
    expect(body.source).toBe('kiosk');
    expect(body).not.toHaveProperty('user');
  });

  it("carries the kiosk's device token, which the server takes kiosk orders with (decision 038); a web order never does", () => {
    expect(orderRequestBody(kioskOrder).kiosk_token).toBe('kiosk-device-token');
    expect(orderRequestBody({ ...request, kioskToken: 'kiosk-device-token' })).not.toHaveProperty('kiosk_token');
  });

  it('carries no e-mail and no coupon, and pays by SBP only', () => {
    const body = orderRequestBody(kioskOrder);
    expect(body).toMatchObject({ email: '', emailsend: 0, coupon: null, paysystem: 'sbp' });
  });

  it("goes to the keypad's table as an in-restaurant order under the checkout's own key", () => {
    const body = orderRequestBody(kioskOrder);
    expect(body.order).toMatchObject({ type: 'inrest', table: '5' });
    expect(body.idempotency_key).toBe(request.idempotencyKey);
  });

  it('is a body order/create takes', () => {
    expect(orderCreateBody.safeParse(orderRequestBody(kioskOrder)).success).toBe(true);
  });

  it('leaves a web order as it was: the user, the e-mail, the coupon and the chosen method', () => {
    const body = orderRequestBody({ ...request, email: ' guest@example.ru ', coupon: ' SALE10 ', paySystem: 'card' });
    expect(body).toMatchObject({
      source: 'web',
      user: { id: '7', password: 'token-token-token' },
      email: 'guest@example.ru',
      emailsend: 1,
      coupon: 'SALE10',
      paysystem: 'card',
    });
  });
});

describe("the payer of a payment call (decision 011; decision 038's kiosk token)", () => {
  const guest = { id: '7', password: 'token-token-token' };
  it("is the signed-in guest on a phone, and the kiosk's device token on a kiosk", () => {
    expect(payer({ user: guest, kiosk: false, kioskToken: 'left-over' })).toEqual({ user: guest });
    expect(payer({ user: { id: '', password: '' }, kiosk: true, kioskToken: 'kiosk-device-token' })).toEqual({
      user: { id: '', password: '' },
      kioskToken: 'kiosk-device-token',
    });
  });
});

describe('a kiosk order’s payment calls (decision 038; issue 30, second read)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const kiosk = { user: { id: '', password: '' }, kioskToken: 'kiosk-device-token', followToken: 'tok.501' };

  it('checks the payment with the order’s follow token, so it still reaches Thanks when the kiosk’s token ends meanwhile', async () => {
    const fetchStub = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(JSON.stringify({ status: 'pending' }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchStub);
    await checkPayment({ ...kiosk, orderId: '501' });
    await checkPayment({ ...kiosk, followToken: null, orderId: '501' });
    const bearers = fetchStub.mock.calls.map(([, init]) => new Headers(init?.headers).get('authorization'));
    expect(bearers).toEqual(['Bearer tok.501', 'Bearer kiosk-device-token']);
  });

  it('starts SBP with both the kiosk’s token and the order’s follow token', async () => {
    const fetchStub = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ variants: [], paymentUrl: null, qrPayload: 'qr', errorMessage: '' }), {
          status: 200,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchStub);
    await startSbpPayment({ ...kiosk, orderId: '501' });
    expect(JSON.parse(fetchStub.mock.calls[0]?.[1]?.body as string)).toMatchObject({
      order_id: '501',
      kiosk_token: 'kiosk-device-token',
      follow_token: 'tok.501',
    });
  });
});
