// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryZoneWire, RestaurantWire } from '@chain/contract';
import { DELIVERY_TIME_REQUIRED_MESSAGE, DELIVERY_TIME_TICK_MS, NO_DELIVERY_TIME_TODAY_MESSAGE } from '@chain/domain';
import { restaurantWire, zoneWire } from '../../api/delivery-fixtures.test-support';
import { restaurantListQuery } from '../../api/restaurants';
import type { DeliveryAddress } from '../../state/cart-store';
import { cartStore } from '../../state/store';
import DeliveryTimePage from './delivery-time-page';
import { resetAppStores } from '../../state/stores.test-support';

const ALL_WEEK = [1, 1, 1, 1, 1, 1, 1];
const zone = (patch: Partial<DeliveryZoneWire> = {}) =>
  zoneWire({
    periods: JSON.stringify([
      { from: '10:00', to: '12:00', days: ALL_WEEK },
      { from: '12:00', to: '14:00', days: ALL_WEEK },
      { from: '18:00', to: '20:00', days: ALL_WEEK },
    ]),
    time_limit: 60,
    ...patch,
  });
const restaurant = (patch: Partial<RestaurantWire> = {}) => restaurantWire({ deliveryZone: [zone()], ...patch });

const HOME: DeliveryAddress = {
  id: '5',
  full: 'Москва, Малая Бронная улица, 24',
  short: 'Малая Бронная улица, 24',
  long: 'Москва, Малая Бронная улица, 24, подъезд 2, кв. 12',
  lat: 55.76,
  lon: 37.59,
  podjezd: '2',
  domofon: '',
  etaz: '',
  room: '12',
  comment: '',
};

/** Monday 23 November 2026 at this Moscow time (UTC+3). */
const moscow = (time: string) => new Date(`2026-11-23T${time}:00+03:00`);

let location: ReturnType<typeof memoryLocation> & { history: string[] };
function renderPage(restaurants: RestaurantWire[] = [restaurant()]) {
  restaurantListQuery.set(undefined, restaurants);
  location = memoryLocation({ path: '/delivery_time', record: true });
  return render(
    <Router hook={location.hook}>
      <DeliveryTimePage />
    </Router>,
  );
}
const period = (label: string) => screen.getByRole<HTMLInputElement>('radio', { name: label });
const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Применить' }));

