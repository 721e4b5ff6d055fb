// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_TITLE,
  KIOSK_CHECK_MS,
  KIOSK_IDLE_MS,
  KIOSK_NOT_CONNECTED_MESSAGE,
  KIOSK_NOT_CONNECTED_TITLE,
  TABLE_NUMBER_MESSAGE,
} from '@chain/domain';
import { restaurantWire } from '../../api/delivery-fixtures.test-support';
import { enterKiosk, isKioskConnected, lookupTableNumber } from '../../api/kiosk';
import { restaurantListQuery } from '../../api/restaurants';
import { settingsQuery } from '../../api/settings';
import { cartStore, chromeStore, kioskStore } from '../../state/store';
import OrderTypePage from './order-type-page';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/kiosk'), async (importOriginal) => ({
  ...(await importOriginal()),
  lookupTableNumber: vi.fn(),
  isKioskConnected: vi.fn(),
  enterKiosk: vi.fn(),
}));

/** Open round the clock, every day. */
const TVERSKAYA = restaurantWire({
  id: 1,
  name: 'Жар-печь на Тверской',
  shedule: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 360, toMinute: 1800, from: '06:00', to: '06:00' })),
});

let location: ReturnType<typeof memoryLocation> & { history: string[] };
/** Home rendered; by default once its table keypad shows. */
async function renderHome(shows: { role: 'group' | 'heading'; name: string } = { role: 'group', name: 'Номер стола' }) {
  location = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={location.hook}>
      <Suspense fallback={<p>Загрузка</p>}>
        <OrderTypePage />
      </Suspense>
    </Router>,
  );
  await screen.findByRole(shows.role, { name: shows.name });
}
const pad = () => screen.getByRole('group', { name: 'Номер стола' });
const press = (name: string) => fireEvent.click(within(pad()).getByRole('button', { name }));
const settle = () => act(async () => {});

describe('SPEC 2 Home in kiosk mode: the table keypad', () => {
  beforeEach(() => {
    resetAppStores();
    kioskStore.getState().setKiosk(true);
    kioskStore.getState().setKioskToken('device-token');
    cartStore.getState().setRestaurant({ id: '1', name: 'Жар-печь на Тверской' });
    restaurantListQuery.set(undefined, [TVERSKAYA]);
    vi.mocked(lookupTableNumber).mockImplementation((_id, num) =>
      Promise.resolve(num === '5' ? { num: '5', fs_uid: TVERSKAYA.fs_uid } : null),
    );
    vi.mocked(isKioskConnected).mockResolvedValue(true);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(lookupTableNumber).mockReset();
    vi.mocked(isKioskConnected).mockReset();
    vi.mocked(enterKiosk).mockReset();
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
    expect(chromeStore.getState().dialogItems[0]).toMatchObject({ title: ERROR_TITLE, message: TABLE_NUMBER_MESSAGE });
    expect(lookupTableNumber).not.toHaveBeenCalled();
    expect(location.history).toEqual(['/']);
  });

  it('OK with a table of the restaurant opens its menu at that table', async () => {
    await renderHome();
    press('5');
    press('OK');
    await settle();
    expect(lookupTableNumber).toHaveBeenCalledWith('1', '5');
    expect(cartStore.getState().checkout.table).toBe('5');
    expect(cartStore.getState().orderType).toBe('inrest');
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
      act(() => kioskStore.getState().endKioskGuest());
      expect(shown()).not.toContain('7');
    } finally {
      vi.useRealTimers();
    }
  });

  describe('a kiosk the server takes no order from (decision 038)', () => {
    const connectScreen = () => screen.findByRole('heading', { level: 1, name: KIOSK_NOT_CONNECTED_TITLE });

    it('without a token (set up before tokens, or ended) asks staff for the code instead of the keypad, and the code brings the keypad back', async () => {
      kioskStore.getState().setKioskToken('');
      cartStore.getState().addToCart('1', { item: '101' });
      vi.mocked(enterKiosk).mockResolvedValueOnce({ ok: true, token: 'new-device-token' });
      await renderHome({ role: 'heading', name: KIOSK_NOT_CONNECTED_TITLE });
      expect(screen.getByText(KIOSK_NOT_CONNECTED_MESSAGE)).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Номер стола' })).toBeNull();
      expect(isKioskConnected).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Подключить киоск' }));
      const sheet = screen.getByRole('dialog', { name: 'Код сотрудника' });
      for (const digit of '2580') fireEvent.click(within(sheet).getByRole('button', { name: digit }));
      fireEvent.click(within(sheet).getByRole('button', { name: 'Подключить киоск' }));
      await screen.findByRole('group', { name: 'Номер стола' });
      expect(enterKiosk).toHaveBeenCalledWith('1', '2580');
      expect(kioskStore.getState().kioskToken).toBe('new-device-token');
      // The guest who was there keeps the cart.
      expect(cartStore.getState().cart).toHaveLength(1);
    });

    it('asks the server at once and every hour whether its token is still taken, and shows the code screen once it is not', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        vi.mocked(isKioskConnected).mockResolvedValueOnce(true).mockResolvedValueOnce(false);
        await renderHome();
        await settle();
        expect(isKioskConnected).toHaveBeenCalledWith('1', 'device-token');
        expect(kioskStore.getState().kioskToken).toBe('device-token');
        await act(async () => {
          vi.advanceTimersByTime(KIOSK_CHECK_MS);
        });
        expect(isKioskConnected).toHaveBeenCalledTimes(2);
        await connectScreen();
        expect(kioskStore.getState().kioskToken).toBe('');
      } finally {
        vi.useRealTimers();
      }
    });

    it('keeps its token and the keypad when the answer does not come (offline, the server failing)', async () => {
      vi.mocked(isKioskConnected).mockRejectedValue(new Error('offline'));
      await renderHome();
      await settle();
      expect(isKioskConnected).toHaveBeenCalled();
      expect(kioskStore.getState().kioskToken).toBe('device-token');
      expect(pad()).toBeTruthy();
    });
  });
});
