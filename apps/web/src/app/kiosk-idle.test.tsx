// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_IDLE_QUESTION } from '@chain/domain';
import { cartStore, chromeStore, kioskStore } from '../state/store';
import KioskIdle from './kiosk-idle';
import { kioskScreen } from './kiosk-screen';
import { offerUpdate } from './service-worker';
import { appSnapshot, resetAppStores } from '../state/stores.test-support';

/** As the shell mounts it: the screen of the current location. */
function IdleHere() {
  const [path] = useLocation();
  return <KioskIdle screen={kioskScreen(path)} />;
}

let location: ReturnType<typeof memoryLocation> & { history: string[] };
function renderIdle(path: string) {
  location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <IdleHere />
    </Router>,
  );
}

/** Lets this much time pass on the fake clock, rendering what the timers changed. */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const overlay = () => screen.queryByRole('alertdialog', { name: KIOSK_IDLE_QUESTION });
const count = () => document.querySelector('.kiosk-idle__count')?.textContent;

/** A kiosk at restaurant 1 with a guest's table and cart, on the fake clock. */
function startKioskGuest() {
  vi.useFakeTimers();
  resetAppStores();
  const state = appSnapshot();
  state.setKiosk(true);
  state.setRestaurant({ id: '1', name: 'Центральный' });
  state.setOrderType('inrest');
  state.updateCheckout({ table: '12' });
  state.addToCart('1', { item: '101', cnt: 2 });
}