describe('delivery time (SPEC 2 Delivery time, SPEC 5, 8, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    resetAppStores();
    cartStore.getState().chooseDeliveryAddress(HOME, { id: '7', name: 'Жар-печь на Бронной', nameShort: 'Бронная' });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    restaurantListQuery.invalidate();
  });

  it('offers today and the deliveryDaysTrue days after it, in Russian with the full weekday and genitive month', () => {
    vi.setSystemTime(moscow('11:30'));
    renderPage();
    const dates = screen.getAllByRole('radio').filter((input) => (input as HTMLInputElement).name === 'delivery-date');
    expect(dates.map((input) => input.closest('label')?.textContent)).toEqual([
      'Сегодня',
      'Вторник, 24 ноября',
      'Среда, 25 ноября',
    ]);
    expect((dates[0] as HTMLInputElement).checked).toBe(true);
  });

  it('closes a period whose start minus time_limit has come, also one still ahead (SPEC 5)', () => {
    vi.setSystemTime(moscow('11:30'));
    renderPage();
    expect(period('10:00–12:00').disabled).toBe(true);
    // 12:00 − 60 min = 11:00, before 11:30: closed although it has not started.
    expect(period('12:00–14:00').disabled).toBe(true);
    expect(period('18:00–20:00').disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Вторник, 24 ноября' }));
    expect(period('12:00–14:00').disabled).toBe(false);
  });

  it('asks to choose a time when Apply is pressed with none chosen, and stays', () => {
    vi.setSystemTime(moscow('11:30'));
    renderPage();
    apply();
    expect(screen.getByRole('alert').textContent).toBe(DELIVERY_TIME_REQUIRED_MESSAGE);
    expect(location.history).toEqual(['/delivery_time']);
    expect(cartStore.getState().checkout.deliveryDateTime).toBeNull();
  });

  it("stores the chosen date and period and opens the delivery menu of the zone's restaurant", () => {
    vi.setSystemTime(moscow('11:30'));
    cartStore.getState().addToCart('7', { item: '101' });
    renderPage();
    fireEvent.click(period('18:00–20:00'));
    apply();
    expect(cartStore.getState().checkout.deliveryDateTime).toEqual({
      deliveryDate: '23.11.2026',
      deliveryTime: '18:00-20:00',
      isTimePeriods: true,
    });
    expect(location.history.at(-1)).toBe('/menu/7/delivery');
    expect(cartStore.getState().cart).toHaveLength(1);
  });

  it('says there is no time left today when every period of today is closed, and offers the other dates', () => {
    vi.setSystemTime(moscow('17:30'));
    renderPage();
    expect(screen.getByRole('status').textContent).toContain(NO_DELIVERY_TIME_TODAY_MESSAGE);
    apply();
    expect(screen.getByRole('alert').textContent).toContain(NO_DELIVERY_TIME_TODAY_MESSAGE);
    expect(cartStore.getState().checkout.deliveryDateTime).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Среда, 25 ноября' }));
    expect(screen.queryByText(NO_DELIVERY_TIME_TODAY_MESSAGE, { exact: false })).toBeNull();
    fireEvent.click(period('10:00–12:00'));
    apply();
    expect(cartStore.getState().checkout.deliveryDateTime).toEqual({
      deliveryDate: '25.11.2026',
      deliveryTime: '10:00-12:00',
      isTimePeriods: true,
    });
  });

  it('follows the clock every 60 s: the last period closes while the screen is open', () => {
    vi.setSystemTime(moscow('16:59'));
    renderPage();
    fireEvent.click(period('18:00–20:00'));
    expect(period('18:00–20:00').checked).toBe(true);
    act(() => {
      vi.advanceTimersByTime(DELIVERY_TIME_TICK_MS);
    });
    expect(period('18:00–20:00').disabled).toBe(true);
    expect(period('18:00–20:00').checked).toBe(false);
    expect(screen.getByRole('status').textContent).toContain(NO_DELIVERY_TIME_TODAY_MESSAGE);
  });

  it('offers a zone without periods as soon as ready while the restaurant is open, or an open time', () => {
    vi.setSystemTime(moscow('11:30'));
    renderPage([restaurant({ deliveryDaysTrue: 0, deliveryZone: [zone({ periods: '[]' })] })]);
    expect(screen.queryByRole('radio', { name: 'Сегодня' })).toBeNull();
    expect(screen.getByRole('radio', { name: '12:00' })).toBeTruthy();
    apply();
    expect(screen.getByRole('alert').textContent).toBe(DELIVERY_TIME_REQUIRED_MESSAGE);
    fireEvent.click(screen.getByRole('radio', { name: 'По готовности' }));
    apply();
    expect(cartStore.getState().checkout.deliveryDateTime).toEqual({
      deliveryDate: '23.11.2026',
      deliveryTime: 'По готовности',
      isTimePeriods: false,
    });
  });

  it("on a holiday opens on the next open day: the zone's periods of a closed day are not there (SPEC 5, 8, issue 31, decision 053)", () => {
    vi.setSystemTime(moscow('09:00'));
    renderPage([restaurant({ holidays: [{ date: '2026-11-23', fromMinute: null, toMinute: null }] })]);
    const checked = screen
      .getAllByRole<HTMLInputElement>('radio')
      .find((input) => input.name === 'delivery-date' && input.checked);
    expect(checked?.closest('label')?.textContent).toBe('Вторник, 24 ноября');
    expect(period('10:00–12:00').disabled).toBe(false);
    // Today chosen anyway: SPEC 8's no-time-today notice, and nothing to apply.
    fireEvent.click(screen.getByRole('radio', { name: 'Сегодня' }));
    expect(screen.getByRole('status').textContent).toContain(NO_DELIVERY_TIME_TODAY_MESSAGE);
    expect(screen.queryByRole('radio', { name: '10:00–12:00' })).toBeNull();
    apply();
    expect(cartStore.getState().checkout.deliveryDateTime).toBeNull();
  });

  it('on a holiday with its own hours keeps only the periods starting while it is open (SPEC 5, issue 31, decision 053)', () => {
    vi.setSystemTime(moscow('09:00'));
    renderPage([restaurant({ holidays: [{ date: '2026-11-23', fromMinute: 11 * 60, toMinute: 16 * 60 }] })]);
    const today = screen.getAllByRole('radio').filter((input) => (input as HTMLInputElement).name === 'delivery-time');
    expect(today.map((input) => input.closest('label')?.textContent)).toEqual(['12:00–14:00']);
  });

  it("a zone without periods offers no time on a holiday and starts from the next open day's slots (SPEC 9, issue 31)", () => {
    vi.setSystemTime(moscow('12:00'));
    renderPage([
      restaurant({
        deliveryZone: [zone({ periods: '[]' })],
        holidays: [{ date: '2026-11-23', fromMinute: null, toMinute: null }],
      }),
    ]);
    expect(screen.queryByRole('radio', { name: 'По готовности' })).toBeNull();
    const times = screen.getAllByRole('radio').filter((input) => (input as HTMLInputElement).name === 'delivery-time');
    expect(times[0]?.closest('label')?.textContent).toBe('10:00');
    fireEvent.click(times[0]!);
    apply();
    expect(cartStore.getState().checkout.deliveryDateTime).toEqual({
      deliveryDate: '24.11.2026',
      deliveryTime: '10:00',
      isTimePeriods: false,
    });
  });

  it('shows «Закрыто до …» of a restaurant closed for now under the one that would deliver (issue 31)', () => {
    vi.setSystemTime(moscow('11:30'));
    renderPage([restaurant({ closedUntil: '2026-11-23T15:00:00.000Z', closedText: '' })]);
    expect(screen.getByText('Закрыто до 18:00')).toBeTruthy();
  });

  it('sends a guest without a deliverable address to choose one', () => {
    vi.setSystemTime(moscow('11:30'));
    cartStore.setState({ address: { ...HOME, lat: 50, lon: 30 } });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Сначала выберите адрес' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Применить' })).toBeNull();
  });
});
