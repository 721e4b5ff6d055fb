// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RestaurantWire } from '@chain/contract';
import { wallClockAt } from '@chain/domain';
import { restaurantWire } from '../../api/delivery-fixtures.test-support';
import { cartStore } from '../../state/store';
import { PickupTime } from './pickup-time';
import { firstPickupDay, pickupDays } from './pickup-time-model';
import { resetAppStores } from '../../state/stores.test-support';

/** Monday 23 November 2026 at this Moscow time (UTC+3). */
const moscow = (time: string, day = 23) => new Date(`2026-11-${day}T${time}:00+03:00`);
const closed = (date: string) => ({ date, fromMinute: null, toMinute: null });
// Every day 10:00–23:00 (the fixture), pickup three days ahead.
const restaurant = (patch: Partial<RestaurantWire> = {}) => restaurantWire({ deliveryDays: 3, ...patch });

describe('the pickup picker’s days (SPEC 2 Cart pickup time, SPEC 9, issue 31)', () => {
  const clock = (time: string, day = 23) => wallClockAt(moscow(time, day), 'Europe/Moscow');

  it('offers today «По готовности» and its open slots on an ordinary day (SPEC 9)', () => {
    const days = pickupDays(restaurant(), clock('12:00'));
    expect(days.map((day) => day.label)).toEqual([
      'Сегодня',
      'Вторник, 24 ноября',
      'Среда, 25 ноября',
      'Четверг, 26 ноября',
    ]);
    expect(days[0]).toMatchObject({ asReady: true });
    expect(days[0]?.slots[0]).toBe(12 * 60 + 30);
    expect(firstPickupDay(days)?.label).toBe('Сегодня');
  });

  it('gives a holiday no slot and no «По готовности», and starts from the next open day (issue 31)', () => {
    const days = pickupDays(restaurant({ holidays: [closed('2026-11-23'), closed('2026-11-24')] }), clock('12:00'));
    expect(days[0]).toMatchObject({ asReady: false, slots: [] });
    expect(days[1]).toMatchObject({ asReady: false, slots: [] });
    expect(firstPickupDay(days)?.label).toBe('Среда, 25 ноября');
    expect(firstPickupDay(days)?.slots[0]).toBe(10 * 60);
  });

  it('at 03:30 and at 05:59 reads the night as the day before, the slots as the calendar day’s (SPEC 4, 9 day boundary)', () => {
    const aroundTheClock = restaurant({
      shedule: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
        day,
        fromMinute: 360,
        toMinute: 1800,
        from: '06:00',
        to: '06:00',
      })),
    });
    // Sunday 22 November closed: at 03:30 on Monday it is still Sunday's business day.
    const sundayOff = { ...aroundTheClock, holidays: [closed('2026-11-22')] };
    for (const time of ['03:30', '05:59']) {
      const [today] = pickupDays(sundayOff, clock(time));
      expect(today?.slots[0], time).toBe(9 * 60);
      // Nothing to be ready for now, but Monday's slots later: «По готовности» stays on offer.
      expect(today?.asReady, time).toBe(true);
    }
    // Monday closed instead: the night belongs to Sunday (open now), Monday's slots are gone.
    const mondayOff = { ...aroundTheClock, holidays: [closed('2026-11-23')] };
    expect(pickupDays(mondayOff, clock('03:30'))[0]).toMatchObject({ asReady: true, slots: [] });
    expect(pickupDays(mondayOff, clock('06:00'))[0]).toMatchObject({ asReady: false, slots: [] });
    expect(firstPickupDay(pickupDays(mondayOff, clock('06:00')))?.label).toBe('Вторник, 24 ноября');
  });
});

describe('the cart’s pickup time sheet (SPEC 2 Cart pickup time, issue 31)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    resetAppStores();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const openSheet = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Время самовывоза: По готовности' }));
    return screen.getByRole('group', { name: 'Время', hidden: true });
  };
  const dateSelect = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Дата', hidden: true });

  it('opens on today with «По готовности» first on an ordinary day', () => {
    vi.setSystemTime(moscow('12:00'));
    render(<PickupTime restaurant={restaurant()} />);
    const times = openSheet();
    expect(dateSelect().value).toBe('23.11.2026');
    expect(within(times).getAllByRole('button', { hidden: true })[0]?.textContent).toBe('По готовности');
  });

  it('on a holiday opens on the next open day, and today offers no time', () => {
    vi.setSystemTime(moscow('12:00'));
    render(<PickupTime restaurant={restaurant({ holidays: [closed('2026-11-23')] })} />);
    const times = openSheet();
    expect(dateSelect().value).toBe('24.11.2026');
    const buttons = within(times).getAllByRole('button', { hidden: true });
    expect(buttons[0]?.textContent).toBe('10:00');
    expect(buttons.some((button) => button.textContent === 'По готовности')).toBe(false);
    fireEvent.click(buttons[0]!);
    expect(cartStore.getState().checkout.deliveryDateTime).toEqual({
      deliveryDate: '24.11.2026',
      deliveryTime: '10:00',
      isTimePeriods: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Время самовывоза: Вторник, 24 ноября, 10:00' }));
    fireEvent.change(dateSelect(), { target: { value: '23.11.2026' } });
    const today = screen.getByRole('group', { name: 'Время', hidden: true });
    expect(within(today).queryAllByRole('button', { hidden: true })).toEqual([]);
    expect(today.textContent).toBe('На этот день свободного времени нет');
  });
});