describe('kiosk idle (SPEC 4 Kiosk, SPEC 9: 15 000 ms, then 10 s)', () => {
  beforeEach(startKioskGuest);
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks «Вы ещё здесь?» after 15 s without a touch on a screen other than Home', async () => {
    renderIdle('/menu/1/inrest');
    await wait(14_999);
    expect(overlay()).toBeNull();
    await wait(1);
    expect(overlay()).not.toBeNull();
    expect(kioskStore.getState().kioskIdleVisible).toBe(true);
    expect(count()).toBe('10');
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBe(document.activeElement);
  });

  it("waits while a pay tap's order is on its way, and counts afresh from its answer", async () => {
    renderIdle('/cart');
    act(() => kioskStore.getState().setPlacingOrder(true));
    await wait(60_000);
    expect(overlay()).toBeNull();
    act(() => kioskStore.getState().setPlacingOrder(false));
    await wait(14_999);
    expect(overlay()).toBeNull();
    await wait(1);
    expect(overlay()).not.toBeNull();
  });

  it('never idles on a Home with no guest, on the Kiosk start page or on a follow link', async () => {
    for (const path of ['/kiosk/1', '/follow/abc']) {
      renderIdle(path);
      await wait(120_000);
      expect(overlay()).toBeNull();
      cleanup();
    }
    expect(cartStore.getState().cart).toHaveLength(1);
    kioskStore.getState().endKioskGuest();
    renderIdle('/');
    await wait(600_000);
    expect(overlay()).toBeNull();
    expect(location.history).toEqual(['/']);
  });

  it('idles on Home when a guest left their cart and table there (the logo, «Главная»), and the next guest gets none of it', async () => {
    cartStore.getState().checkoutKey();
    renderIdle('/');
    await wait(14_999);
    expect(overlay()).toBeNull();
    await wait(1);
    expect(count()).toBe('10');
    await wait(10_000);
    const state = appSnapshot();
    expect(state.cart).toEqual([]);
    expect(state.checkout.table).toBe('');
    expect(state.checkout.idempotencyKey).toBeNull();
    expect(overlay()).toBeNull();
    // The next guest's Home is clean: it waits for them as long as it takes.
    await wait(600_000);
    expect(overlay()).toBeNull();
  });

  it('lets the guest who went back to the keypad (to change the table) keep their cart while they touch it', async () => {
    renderIdle('/cart');
    act(() => location.navigate('/'));
    for (let step = 0; step < 4; step += 1) {
      await wait(14_000);
      fireEvent.pointerDown(document.body);
    }
    expect(overlay()).toBeNull();
    act(() => location.navigate('/menu/1/inrest'));
    expect(cartStore.getState().cart).toHaveLength(1);
    expect(cartStore.getState().checkout.table).toBe('12');
  });

  it("idles on Home for a placed order or accessibility mode left there too, in accessibility mode's own time", async () => {
    kioskStore.getState().endKioskGuest();
    cartStore.getState().orderPlaced({ id: '17', number: 'К-001', sum: 50_000, paySystem: 'sbp', followToken: 'tok' });
    renderIdle('/');
    await wait(15_000);
    expect(count()).toBe('10');
    await wait(10_000);
    expect(cartStore.getState().checkout.order).toBeNull();
    cleanup();

    kioskStore.getState().setKioskAccessible(true);
    renderIdle('/');
    await wait(44_999);
    expect(overlay()).toBeNull();
    await wait(1);
    expect(count()).toBe('30');
    await wait(30_000);
    expect(kioskStore.getState().kioskAccessible).toBe(false);
  });

  it("a new screen under the overlay (payment polled to Thanks) hides it; the count starts again with the new screen's time", async () => {
    cartStore.getState().orderPlaced({ id: '17', number: 'К-001', sum: 50_000, paySystem: 'sbp', followToken: 'tok' });
    renderIdle('/payment');
    await wait(90_000);
    await wait(5_000);
    expect(count()).toBe('5');
    act(() => location.navigate('/thanks', { replace: true }));
    expect(overlay()).toBeNull();
    expect(kioskStore.getState().kioskIdleVisible).toBe(false);
    await wait(10_000);
    expect(cartStore.getState().checkout.order?.followToken).toBe('tok');
    expect(location.history.at(-1)).toBe('/thanks');
    expect(overlay()).toBeNull();
    await wait(5_000);
    expect(count()).toBe('10');
  });

  it('starts counting again at every touch, key, wheel or new screen', async () => {
    renderIdle('/cart');
    await wait(10_000);
    fireEvent.pointerDown(document.body);
    await wait(10_000);
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    await wait(10_000);
    fireEvent.touchStart(document.body);
    await wait(10_000);
    fireEvent.wheel(document.body);
    await wait(10_000);
    act(() => location.navigate('/product/101'));
    await wait(14_000);
    expect(overlay()).toBeNull();
    await wait(1_000);
    expect(overlay()).not.toBeNull();
  });

  it('counts down each second; a touch on the overlay stops it and counting starts again', async () => {
    renderIdle('/cart');
    await wait(15_000);
    await wait(3_000);
    expect(count()).toBe('7');
    fireEvent.click(screen.getByText(KIOSK_IDLE_QUESTION));
    expect(overlay()).toBeNull();
    expect(kioskStore.getState().kioskIdleVisible).toBe(false);
    await wait(14_000);
    expect(overlay()).toBeNull();
    expect(cartStore.getState().cart).toHaveLength(1);
    await wait(1_000);
    expect(count()).toBe('10');
  });

  it('counts against the clock: a timer that fires late still shows the true time left', async () => {
    renderIdle('/cart');
    await wait(15_000);
    // The page was busy for 3 s: the clock moved on, no timer ran.
    vi.setSystemTime(Date.now() + 3_000);
    await wait(1_000);
    expect(count()).toBe('6');
    await wait(5_000);
    expect(count()).toBe('1');
    await wait(1_000);
    expect(location.history.at(-1)).toBe('/');
  });

  it('«Продолжить» keeps the guest where they were with everything they chose', async () => {
    renderIdle('/cart');
    await wait(15_000);
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(overlay()).toBeNull();
    await wait(10_000);
    expect(location.history.at(-1)).toBe('/cart');
    expect(cartStore.getState().cart).toHaveLength(1);
    expect(cartStore.getState().checkout.table).toBe('12');
  });

  it('left alone to 0, starts the next guest clean on Home: cart, table, sheets and dialogs', async () => {
    renderIdle('/cart');
    const answers: Array<number | null> = [];
    chromeStore.getState().setSpecModal('101');
    chromeStore.getState().enqueueDialog({ message: 'Вопрос', resolve: (choice) => answers.push(choice) });
    await wait(15_000);
    await wait(9_000);
    expect(count()).toBe('1');
    expect(cartStore.getState().cart).toHaveLength(1);
    await wait(1_000);
    const state = appSnapshot();
    expect(state.cart).toEqual([]);
    expect(state.checkout.table).toBe('');
    expect(state.specModal).toBeNull();
    expect(state.dialogItems).toEqual([]);
    expect(answers).toEqual([null]);
    expect(state.kioskIdleVisible).toBe(false);
    expect(state.kiosk).toBe(true);
    expect(location.history.at(-1)).toBe('/');
    expect(overlay()).toBeNull();
  });

  it('waits 90 s on the payment screen: the guest is paying on their phone', async () => {
    renderIdle('/payment');
    await wait(89_999);
    expect(overlay()).toBeNull();
    await wait(1);
    expect(overlay()).not.toBeNull();
    expect(count()).toBe('10');
  });

  it('gives three times as long in accessibility mode: 45 s, then 30 s', async () => {
    kioskStore.getState().setKioskAccessible(true);
    renderIdle('/menu/1/inrest');
    await wait(44_999);
    expect(overlay()).toBeNull();
    await wait(1);
    expect(count()).toBe('30');
    await wait(29_000);
    expect(cartStore.getState().cart).toHaveLength(1);
    await wait(1_000);
    expect(cartStore.getState().cart).toEqual([]);
    expect(kioskStore.getState().kioskAccessible).toBe(false);
    expect(location.history.at(-1)).toBe('/');
  });

  it('announces the time left once, not every second', async () => {
    renderIdle('/cart');
    await wait(15_000);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Осталось 10 с.');
    await wait(4_000);
    expect(status.textContent).toBe('Осталось 10 с.');
  });
});

describe('kiosk screens', () => {
  it('tells Home, payment and the rest apart; the start page and follow links are no kiosk screens', () => {
    expect(kioskScreen('/')).toBe('home');
    expect(kioskScreen('/payment')).toBe('payment');
    expect(kioskScreen('/menu/1/inrest')).toBe('other');
    expect(kioskScreen('/thanks')).toBe('other');
    expect(kioskScreen('/no-such-page')).toBe('other');
    expect(kioskScreen('/kiosk/1')).toBeNull();
  });
});

describe('a kiosk and a new version of the app (issue 18)', () => {
  beforeEach(startKioskGuest);
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('takes a waiting new version by itself on Home once no guest is there, never under an order (issue 18)', async () => {
    const take = vi.fn();
    offerUpdate(take);
    // A guest's cart and table on the menu, then on Home: not now.
    renderIdle('/menu/1/inrest');
    await wait(1000);
    act(() => location.navigate('/'));
    await wait(1000);
    expect(take).not.toHaveBeenCalled();
    // The guest has gone (the idle reset empties the kiosk): the new version is taken.
    act(() => kioskStore.getState().endKioskGuest());
    await wait(0);
    expect(take).toHaveBeenCalledTimes(1);
  });
});
