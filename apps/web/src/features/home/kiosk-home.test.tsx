// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TITLE, KIOSK_IDLE_MS, TABLE_NUMBER_MESSAGE } from '@chain/domain';
import { restaurantWire } from '../../api/delivery-fixtures.test-support';
import { lookupTableNumber } from '../../api/kiosk';
import { restaurantListQuery } from '../../api/restaurants';
import { settingsQuery } from '../../api/settings';
import { appStore } from '../../state/store';
import OrderTypePage from './order-type-page';

vi.mock(import('../../api/kiosk'), async (importOriginal) => ({ ...(await importOriginal()), lookupTableNumber: vi.fn() }));

/** Open round the clock, every day. */
const TVERSKAYA = restaurantWire({
  id: 1,
  name: 'Жар-печь на Тверской',
  shedule: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 360, toMinute: 1800, from: '06:00', to: '06:00' })),
});

let location: ReturnType<typeof memoryLocation> & { history: string[] };
async function renderHome() {
  location = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={location.hook}>
      <Suspense fallback={<p>Загрузка</p>}>
        <OrderTypePage />
      </Suspense>
    </Router>,
  );
  await screen.findByRole('group', { name: 'Номер стола' });
}
const pad = () => screen.getByRole('group', { name: 'Номер стола' });
const press = (name: string) => fireEvent.click(within(pad()).getByRole('button', { name }));
const settle = () => act(async () => {});

describe('SPEC 2 Home in kiosk mode: the table keypad', () => {
  beforeEach(() => {
    appStore.setState(appStore.getInitialState());
    appStore.getState().setKiosk(true);
    appStore.getState().setRestaurant({ id: '1', name: 'Жар-печь на Тверской' });
    restaurantListQuery.set(undefined, [TVERSKAYA]);
    vi.mocked(lookupTableNumber).mockImplementation((_id, num) => Promise.resolve(num === '5' ? { num: '5', fs_uid: TVERSKAYA.fs_uid } : null));
  });
  afterEach(() => {
    cleanup();
    vi.mocked(lookupTableNumber).mockReset();
  });

  it('asks for the table number with the restaurant named, and offers nothing else (SPEC 6)', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Номер стола' })).toBeTruthy();
    expect(screen.getByText('Жар-печь на Тверской')).toBeTruthy();
    expect(screen.queryByText(/Войти/)).toBeNull();
    expect(screen.queryByText(/Позвонить/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Сервисы' })).toBeNull();
    expect(screen.queryByText('Заберу сам')).toBeNull();
    expect(settingsQuery.latest().status).toBe('idle');
  });

  it('SPEC 5 / 8: OK with nothing typed shows «Ошибка» / «Неверный номер стола!»', async () => {
    await renderHome();
    press('OK');
    await settle();
    expect(appStore.getState().dialogItems[0]).toMatchObject({ title: ERROR_TITLE, message: TABLE_NUMBER_MESSAGE });
    expect(lookupTableNumber).not.toHaveBeenCalled();
    expect(location.history).toEqual(['/']);
  });

  it('OK with a table of the restaurant opens its menu at that table', async () => {
    await renderHome();
    press('5');
    press('OK');
    await settle();
    expect(lookupTableNumber).toHaveBeenCalledWith('1', '5');
    expect(appStore.getState().checkout.table).toBe('5');
    expect(appStore.getState().orderType).toBe('inrest');
    expect(location.history.at(-1)).toBe('/menu/1/inrest');
  });

  it('takes at most four digits', async () => {
    await renderHome();
    for (const digit of '123456') press(digit);
    expect(pad().querySelector('output')?.textContent).toBe('1234');
  });

  it('digits a guest typed and left do not stay for the next one: gone after the idle time, and with a new guest', async () => {
    await renderHome();
    const shown = () => pad().querySelector('output')?.textContent;
    vi.useFakeTimers();
    try {
      press('1');
      act(() => {
        vi.advanceTimersByTime(KIOSK_IDLE_MS - 1);
      });
      press('2');
      act(() => {
        vi.advanceTimersByTime(KIOSK_IDLE_MS - 1);
      });
      expect(shown()).toBe('12');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(shown()).not.toContain('12');
      press('7');
      act(() => appStore.getState().endKioskGuest());
      expect(shown()).not.toContain('7');
    } finally {
      vi.useRealTimers();
    }
  });
});
