// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_FAILED_MESSAGE } from '@chain/domain';
import { restaurantWire } from '../../api/delivery-fixtures.test-support';
import { restaurantListQuery } from '../../api/restaurants';
import { EMPTY_USER } from '../../state/app-store';
import { appStore } from '../../state/store';
import KioskPage from './kiosk-page';

const TVERSKAYA = restaurantWire({ id: 10, fs_uid: 'fs-tverskaya', name: 'Жар-печь на Тверской', nameShort: 'Тверская' });
const BRONNAYA = restaurantWire({ id: 7 });

let location: ReturnType<typeof memoryLocation> & { history: string[] };
function renderStart(path: string) {
  location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Route path="/kiosk/:id" component={KioskPage} />
    </Router>,
  );
}
const settle = () => act(async () => {});

describe('SPEC 2 Kiosk start page (/kiosk/{id}, issue 14)', () => {
  beforeEach(() => {
    appStore.setState(appStore.getInitialState());
    restaurantListQuery.set(undefined, [BRONNAYA, TVERSKAYA]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks whether to run as the named restaurant’s kiosk, saying what changes', () => {
    renderStart('/kiosk/10');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Включить режим киоска для ресторана «Жар-печь на Тверской»?');
    expect(screen.getByText(/QR-коду СБП/)).toBeTruthy();
    expect(screen.getByText(/только сотрудник с кодом/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Да' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Нет' })).toBeTruthy();
  });

  it('«Да»: kiosk mode for this restaurant, the user out, the last guest’s cart gone, then /', () => {
    const state = appStore.getState();
    state.setUser({ authorized: true, id: '42', password: 'token', name: 'Анна' });
    state.setRestaurant({ id: '10' });
    state.addToCart('10', { item: '101' });
    state.updateCheckout({ table: '3' });
    renderStart('/kiosk/10');
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    const after = appStore.getState();
    expect(after.kiosk).toBe(true);
    expect(after.restaurant).toEqual({ id: '10', name: 'Жар-печь на Тверской', nameShort: 'Тверская' });
    expect(after.user).toEqual(EMPTY_USER);
    expect(after.cart).toEqual([]);
    expect(after.checkout.table).toBe('');
    expect(after.orderType).toBe('inrest');
    expect(location.history.at(-1)).toBe('/');
  });

  it('takes the restaurant by its fs_uid too', () => {
    renderStart('/kiosk/fs-tverskaya');
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    expect(appStore.getState().restaurant?.id).toBe('10');
  });

  it('«Нет»: nothing changes, then /', () => {
    appStore.getState().setUser({ authorized: true, id: '42', password: 'token' });
    const before = appStore.getState();
    renderStart('/kiosk/10');
    fireEvent.click(screen.getByRole('button', { name: 'Нет' }));
    const after = appStore.getState();
    expect(after.kiosk).toBe(false);
    expect(after.user).toBe(before.user);
    expect(after.restaurant).toBe(before.restaurant);
    expect(location.history.at(-1)).toBe('/');
  });

  it('an unknown restaurant says so and offers no «Да»', () => {
    renderStart('/kiosk/999');
    expect(screen.getByRole('heading', { name: 'Ресторан не найден' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Да' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'На главную' }));
    expect(appStore.getState().kiosk).toBe(false);
    expect(location.history.at(-1)).toBe('/');
  });

  it('a list that fails to load says «Ошибка загрузки данных» with «Повторить»', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    restaurantListQuery.invalidate();
    restaurantListQuery.refetch();
    await settle();
    renderStart('/kiosk/10');
    await settle();
    expect(screen.getByText(LOAD_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Да' })).toBeNull();
  });
});
