// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTENTION_TITLE, KIOSK_NOT_CONNECTED_MESSAGE } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { menuQuery } from '../../api/menu';
import { createOrder, type OrderCreated } from '../../api/order';
import type { CartLine } from '../../state/cart-store';
import { cartStore, chromeStore, kioskStore } from '../../state/store';
import { PayButton } from './pay-button';
import type { CartOrder } from './use-place-order';
import { appSnapshot, resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/order'), async (importOriginal) => ({ ...(await importOriginal()), createOrder: vi.fn() }));

const lines: CartLine[] = [{ token: 'margherita', item: '101', cnt: 2, comment: '', spec: null, specs: [] }];
const order: CartOrder = {
  restaurantId: '5',
  orderType: 'self',
  lines,
  cutlery: [{ id: 1, cnt: 2 }],
  recommended: [],
  email: 'guest@example.ru',
  paySystem: 'card',
  kiosk: false,
  coupon: 'ZHAR10',
  expectedSum: 80_000,
};
const placed = (fields: Partial<OrderCreated> = {}) =>
  ({ success: true, message: '', delayed: 0, id: 501, number: 'С-017', sum: 80_000, ...fields }) as OrderCreated;

/** A promise settled from the test: the request on its way. */
function pending<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

let location: ReturnType<typeof memoryLocation> & { history: string[] };
const renderButton = (ready = true) =>
  render(
    <Router hook={location.hook}>
      <PayButton toPay={80_000} order={order} ready={ready} />
    </Router>,
  );
const button = () => screen.getByRole('button', { name: 'Оплатить 800,00 ₽' });
const busy = () => button().getAttribute('aria-busy') === 'true';
const dialogs = () => chromeStore.getState().dialogItems;
/** Lets the answer arrive and React render what followed. */
const settle = () => act(async () => {});

describe('pay button: the SPEC 4 pay flow and its double-tap guard', () => {
  beforeEach(() => {
    resetAppStores();
    const state = appSnapshot();
    state.setUser({ id: '7', password: 'token', authorized: true });
    state.addToCart('5', { item: '101', cnt: 2 });
    location = memoryLocation({ path: '/cart', record: true });
  });
  afterEach(() => {
    cleanup();
    vi.mocked(createOrder).mockReset();
  });

  it('places one order for two taps in the same tick, is busy meanwhile, then opens the payment', async () => {
    const answer = pending<OrderCreated>();
    vi.mocked(createOrder).mockReturnValue(answer.promise);
    renderButton();
    expect(busy()).toBe(false);

    act(() => {
      button().click();
      button().click();
    });
    expect(createOrder).toHaveBeenCalledTimes(1);
    expect(busy()).toBe(true);
    // A tap on the busy button does nothing either.
    act(() => button().click());
    expect(createOrder).toHaveBeenCalledTimes(1);

    const request = vi.mocked(createOrder).mock.calls[0]?.[0];
    // The coupon the cart quoted and the total it showed go with the order (issue 12).
    expect(request).toMatchObject({
      restaurantId: '5',
      orderType: 'self',
      lines,
      cutlery: order.cutlery,
      email: 'guest@example.ru',
      paySystem: 'card',
      coupon: 'ZHAR10',
      expectedSum: 80_000,
    });
    expect(request?.idempotencyKey).toBe(cartStore.getState().checkout.idempotencyKey);

    answer.resolve(placed());
    await settle();
    expect(location.history.at(-1)).toBe('/payment');
    expect(cartStore.getState().checkout.order).toEqual({ id: '501', number: 'С-017', sum: 80_000, paySystem: 'card' });
    expect(cartStore.getState().cart).toEqual([]);
    expect(dialogs()).toEqual([]);
  });

  it('after a network failure only takes taps again: no dialog, the same attempt key', async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null));
    renderButton();
    act(() => button().click());
    await settle();
    expect(busy()).toBe(false);
    expect(dialogs()).toEqual([]);
    expect(location.history).toEqual(['/cart']);
    const key = cartStore.getState().checkout.idempotencyKey;

    vi.mocked(createOrder).mockResolvedValueOnce(placed());
    act(() => button().click());
    await settle();
    expect(createOrder).toHaveBeenCalledTimes(2);
    expect(vi.mocked(createOrder).mock.calls[1]?.[0].idempotencyKey).toBe(key);
    expect(location.history.at(-1)).toBe('/payment');
  });

  it("shows the server's refusal in the 'Внимание' dialog and takes taps once it is closed (SPEC 8)", async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(new ApiError('Ресторан сейчас закрыт', 'server', 409, 'closed'));
    renderButton();
    act(() => button().click());
    await settle();
    expect(dialogs()).toMatchObject([{ title: ATTENTION_TITLE, message: 'Ресторан сейчас закрыт' }]);
    expect(busy()).toBe(true);
    expect(location.history).toEqual(['/cart']);

    act(() => chromeStore.getState().resolveDialog(dialogs()[0]!.id, null));
    await settle();
    expect(busy()).toBe(false);
    expect(cartStore.getState().cart).toHaveLength(1);
  });

  it('starts a new attempt key after idempotency_conflict', async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(
      new ApiError('Повторите заказ', 'server', 409, 'idempotency_conflict'),
    );
    renderButton();
    act(() => button().click());
    await settle();
    expect(cartStore.getState().checkout.idempotencyKey).toBeNull();
    expect(dialogs()).toMatchObject([{ title: ATTENTION_TITLE, message: 'Повторите заказ' }]);
  });

  it('after sum_changed says so and asks the menu again, so the cart shows the new total (issue 12)', async () => {
    const asked = {
      restaurantId: '5',
      fsUid: 'fs-kursky',
      orderType: 'self' as const,
      isShop: 0 as const,
      lockCode: '',
      userId: null,
    };
    menuQuery.set(asked, { categories: [], dishes: [], stories: [], lock_code: null, stop_text: '', min_sum: null });
    const refetch = vi.spyOn(menuQuery, 'refetch').mockImplementation(() => undefined);
    const message = 'Сумма заказа изменилась: теперь 900,00 ₽. Проверьте корзину и оплатите снова.';
    vi.mocked(createOrder).mockRejectedValueOnce(new ApiError(message, 'server', 409, 'sum_changed'));
    renderButton();
    act(() => button().click());
    await settle();
    expect(refetch).toHaveBeenCalledWith(asked);
    expect(dialogs()).toMatchObject([{ title: ATTENTION_TITLE, message }]);
    expect(location.history).toEqual(['/cart']);
    refetch.mockRestore();
  });

  it('after delivery_quote_stale asks the menu again and quotes the delivery again, so the next tap names a fresh quote (issue 31)', async () => {
    const asked = {
      restaurantId: '5',
      fsUid: 'fs-kursky',
      orderType: 'delivery' as const,
      isShop: 0 as const,
      lockCode: '',
      userId: null,
    };
    menuQuery.set(asked, { categories: [], dishes: [], stories: [], lock_code: null, stop_text: '', min_sum: null });
    const refetch = vi.spyOn(menuQuery, 'refetch').mockImplementation(() => undefined);
    const requote = vi.fn();
    const message =
      'Стоимость доставки устарела: корзина, адрес или время доставки изменились. Проверьте сумму и оформите заказ снова.';
    vi.mocked(createOrder).mockRejectedValueOnce(new ApiError(message, 'server', 409, 'delivery_quote_stale'));
    render(
      <Router hook={location.hook}>
        <PayButton toPay={80_000} order={{ ...order, orderType: 'delivery', deliveryUuid: 'quote-1', requote }} ready />
      </Router>,
    );
    act(() => button().click());
    await settle();
    expect(refetch).toHaveBeenCalledWith(asked);
    expect(requote).toHaveBeenCalledOnce();
    expect(dialogs()).toMatchObject([{ title: ATTENTION_TITLE, message }]);
    expect(location.history).toEqual(['/cart']);
    refetch.mockRestore();
  });

  it('for a delayed order shows its message, then goes home', async () => {
    vi.mocked(createOrder).mockResolvedValueOnce(placed({ delayed: 1, message: 'Заказ принят на завтра' }));
    renderButton();
    act(() => button().click());
    await settle();
    expect(dialogs()).toMatchObject([{ title: ATTENTION_TITLE, message: 'Заказ принят на завтра' }]);
    expect(location.history).toEqual(['/cart']);

    act(() => chromeStore.getState().resolveDialog(dialogs()[0]!.id, null));
    await settle();
    expect(location.history.at(-1)).toBe('/');
    expect(cartStore.getState().checkout.order?.id).toBe('501');
  });

  it('waits while the extras load: busy, and a tap places nothing', () => {
    renderButton(false);
    expect(busy()).toBe(true);
    act(() => button().click());
    expect(createOrder).not.toHaveBeenCalled();
  });

  it('on a kiosk orders as the kiosk, under a fresh key for the next guest once this order is placed (SPEC 6, issue 14)', async () => {
    vi.mocked(createOrder).mockResolvedValue(placed());
    const state = appSnapshot();
    state.setKiosk(true);
    state.setKioskToken('kiosk-device-token');
    state.updateCheckout({ table: '5' });
    const kioskOrder: CartOrder = {
      ...order,
      orderType: 'inrest',
      kiosk: true,
      paySystem: 'sbp',
      email: '',
      coupon: '',
    };
    render(
      <Router hook={location.hook}>
        <PayButton toPay={80_000} order={kioskOrder} ready />
      </Router>,
    );
    act(() => button().click());
    await settle();
    const first = vi.mocked(createOrder).mock.calls[0]?.[0];
    expect(first).toMatchObject({
      kiosk: true,
      kioskToken: 'kiosk-device-token',
      orderType: 'inrest',
      table: '5',
      paySystem: 'sbp',
    });
    // The placed order forgets its key: the next checkout makes its own.
    expect(cartStore.getState().checkout.idempotencyKey).toBeNull();
    expect(cartStore.getState().checkoutKey()).not.toBe(first?.idempotencyKey);
  });

  it('on a kiosk the server no longer takes (kiosk_not_connected) says why, forgets the token and goes Home, where staff connect it; the cart stays (decision 038)', async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(
      new ApiError(KIOSK_NOT_CONNECTED_MESSAGE, 'server', 403, 'kiosk_not_connected'),
    );
    const state = appSnapshot();
    state.setKiosk(true);
    state.setKioskToken('ended-token');
    state.updateCheckout({ table: '5' });
    render(
      <Router hook={location.hook}>
        <PayButton
          toPay={80_000}
          order={{ ...order, orderType: 'inrest', kiosk: true, paySystem: 'sbp', email: '', coupon: '' }}
          ready
        />
      </Router>,
    );
    act(() => button().click());
    await settle();
    expect(dialogs()[0]).toMatchObject({ title: ATTENTION_TITLE, message: KIOSK_NOT_CONNECTED_MESSAGE });
    expect(kioskStore.getState().kioskToken).toBe('');
    act(() => chromeStore.getState().resolveDialog(dialogs()[0]!.id, 0));
    await settle();
    expect(location.history.at(-1)).toBe('/');
    expect(cartStore.getState().cart).toHaveLength(1);
  });
});
