// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_FAILED_MESSAGE, PAYMENT_POLL_MS } from '@chain/domain';
import { ApiError } from '../../api/client';
import { checkPayment, type SbpStart, startSbpPayment } from '../../api/order';
import { cartStore, chromeStore, kioskStore } from '../../state/store';
import { KIOSK_SCAN_HINT } from './kiosk-payment';
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

const QR = 'https://demo.example/sandbox/sbp/AD100000000000000501';
const sbp = (fields: Partial<SbpStart> = {}): SbpStart => ({
  variants: [],
  paymentUrl: null,
  qrPayload: QR,
  errorMessage: '',
  ...fields,
});

/** The router's location, recording each navigation with its options (history state included). */
let navigations: Array<{ to: string; options: unknown }>;
const hook = (): [string, (to: string, options?: unknown) => void] => [
  '/payment',
  (to, options) => {
    navigations.push({ to, options });
  },
];

const settle = () => act(async () => {});
const renderPayment = async () => {
  render(
    <Router hook={hook}>
      <PaymentPage />
    </Router>,
  );
  await settle();
  await settle();
};

describe('kiosk payment (SPEC 2 Payment kiosk mode, SPEC 4 Payment, issue 14)', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    navigations = [];
    startSbp.mockReset();
    check.mockReset();
    resetAppStores();
    kioskStore.getState().setKiosk(true);
    kioskStore.getState().setKioskToken('kiosk-device-token');
    cartStore.getState().updateCheckout({ table: '12' });
    cartStore
      .getState()
      .orderPlaced({ id: '501', number: 'К-017', sum: 80_000, paySystem: 'sbp', followToken: 'tok.501' });
    history.replaceState({ orderId: 501, orderNum: 'К-017', orderSum: 80_000, paysystem: 'sbp' }, '', '/payment');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('starts SBP at once and draws the QR with the table, the sum and the instruction; no bank list, card or bank link', async () => {
    startSbp.mockResolvedValue(sbp());
    check.mockResolvedValue('pending');
    await renderPayment();
    // Decision 038: the kiosk order answers to its kiosk's token, on the start and on each check.
    // and to its follow token, which outlives a kiosk token ended while the guest pays.
    expect(startSbp.mock.calls[0]?.[0]).toMatchObject({
      orderId: '501',
      kioskToken: 'kiosk-device-token',
      followToken: 'tok.501',
    });
    expect(check.mock.calls[0]?.[0]).toMatchObject({
      orderId: '501',
      kioskToken: 'kiosk-device-token',
      followToken: 'tok.501',
    });
    expect(screen.getByText('Стол №12')).toBeTruthy();
    expect(screen.getByText('800,00 ₽')).toBeTruthy();
    expect(screen.getByText(KIOSK_SCAN_HINT)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR-код для оплаты заказа К-017 через СБП' })).toBeTruthy();
    expect(screen.queryByText('Способ оплаты')).toBeNull();
    expect(screen.queryByText(/Карта/)).toBeNull();
    expect(screen.queryByText('Открыть приложение банка по умолчанию')).toBeNull();
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
  });

  it('polls every 5 s and goes to Thanks by itself with the number and the follow token', async () => {
    startSbp.mockResolvedValue(sbp());
    check.mockResolvedValueOnce('pending').mockResolvedValueOnce('pending').mockResolvedValue('ok');
    await renderPayment();
    expect(check).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(check).toHaveBeenCalledTimes(2);
    expect(navigations).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(navigations).toEqual([
      { to: '/thanks', options: { replace: true, state: { orderNum: 'К-017', followToken: 'tok.501' } } },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('on fail shows SPEC 8 alert and offers a new QR, which starts SBP again', async () => {
    startSbp.mockResolvedValue(sbp());
    check.mockResolvedValueOnce('fail').mockResolvedValue('pending');
    await renderPayment();
    expect(chromeStore.getState().dialogItems.at(-1)).toMatchObject({ message: PAYMENT_FAILED_MESSAGE });
    expect(screen.queryByRole('img', { name: /QR-код для оплаты/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 2));
    expect(check).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Получить новый QR-код' }));
    await settle();
    await settle();
    expect(startSbp).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('img', { name: 'QR-код для оплаты заказа К-017 через СБП' })).toBeTruthy();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('shows the bank’s refusal with «Повторить», and does not poll without a QR', async () => {
    startSbp
      .mockResolvedValueOnce(sbp({ qrPayload: null, errorMessage: 'Банк временно недоступен' }))
      .mockResolvedValue(sbp());
    check.mockResolvedValue('pending');
    await renderPayment();
    expect(screen.getByRole('alert').textContent).toBe('Банк временно недоступен');
    expect(check).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    await settle();
    expect(screen.getByRole('img', { name: /QR-код для оплаты/ })).toBeTruthy();
  });

  it('names a lost answer with the request-failed text', async () => {
    startSbp.mockRejectedValue(
      new ApiError('Ошибка запроса. Проверьте подключение к интернету или попробуйте позже.', 'network', null),
    );
    await renderPayment();
    expect(screen.getByRole('alert').textContent).toMatch(/Ошибка запроса/);
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
