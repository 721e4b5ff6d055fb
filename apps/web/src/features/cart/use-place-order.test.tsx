// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_PAY_METHOD } from '@chain/domain';
import { ApiError } from '../../api/client';
import { createOrder, type OrderCreated } from '../../api/order';
import { cartStore, chromeStore, kioskStore } from '../../state/store';
import { type CartOrder, usePlaceOrder } from './use-place-order';
import { appSnapshot, resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/order'), async (importOriginal) => ({ ...(await importOriginal()), createOrder: vi.fn() }));

const kioskOrder: CartOrder = {
  restaurantId: '5',
  orderType: 'inrest',
  lines: [{ token: 'margherita', item: '101', cnt: 2, comment: '', spec: null, specs: [] }],
  cutlery: [],
  recommended: [],
  email: '',
  paySystem: KIOSK_PAY_METHOD,
  kiosk: true,
  coupon: '',
  expectedSum: 80_000,
};
const placed = (fields: Partial<OrderCreated> = {}) =>
  ({
    success: true,
    message: '',
    delayed: 0,
    id: 501,
    number: 'К-017',
    sum: 80_000,
    follow_token: 'follow.tok-1',
    ...fields,
  }) as OrderCreated;

/** A promise settled from the test: the request on its way. */
function pending<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

function PayHere() {
  const { pay } = usePlaceOrder(kioskOrder, true);
  return (
    <button type="button" onClick={() => void pay()}>
      Оплатить
    </button>
  );
}

let location: ReturnType<typeof memoryLocation> & { history: string[] };
const tapPay = () => act(() => screen.getByRole('button', { name: 'Оплатить' }).click());
/** Lets the answer arrive and React render what followed. */
const settle = () => act(async () => {});

describe('placing a kiosk order (SPEC 4, issue 14)', () => {
  beforeEach(() => {
    resetAppStores();
    const state = appSnapshot();
    state.setKiosk(true);
    state.setRestaurant({ id: '5', name: 'Центральный' });
    state.setOrderType('inrest');
    state.updateCheckout({ table: '12' });
    state.addToCart('5', { item: '101', cnt: 2 });
    location = memoryLocation({ path: '/cart', record: true });
    render(
      <Router hook={location.hook}>
        <PayHere />
      </Router>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.mocked(createOrder).mockReset();
  });

  it("keeps the follow token with the placed order and in /payment's history state, so a reload still has it", async () => {
    vi.mocked(createOrder).mockResolvedValueOnce(placed());
    tapPay();
    await settle();
    expect(location.history.at(-1)).toBe('/payment');
    expect(location.state).toMatchObject({ orderId: 501, orderNum: 'К-017', followToken: 'follow.tok-1' });
    expect(cartStore.getState().checkout.order).toEqual({
      id: '501',
      number: 'К-017',
      sum: 80_000,
      paySystem: 'sbp',
      followToken: 'follow.tok-1',
    });
  });

  it('drops an answer that comes after the guest who tapped was ended: the next guest gets no order and no payment screen', async () => {
    const answer = pending<OrderCreated>();
    vi.mocked(createOrder).mockReturnValueOnce(answer.promise);
    tapPay();
    expect(createOrder).toHaveBeenCalledTimes(1);
    // The countdown ran out while order/create was on its way: the next guest starts on Home.
    act(() => {
      kioskStore.getState().endKioskGuest();
      location.navigate('/', { replace: true });
    });
    answer.resolve(placed());
    await settle();
    expect(location.history).toEqual(['/']);
    const state = appSnapshot();
    expect(state.checkout.order).toBeNull();
    expect(state.checkout.idempotencyKey).toBeNull();
    expect(state.dialogItems).toEqual([]);
  });

  it("does not show a gone guest's refusal to the next one", async () => {
    const answer = pending<OrderCreated>();
    vi.mocked(createOrder).mockReturnValueOnce(answer.promise);
    tapPay();
    act(() => kioskStore.getState().endKioskGuest());
    answer.reject(new ApiError('Ресторан сейчас закрыт', 'server', 409, 'closed'));
    await settle();
    expect(chromeStore.getState().dialogItems).toEqual([]);
    expect(location.history).toEqual(['/cart']);
  });

  it("drops a delayed order's answer when the guest was ended while its message was up", async () => {
    vi.mocked(createOrder).mockResolvedValueOnce(
      placed({ delayed: 1, message: 'Заказ принят на потом.', follow_token: null }),
    );
    tapPay();
    await settle();
    expect(chromeStore.getState().dialogItems).toHaveLength(1);
    // endKioskGuest answers the open message with null, as the idle countdown at zero does.
    act(() => kioskStore.getState().endKioskGuest());
    await settle();
    expect(cartStore.getState().checkout.order).toBeNull();
    expect(location.history).toEqual(['/cart']);
  });
});
