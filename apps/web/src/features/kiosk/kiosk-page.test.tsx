// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KIOSK_CODE_RATE_MESSAGE,
  KIOSK_CODE_SHEET_IDLE_MS,
  KIOSK_CODE_WRONG_MESSAGE,
  LOAD_FAILED_MESSAGE,
} from '@chain/domain';
import { restaurantWire } from '../../api/delivery-fixtures.test-support';
import { enterKiosk } from '../../api/kiosk';
import { restaurantListQuery } from '../../api/restaurants';
import { EMPTY_USER } from '../../state/guest-store';
import { cartStore, guestStore, kioskStore } from '../../state/store';
import KioskPage from './kiosk-page';
import { appSnapshot, resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/kiosk'), async (importOriginal) => ({ ...(await importOriginal()), enterKiosk: vi.fn() }));

const TVERSKAYA = restaurantWire({
  id: 10,
  fs_uid: 'fs-tverskaya',
  name: 'Жар-печь на Тверской',
  nameShort: 'Тверская',
});
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
const sheet = () => screen.getByRole('dialog', { name: 'Код сотрудника' });
const pad = () => within(sheet()).getByRole('group', { name: 'Код сотрудника' });
const type = (digits: string) => {
  for (const digit of digits) fireEvent.click(within(pad()).getByRole('button', { name: digit }));
};
const turnOn = async () => {
  fireEvent.click(within(pad()).getByRole('button', { name: 'Включить режим киоска' }));
  await settle();
};
/** «Да», then the staff code on the sheet. */
async function answerYes(code: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Да' }));
  type(code);
  await turnOn();
}

describe('SPEC 2 Kiosk start page (/kiosk/{id}, issue 14)', () => {
  beforeEach(() => {
    resetAppStores();
    restaurantListQuery.set(undefined, [BRONNAYA, TVERSKAYA]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.mocked(enterKiosk).mockReset();
  });

  it('asks whether to run as the named restaurant’s kiosk, saying what changes', () => {
    renderStart('/kiosk/10');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Включить режим киоска для ресторана «Жар-печь на Тверской»?',
    );
    expect(screen.getByText(/QR-коду СБП/)).toBeTruthy();
    expect(
      screen.getByText('Включить режим киоска и выйти из него может только сотрудник с кодом ресторана.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Да' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Нет' })).toBeTruthy();
  });

  it('«Да» asks for the staff code first and changes nothing yet', () => {
    renderStart('/kiosk/10');
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    expect(sheet()).toBeTruthy();
    expect(
      within(sheet()).getByText(
        'Введите код сотрудника ресторана «Жар-печь на Тверской», чтобы включить режим киоска.',
      ),
    ).toBeTruthy();
    type('2580');
    expect(pad().querySelector('output')?.textContent).toBe('••••');
    expect(kioskStore.getState().kiosk).toBe(false);
    expect(enterKiosk).not.toHaveBeenCalled();
    expect(location.history).toEqual(['/kiosk/10']);
  });

  it('the right code: kiosk mode for this restaurant with the token the server gave, the user out, the last guest’s cart gone, then /', async () => {
    vi.mocked(enterKiosk).mockResolvedValueOnce({ ok: true, token: 'device-token-1' });
    const state = appSnapshot();
    state.setUser({ authorized: true, id: '42', password: 'token', name: 'Анна' });
    state.setRestaurant({ id: '10' });
    state.addToCart('10', { item: '101' });
    state.updateCheckout({ table: '3' });
    renderStart('/kiosk/10');
    await answerYes('2580');
    expect(enterKiosk).toHaveBeenCalledWith('10', '2580', '');
    const after = appSnapshot();
    expect(after.kiosk).toBe(true);
    // Decision 038: the kiosk's orders and payments carry it.
    expect(after.kioskToken).toBe('device-token-1');
    expect(after.restaurant).toEqual({ id: '10', name: 'Жар-печь на Тверской', nameShort: 'Тверская' });
    expect(after.user).toEqual(EMPTY_USER);
    expect(after.cart).toEqual([]);
    expect(after.checkout.table).toBe('');
    expect(after.orderType).toBe('inrest');
    expect(location.history.at(-1)).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a wrong code keeps kiosk mode off and shows the server's text beside the field", async () => {
    vi.mocked(enterKiosk)
      .mockResolvedValueOnce({ ok: false, message: KIOSK_CODE_WRONG_MESSAGE })
      .mockResolvedValueOnce({ ok: false, message: KIOSK_CODE_RATE_MESSAGE });
    guestStore.getState().setUser({ authorized: true, id: '42', password: 'token' });
    const before = appSnapshot();
    renderStart('/kiosk/10');
    await answerYes('1111');
    expect(within(pad()).getByRole('alert').textContent).toBe(KIOSK_CODE_WRONG_MESSAGE);
    expect(pad().querySelector('output')?.textContent).not.toContain('•');
    type('1112');
    await turnOn();
    expect(within(pad()).getByRole('alert').textContent).toBe(KIOSK_CODE_RATE_MESSAGE);
    const after = appSnapshot();
    expect(after.kiosk).toBe(false);
    expect(after.user).toBe(before.user);
    expect(after.restaurant).toBe(before.restaurant);
    expect(location.history).toEqual(['/kiosk/10']);
  });

  it('«Отмена» on the sheet changes nothing and stays on the question', () => {
    renderStart('/kiosk/10');
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    fireEvent.click(within(pad()).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(kioskStore.getState().kiosk).toBe(false);
    expect(screen.getByRole('button', { name: 'Да' })).toBeTruthy();
  });

  it('the sheet closes by itself after KIOSK_CODE_SHEET_IDLE_MS without a touch, the digits gone', () => {
    vi.useFakeTimers();
    renderStart('/kiosk/10');
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    type('25');
    act(() => {
      vi.advanceTimersByTime(KIOSK_CODE_SHEET_IDLE_MS);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    expect(pad().querySelector('output')?.textContent).not.toContain('•');
    expect(kioskStore.getState().kiosk).toBe(false);
  });

  it('takes the restaurant by its fs_uid too, and asks that restaurant’s code', async () => {
    vi.mocked(enterKiosk).mockResolvedValueOnce({ ok: true, token: 'device-token-2' });
    renderStart('/kiosk/fs-tverskaya');
    await answerYes('2580');
    expect(enterKiosk).toHaveBeenCalledWith('10', '2580', '');
    expect(cartStore.getState().restaurant?.id).toBe('10');
  });

  it('a kiosk is not moved to another restaurant without that restaurant’s code; «Нет» keeps it as it is', async () => {
    vi.mocked(enterKiosk).mockResolvedValueOnce({ ok: false, message: KIOSK_CODE_WRONG_MESSAGE });
    const state = appSnapshot();
    state.setKiosk(true);
    state.setKioskToken('bronnaya-token');
    state.setRestaurant({ id: '7', name: 'Жар-печь на Бронной' });
    state.addToCart('7', { item: '101' });
    const before = appSnapshot();
    renderStart('/kiosk/10');
    await answerYes('1111');
    // The kiosk's own token goes along: the right code would end it as it connects the device here.
    expect(enterKiosk).toHaveBeenCalledWith('10', '1111', 'bronnaya-token');
    fireEvent.click(within(sheet()).getByRole('button', { name: 'Закрыть' }));
    fireEvent.click(screen.getByRole('button', { name: 'Нет' }));
    const after = appSnapshot();
    expect(after.kiosk).toBe(true);
    expect(after.kioskToken).toBe('bronnaya-token');
    expect(after.restaurant).toBe(before.restaurant);
    expect(after.cart).toBe(before.cart);
    expect(location.history.at(-1)).toBe('/');
  });

  it('«Нет»: nothing changes, then /', () => {
    guestStore.getState().setUser({ authorized: true, id: '42', password: 'token' });
    const before = appSnapshot();
    renderStart('/kiosk/10');
    fireEvent.click(screen.getByRole('button', { name: 'Нет' }));
    const after = appSnapshot();
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
    expect(kioskStore.getState().kiosk).toBe(false);
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
