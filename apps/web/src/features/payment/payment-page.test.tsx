// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { PAYMENT_AUTOSTART_MS, type PayMethod } from '@chain/domain';
import {
  checkPayment,
  loadSavedCards,
  type SavedCard,
  type SbpStart,
  startCardPayment,
  startSbpPayment,
} from '../../api/order';
import { guestStore } from '../../state/store';
import PaymentPage from './payment-page';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/order'), async (importOriginal) => ({
  ...(await importOriginal()),
  startSbpPayment: vi.fn(),
  startCardPayment: vi.fn(),
  checkPayment: vi.fn(),
  loadSavedCards: vi.fn(),
}));
const startSbp = vi.mocked(startSbpPayment);
const startCard = vi.mocked(startCardPayment);
const savedCards = vi.mocked(loadSavedCards);

const BANK = 'https://demo.example/sandbox/sbp/AD100000000000000601';
const sbpAnswer = (fields: Partial<SbpStart> = {}): SbpStart => ({
  variants: [],
  paymentUrl: BANK,
  qrPayload: null,
  errorMessage: '',
  ...fields,
});
const card: SavedCard = { bindingId: 'binding-1', maskedPan: '411111**1111', expiry: '12/28' };

/** Each test pays its own order: the auto-start is remembered per order for the tab. */
let nextOrder = 600;
let orderId = '';
const arrive = (paysystem: PayMethod | null) => {
  orderId = String((nextOrder += 1));
  history.replaceState({ orderId, orderNum: `С-${orderId}`, orderSum: 80_000, paysystem }, '', '/payment');
};
const hook = (): [string, (to: string) => void] => ['/payment', () => undefined];
const renderPayment = () =>
  render(
    <Router hook={hook}>
      <PaymentPage />
    </Router>,
  );
/** Lets the answers on their way arrive and React render what followed. */
const settle = () => act(async () => {});
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
let opened: MockInstance<typeof window.open>;
const payButton = () => screen.getByRole('button', { name: 'Оплатить 800,00 ₽' });

describe('SPEC 2 Payment on a phone: SPEC 4 auto-start after 500 ms', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    resetAppStores();
    guestStore.getState().setUser({ id: '7', password: 'token', authorized: true });
    startSbp.mockResolvedValue(sbpAnswer());
    startCard.mockResolvedValue({ formUrl: null, errorMessage: '', status: 'pending' });
    savedCards.mockResolvedValue([]);
    vi.mocked(checkPayment).mockResolvedValue('pending');
    opened = vi.spyOn(window, 'open').mockReturnValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('SPEC 4: with SBP preselected the payment starts by itself after 500 ms, once, and the bank link stays on the screen', async () => {
    arrive('sbp');
    const view = renderPayment();
    await settle();
    await wait(PAYMENT_AUTOSTART_MS - 1);
    expect(startSbp).not.toHaveBeenCalled();
    await wait(1);
    expect(startSbp.mock.calls).toEqual([[{ user: guestStore.getState().user, orderId }]]);
    // Re-renders and time do not start it again.
    view.rerender(
      <Router hook={hook}>
        <PaymentPage />
      </Router>,
    );
    await wait(PAYMENT_AUTOSTART_MS * 4);
    expect(startSbp).toHaveBeenCalledOnce();
    // SPEC 4: only a URL came back: it opens, polling runs, and a blocked window leaves the link.
    expect(opened).toHaveBeenCalledWith(BANK, '_blank', 'noopener');
    expect(screen.getByRole('link', { name: 'Открыть приложение банка по умолчанию' }).getAttribute('href')).toBe(BANK);
    expect(screen.getByRole('status').textContent).toBe('Ждём подтверждения оплаты от банка…');
  });

  it('SPEC 4: a tap on «Оплатить» while the auto-start runs starts no second payment', async () => {
    arrive('sbp');
    let answer!: (value: SbpStart) => void;
    startSbp.mockReturnValueOnce(new Promise<SbpStart>((resolve) => (answer = resolve)));
    renderPayment();
    await settle();
    await wait(PAYMENT_AUTOSTART_MS);
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await act(async () => answer(sbpAnswer()));
    expect(startSbp).toHaveBeenCalledOnce();
  });

  it('SPEC 4: a card with saved cards waits for the guest: nothing starts by itself; «Оплатить» charges the chosen card once', async () => {
    arrive('card');
    savedCards.mockResolvedValue([card]);
    renderPayment();
    await settle();
    await wait(PAYMENT_AUTOSTART_MS * 6);
    expect(startCard).not.toHaveBeenCalled();
    expect(startSbp).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Карта •• 1111, до 12/28' }).checked).toBe(true);

    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await settle();
    expect(startCard.mock.calls).toEqual([[{ user: guestStore.getState().user, orderId, savedCardId: 'binding-1' }]]);
  });

  it('SPEC 4: a method chosen within the 500 ms cancels the auto-start', async () => {
    arrive('sbp');
    renderPayment();
    await settle();
    await wait(PAYMENT_AUTOSTART_MS / 2);
    fireEvent.click(screen.getByRole('radio', { name: 'Карта' }));
    await wait(PAYMENT_AUTOSTART_MS * 2);
    expect(startSbp).not.toHaveBeenCalled();
    expect(startCard).not.toHaveBeenCalled();
  });

  it('SPEC 4: without a preselected pay system nothing starts by itself', async () => {
    arrive(null);
    renderPayment();
    await settle();
    await wait(PAYMENT_AUTOSTART_MS * 4);
    expect(startSbp).not.toHaveBeenCalled();
    expect(startCard).not.toHaveBeenCalled();
  });

  it("SPEC 4: an order's payment starts by itself once per tab: back on its screen (the browser's back from the bank, a reload) the guest taps", async () => {
    arrive('sbp');
    const first = renderPayment();
    await settle();
    await wait(PAYMENT_AUTOSTART_MS);
    expect(startSbp).toHaveBeenCalledOnce();
    first.unmount();

    renderPayment();
    await settle();
    await wait(PAYMENT_AUTOSTART_MS * 4);
    expect(startSbp).toHaveBeenCalledOnce();
    fireEvent.click(payButton());
    await settle();
    expect(startSbp).toHaveBeenCalledTimes(2);
  });
});
