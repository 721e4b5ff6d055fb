// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuDish } from '@chain/contract';
import { ADD_TO_CART_LOCKOUT_MS } from '@chain/domain';
import { cartStore } from '../../state/store';
import { createTapLock } from './add-to-cart-lock';
import { DishCard } from './menu-page';
import { resetAppStores } from '../../state/stores.test-support';

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

describe('SPEC 9 add-to-cart tap lockout: the lock', () => {
  it('SPEC 9: a second tap on the dish within 500 ms is refused, one 500 ms after the last taken is let through', () => {
    let clock = 1_000;
    const lock = createTapLock(ADD_TO_CART_LOCKOUT_MS, () => clock);
    expect(lock.take(101)).toBe(true);
    clock += ADD_TO_CART_LOCKOUT_MS - 1;
    expect(lock.held(101)).toBe(true);
    expect(lock.take(101)).toBe(false);
    // A refused tap does not move the lock: 500 ms after the first, a tap adds again.
    clock += 1;
    expect(lock.held(101)).toBe(false);
    expect(lock.take(101)).toBe(true);
    expect(lock.take(101)).toBe(false);
  });

  it('SPEC 9: another dish is added at once, and then holds the lock itself', () => {
    let clock = 1_000;
    const lock = createTapLock(ADD_TO_CART_LOCKOUT_MS, () => clock);
    expect(lock.take(101)).toBe(true);
    clock += 100;
    expect(lock.held(102)).toBe(false);
    expect(lock.take(102)).toBe(true);
    expect(lock.take(102)).toBe(false);
  });
});

describe('SPEC 2 Menu product card «+» under the SPEC 9 add-to-cart lockout', () => {
  // The lock reads the page's monotonic clock, performance.now(): one fake clock for the block,
  // so the app's one lock never sees time run backwards between tests.
  beforeAll(() => vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] }));
  afterAll(() => vi.useRealTimers());
  beforeEach(() => {
    // The app's one lock remembers the tap of the test before: that was long ago.
    vi.advanceTimersByTime(ADD_TO_CART_LOCKOUT_MS);
    resetAppStores();
  });
  afterEach(cleanup);

  const renderCard = () =>
    render(
      <Router hook={memoryLocation({ path: '/menu/5/self' }).hook}>
        <DishCard dish={soup} stopText="" restaurantId="5" eager={false} favourite={false} />
      </Router>,
    );
  const count = () => cartStore.getState().cart.reduce((sum, line) => sum + line.cnt, 0);
  const plus = () =>
    screen.queryByRole('button', { name: 'Добавить в корзину: Борщ' }) ??
    screen.getByRole('button', { name: 'Увеличить количество: Борщ' });

  it('SPEC 9: two taps on «+» within 500 ms add one (the second lands on the stepper that replaced it)', () => {
    renderCard();
    act(() => plus().click());
    expect(count()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(ADD_TO_CART_LOCKOUT_MS - 100);
    });
    act(() => plus().click());
    expect(count()).toBe(1);
  });

  it('SPEC 9: after 500 ms a second tap adds a second one', () => {
    renderCard();
    act(() => plus().click());
    act(() => {
      vi.advanceTimersByTime(ADD_TO_CART_LOCKOUT_MS);
    });
    act(() => plus().click());
    expect(count()).toBe(2);
    // The stepper itself is not locked: the guest counts up at their own pace.
    act(() => plus().click());
    expect(count()).toBe(3);
  });
});
