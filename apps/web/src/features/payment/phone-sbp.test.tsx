// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { PAYMENT_AUTOSTART_MS, PAYMENT_POLL_MS } from '@chain/domain';
import { checkPayment, type SbpStart, startSbpPayment } from '../../api/order';
import { cartStore, guestStore } from '../../state/store';
import PaymentPage from './payment-page';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/order'), async (importOriginal) => ({
  ...(await importOriginal()),
  startSbpPayment: vi.fn(),
  checkPayment: vi.fn(),
  loadSavedCards: vi.fn(async () => []),
}));
const startSbp = vi.mocked(startSbpPayment);
const check = vi.mocked(checkPayment);

const BANK_LINK = 'https://qr.nspk.ru/AD100000000000000701?type=02&bank=100000000111';
const sbp = (fields: Partial<SbpStart> = {}): SbpStart => ({
  variants: [],
  paymentUrl: null,
  qrPayload: '',
  errorMessage: '',
  ...fields,
});

let navigations: Array<{ to: string; options: unknown }>;
let order = 700;
const hook = (): [string, (to: string, options?: unknown) => void] => [
  '/payment',
  (to, options) => {
    navigations.push({ to, options });
  },
];

const settle = () => act(async () => {});
/** The phone's payment screen, its SBP started by itself after 500 ms (SPEC 4, SPEC 9). */
const renderAndStart = async () => {
  render(
    <Router hook={hook}>
      <PaymentPage />
    </Router>,
  );
  await settle();
  await act(() => vi.advanceTimersByTimeAsync(PAYMENT_AUTOSTART_MS));
  await settle();
};

describe('the phone payment screen’s SBP answers without a bank list (SPEC 4 Payment)', () => {
  let opened: MockInstance<typeof window.open>;
  beforeEach(() => {
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    navigations = [];
    // Each test pays an order of its own: the auto-start happens once per order in a tab (autostart-once.ts).
    order += 1;
    startSbp.mockReset();
    check.mockReset();
    resetAppStores();
    guestStore.getState().setUser({ authorized: true, id: '7', password: 'session-token' });
    cartStore
      .getState()
      .orderPlaced({ id: String(order), number: `W-${order}`, sum: 120_000, paySystem: 'sbp', followToken: null });
    history.replaceState(
      { orderId: order, orderNum: `W-${order}`, orderSum: 120_000, paysystem: 'sbp' },
      '',
      '/payment',
    );
    opened = vi.spyOn(window, 'open').mockImplementation(() => null);
  });
  afterEach(() => {
    cleanup();
    opened.mockRestore();
    vi.useRealTimers();
  });

  it('with only a link opens it in a new window and polls until paid (SPEC 4: only a URL → open it, polling starts)', async () => {
    startSbp.mockResolvedValue(sbp({ paymentUrl: BANK_LINK }));
    check.mockResolvedValueOnce('pending').mockResolvedValue('ok');
    await renderAndStart();
    expect(startSbp).toHaveBeenCalledTimes(1);
    expect(startSbp.mock.calls[0]?.[0]).toMatchObject({ orderId: String(order) });
    expect(opened).toHaveBeenCalledWith(BANK_LINK, '_blank', 'noopener');
    // No bank list: the sheet is for bank variants only.
    expect(screen.queryByRole('dialog', { name: 'Выберите свой банк' })).toBeNull();
    expect(check).toHaveBeenCalledTimes(1);
    expect(navigations).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(check).toHaveBeenCalledTimes(2);
    expect(navigations).toEqual([
      { to: '/thanks', options: { replace: true, state: { orderNum: `W-${order}`, orderId: String(order) } } },
    ]);
  });

  it('with neither banks nor a link opens nothing and polls every 5 s (SPEC 4: otherwise polling starts, SPEC 9 5000 ms)', async () => {
    startSbp.mockResolvedValue(sbp());
    check.mockResolvedValueOnce('pending').mockResolvedValueOnce('pending').mockResolvedValue('ok');
    await renderAndStart();
    expect(startSbp).toHaveBeenCalledTimes(1);
    expect(opened).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Выберите свой банк' })).toBeNull();
    expect(check).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(check).toHaveBeenCalledTimes(2);
    expect(navigations).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(check).toHaveBeenCalledTimes(3);
    expect(navigations).toEqual([
      { to: '/thanks', options: { replace: true, state: { orderNum: `W-${order}`, orderId: String(order) } } },
    ]);
  });
});
