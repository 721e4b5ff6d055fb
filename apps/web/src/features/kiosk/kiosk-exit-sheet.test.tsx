// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KIOSK_CODE_FORMAT_MESSAGE,
  KIOSK_CODE_PATTERN,
  KIOSK_CODE_RATE_MESSAGE,
  KIOSK_CODE_SHEET_IDLE_MS,
  KIOSK_CODE_WRONG_MESSAGE,
} from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { exitKiosk } from '../../api/kiosk';
import { cartStore, kioskStore } from '../../state/store';
import KioskExitSheet from './kiosk-exit-sheet';
import { KIOSK_CODE_MAX_DIGITS } from '../../ui/staff-code-sheet';
import { appSnapshot, resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/kiosk'), async (importOriginal) => ({ ...(await importOriginal()), exitKiosk: vi.fn() }));

let location: ReturnType<typeof memoryLocation> & { history: string[] };
const onClose = vi.fn();
function renderSheet() {
  location = memoryLocation({ path: '/cart', record: true });
  render(
    <Router hook={location.hook}>
      <KioskExitSheet onClose={onClose} />
    </Router>,
  );
}
const pad = () => screen.getByRole('group', { name: 'Код сотрудника' });
const type = (digits: string) => {
  for (const digit of digits) fireEvent.click(within(pad()).getByRole('button', { name: digit }));
};
const leave = async () => {
  fireEvent.click(within(pad()).getByRole('button', { name: 'Выйти из режима киоска' }));
  await act(async () => {});
};
const refusal = () => within(pad()).getByRole('alert').textContent;

describe('leaving kiosk mode with the staff code (issue 14)', () => {
  beforeEach(() => {
    resetAppStores();
    const state = appSnapshot();
    state.setKiosk(true);
    state.setKioskToken('device-token');
    state.setRestaurant({ id: '1', name: 'Жар-печь на Тверской' });
    state.addToCart('1', { item: '101' });
    state.updateCheckout({ table: '5' });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.mocked(exitKiosk).mockReset();
    onClose.mockReset();
  });

  it('asks for the code on the keypad, the digits hidden', () => {
    renderSheet();
    expect(screen.getByRole('dialog', { name: 'Выход из режима киоска' })).toBeTruthy();
    type('2580');
    expect(pad().querySelector('output')?.textContent).toBe('••••');
  });

  it('with the right code ends the guest, leaves kiosk mode with its token (ended on the server too) and opens sign-in', async () => {
    vi.mocked(exitKiosk).mockResolvedValueOnce({ ok: true });
    renderSheet();
    type('2580');
    await leave();
    expect(exitKiosk).toHaveBeenCalledWith('1', '2580', 'device-token');
    const state = appSnapshot();
    expect(state.kiosk).toBe(false);
    expect(state.kioskToken).toBe('');
    expect(state.cart).toEqual([]);
    expect(state.checkout.table).toBe('');
    expect(onClose).toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/auth');
  });

  it("shows the server's refusal beside the field and stays in kiosk mode", async () => {
    vi.mocked(exitKiosk)
      .mockResolvedValueOnce({ ok: false, message: KIOSK_CODE_WRONG_MESSAGE })
      .mockResolvedValueOnce({ ok: false, message: KIOSK_CODE_RATE_MESSAGE });
    renderSheet();
    type('1111');
    await leave();
    expect(refusal()).toBe(KIOSK_CODE_WRONG_MESSAGE);
    expect(pad().querySelector('output')?.textContent).not.toContain('•');
    type('1112');
    expect(refusal()).toBe('');
    await leave();
    expect(refusal()).toBe(KIOSK_CODE_RATE_MESSAGE);
    expect(kioskStore.getState().kiosk).toBe(true);
    expect(location.history).toEqual(['/cart']);
  });

  it('a failed request says SPEC 8 request-failed text', async () => {
    vi.mocked(exitKiosk).mockRejectedValueOnce(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null));
    renderSheet();
    type('2580');
    await leave();
    expect(refusal()).toBe(REQUEST_FAILED_MESSAGE);
    expect(kioskStore.getState().kiosk).toBe(true);
  });

  it('a code shorter than 4 digits is refused before it is sent; at most 8 digits are taken', async () => {
    renderSheet();
    type('258');
    await leave();
    expect(refusal()).toBe(KIOSK_CODE_FORMAT_MESSAGE);
    expect(exitKiosk).not.toHaveBeenCalled();
    type('0123456789');
    expect(pad().querySelector('output')?.textContent).toBe('•'.repeat(KIOSK_CODE_MAX_DIGITS));
    expect(KIOSK_CODE_PATTERN.test('1'.repeat(KIOSK_CODE_MAX_DIGITS))).toBe(true);
    expect(KIOSK_CODE_PATTERN.test('1'.repeat(KIOSK_CODE_MAX_DIGITS + 1))).toBe(false);
  });

  it('«Отмена» closes the sheet', () => {
    renderSheet();
    fireEvent.click(within(pad()).getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalled();
    expect(kioskStore.getState().kiosk).toBe(true);
  });

  it('closes when the idle overlay shows: staff who walk away leave no sheet to the next guest', () => {
    renderSheet();
    act(() => kioskStore.getState().setKioskIdleVisible(true));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes by itself after KIOSK_CODE_SHEET_IDLE_MS without a touch inside it (Home never idles); a touch starts the wait again', () => {
    vi.useFakeTimers();
    renderSheet();
    act(() => {
      vi.advanceTimersByTime(KIOSK_CODE_SHEET_IDLE_MS - 1000);
    });
    fireEvent.pointerDown(within(pad()).getByRole('button', { name: '2' }));
    type('2');
    act(() => {
      vi.advanceTimersByTime(KIOSK_CODE_SHEET_IDLE_MS - 1000);
    });
    expect(onClose).not.toHaveBeenCalled();
    // A touch outside the sheet (the page under it cannot be touched, but the browser may report one) is not one inside it.
    fireEvent.pointerDown(document.body);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(pad().querySelector('output')?.textContent).not.toContain('•');
    expect(kioskStore.getState().kiosk).toBe(true);
    expect(KIOSK_CODE_SHEET_IDLE_MS).toBe(30_000);
  });

  it('waits for the server while a code is being checked, then starts the wait again', async () => {
    vi.useFakeTimers();
    let answer: (value: { ok: false; message: string }) => void = () => undefined;
    vi.mocked(exitKiosk).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderSheet();
    type('1111');
    fireEvent.click(within(pad()).getByRole('button', { name: 'Выйти из режима киоска' }));
    act(() => {
      vi.advanceTimersByTime(KIOSK_CODE_SHEET_IDLE_MS * 2);
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => answer({ ok: false, message: KIOSK_CODE_WRONG_MESSAGE }));
    expect(refusal()).toBe(KIOSK_CODE_WRONG_MESSAGE);
    act(() => {
      vi.advanceTimersByTime(KIOSK_CODE_SHEET_IDLE_MS);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a yes that comes after «Отмена» changes nothing: the sheet was closed while the code was checked', async () => {
    let answer: (value: { ok: true }) => void = () => undefined;
    vi.mocked(exitKiosk).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderSheet();
    type('2580');
    fireEvent.click(within(pad()).getByRole('button', { name: 'Выйти из режима киоска' }));
    fireEvent.click(within(pad()).getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await act(async () => answer({ ok: true }));
    expect(kioskStore.getState().kiosk).toBe(true);
    expect(cartStore.getState().cart).not.toEqual([]);
    expect(location.history.at(-1)).toBe('/cart');
  });
});
