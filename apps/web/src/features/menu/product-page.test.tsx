// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MenuDish, zagruzkaLoadCookTimeAction } from '@chain/contract';
import { ADD_TO_CART_LOCKOUT_MS } from '@chain/domain';
import { callAction } from '../../api/action';
import { ApiError } from '../../api/client';
import { cookTimeQuery } from '../../api/load';
import { type MenuQuery, menuQuery } from '../../api/menu';
import { cartStore } from '../../state/store';
import ProductPage from './product-page';
import { shownCookMinutes } from './product-model';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/action'), async (importOriginal) => ({ ...(await importOriginal()), callAction: vi.fn() }));

const soup: MenuDish = {
  id: 101,
  name: 'Борщ',
  thumb: '',
  img: '',
  price: 35_000,
  weight: '300 г',
  sostav: 'Свёкла, капуста',
  more_ingredients: '',
  allowed: true,
  is_locked: 0,
  is_shop: 0,
  categoryId: 1,
  cook_time: 15,
  spec: [],
  labels: [],
};
const asked: MenuQuery = {
  restaurantId: '5',
  fsUid: 'fs-kursky',
  orderType: 'self',
  isShop: 0,
  lockCode: '',
  userId: null,
};
const tonight = { deliveryDate: '28.11.2026', deliveryTime: '19:30', isTimePeriods: false };
const answer = (cookTime: number) => ({
  cookTime,
  cookTimeText: `около ${cookTime} мин`,
  zagruzkaPerc: 80,
  time: 1_796_000_000,
});

/** A promise settled from the test: the request on its way. */
function pending<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

const renderProduct = (dish: MenuDish = soup) => {
  menuQuery.set(asked, { categories: [], dishes: [dish], stories: [], lock_code: null, stop_text: '', min_sum: null });
  return render(
    <Router hook={memoryLocation({ path: `/product/${dish.id}` }).hook}>
      <Route path="/product/:id" component={ProductPage} />
    </Router>,
  );
};
const cookLine = () => screen.queryByText(/^Приготовим примерно за/)?.textContent ?? null;
/** Lets the answer arrive and React render what followed. */
const settle = () => act(async () => {});

describe('SPEC 2 Product «Приготовим примерно за …» from SPEC 7 zagruzkaLoadCookTime', () => {
  beforeEach(() => {
    resetAppStores();
    // Answers of an earlier test are stale: each test asks afresh.
    cookTimeQuery.invalidate();
  });
  afterEach(() => {
    cleanup();
    vi.mocked(callAction).mockReset();
  });

  it("SPEC 7, SPEC 2 Product: asks zagruzkaLoadCookTime for the menu's restaurant and order type at the cart's chosen time, shows the menu's cook_time until the kitchen answers, then its minutes", async () => {
    cartStore.getState().updateCheckout({ deliveryDateTime: tonight });
    const kitchen = pending<unknown>();
    vi.mocked(callAction).mockReturnValueOnce(kitchen.promise);
    renderProduct();

    expect(cookLine()).toBe('Приготовим примерно за 15 мин');
    expect(callAction).toHaveBeenCalledExactlyOnceWith(
      zagruzkaLoadCookTimeAction,
      { fs_uid: 'fs-kursky', product_id: 101, orderType: 'self', delivery_datetime_props: tonight },
      { user_id: null, token: null },
    );

    await act(async () => kitchen.resolve(answer(27)));
    expect(cookLine()).toBe('Приготовим примерно за 27 мин');
  });

  it("SPEC 7, SPEC 2 Product: as soon as ready sends no time; a failed answer leaves the menu's cook_time", async () => {
    vi.mocked(callAction).mockRejectedValueOnce(
      new ApiError('Этот ресторан не принимает заказы такого типа.', 'server', 409, 'order_type_not_offered'),
    );
    renderProduct();
    expect(callAction).toHaveBeenCalledExactlyOnceWith(
      zagruzkaLoadCookTimeAction,
      { fs_uid: 'fs-kursky', product_id: 101, orderType: 'self' },
      { user_id: null, token: null },
    );
    await settle();
    expect(cookLine()).toBe('Приготовим примерно за 15 мин');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('SPEC 7, SPEC 2 Product: asks once per dish and time — reopening reads the kept answer, another chosen time asks again', async () => {
    vi.mocked(callAction).mockResolvedValue(answer(22));
    const first = renderProduct();
    await settle();
    expect(cookLine()).toBe('Приготовим примерно за 22 мин');
    first.unmount();

    // The guest goes back to the menu and opens the dish again: no new request, no menu minutes first.
    renderProduct();
    expect(cookLine()).toBe('Приготовим примерно за 22 мин');
    expect(callAction).toHaveBeenCalledOnce();

    act(() => cartStore.getState().updateCheckout({ deliveryDateTime: tonight }));
    await settle();
    expect(callAction).toHaveBeenCalledTimes(2);
    expect(vi.mocked(callAction).mock.calls[1]?.[1]).toMatchObject({ delivery_datetime_props: tonight });
  });

  it('SPEC 2 Product: a dish without a cook time has no line and asks nothing', () => {
    renderProduct({ ...soup, id: 102, cook_time: 0 });
    expect(cookLine()).toBeNull();
    expect(callAction).not.toHaveBeenCalled();
  });

  it("SPEC 2 Product: the kitchen's minutes when it answered, else the menu's; none without a cook time", () => {
    expect(shownCookMinutes(15, null)).toBe(15);
    expect(shownCookMinutes(15, 27)).toBe(27);
    expect(shownCookMinutes(15, 0)).toBe(15);
    expect(shownCookMinutes(0, 27)).toBe(0);
  });
});

describe('SPEC 2 Product «Добавить в корзину» under the SPEC 9 add-to-cart lockout', () => {
  // The app's one lock reads performance.now(): one fake clock for the block, never running backwards.
  beforeAll(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterAll(() => vi.useRealTimers());
  beforeEach(() => {
    vi.advanceTimersByTime(ADD_TO_CART_LOCKOUT_MS);
    resetAppStores();
    cartStore.getState().setRestaurant({ id: '5', name: 'Курский', nameShort: 'Курский' });
    vi.mocked(callAction).mockResolvedValue(answer(15));
  });
  afterEach(() => {
    cleanup();
    vi.mocked(callAction).mockReset();
  });
  const add = () => act(() => screen.getByRole('button', { name: 'Добавить в корзину' }).click());
  const count = () => cartStore.getState().cart.reduce((sum, line) => sum + line.cnt, 0);

  it('SPEC 9: two taps within 500 ms add one; a tap 500 ms after the first adds another', () => {
    renderProduct();
    add();
    vi.advanceTimersByTime(ADD_TO_CART_LOCKOUT_MS - 1);
    add();
    expect(count()).toBe(1);
    vi.advanceTimersByTime(1);
    add();
    expect(count()).toBe(2);
  });
});
