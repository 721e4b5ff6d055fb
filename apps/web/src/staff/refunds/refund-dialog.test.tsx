// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  staffOrderRefundsCall,
  staffRefundEventsCall,
  staffRefundOrderCall,
  staffRetryRefundCall,
  type OrderRefunds,
  type RecentRefund,
} from '@chain/contract';
import { discountAmount, formatMoney } from '@chain/domain';
import { ApiError } from '../../api/client';
import { followLiveStream, type LiveStreamOptions } from '../../api/live-stream';
import { staffCall } from '../api';
import { RefundDialog } from './refund-dialog';
import RefundsArea from './refunds-area';

// Issue 31 "Cancel a paid order with its money returned" (decision 050): the dialog offers the
// whole order or chosen units, shows the domain's sum before the press, and then the refund's state.

vi.mock(import('../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));
vi.mock(import('../../api/live-stream'), async (importOriginal) => ({
  ...(await importOriginal()),
  followLiveStream: vi.fn(() => () => undefined),
}));

/** The refunds' stream (the live stream mocked): the newest screen's that follows it. */
function refundStream(): LiveStreamOptions {
  const options = vi
    .mocked(followLiveStream)
    .mock.calls.map(([given]) => given)
    .findLast((given) => given.url === staffRefundEventsCall.path);
  if (!options) throw new Error('the refunds stream is not followed');
  return options;
}

/** A refund as «Возвраты» lists it and its stream sends it. */
const recent = (fields: Partial<RecentRefund>): RecentRefund => ({
  id: 5,
  order_id: 7,
  znumber: 'Д-007',
  restaurant_id: 1,
  restaurant_name: 'Патриаршие',
  full: true,
  amount: 69_000,
  status: 'pending',
  status_text: 'Банк возвращает',
  failure: '',
  created_at: new Date().toISOString(),
  staff_name: 'Менеджер',
  ...fields,
});
const sendRefund = (refund: RecentRefund) =>
  act(() => void refundStream().onEvent({ event: 'refund', data: JSON.stringify(refund) }));

const settle = () => act(async () => {});

/** 2 × 250,00 ₽ and 1 × 100,00 ₽ with a 10 % coupon and 150,00 ₽ delivery: 690,00 ₽ paid. */
function orderView(fields: Partial<OrderRefunds['order']> = {}, refunds: OrderRefunds['refunds'] = []): OrderRefunds {
  return {
    order: {
      id: 7,
      znumber: 'Д-007',
      restaurant_id: 1,
      status: 20,
      status_text: 'Принят',
      paid: true,
      pay_method: 'card',
      sum: 69_000,
      discount: 6_000,
      delivery: 15_000,
      returned: 0,
      returning: 0,
      refunded: 0,
      cancellable: true,
      refundable: true,
      email: 'anna@example.test',
      ...fields,
    },
    lines: [
      { id: 11, kind: 'dish', name: 'Борщ', cnt: 2, refunded_cnt: 0, line_sum: 50_000 },
      { id: 12, kind: 'dish', name: 'Морс', cnt: 1, refunded_cnt: 0, line_sum: 10_000 },
    ],
    refunds,
  };
}

const refundEntry = (fields: Partial<OrderRefunds['refunds'][number]>): OrderRefunds['refunds'][number] => ({
  id: 5,
  full: false,
  amount: 22_500,
  status: 'done',
  status_text: 'Возвращено',
  failure: '',
  lines: [{ id: 11, cnt: 1 }],
  created_at: new Date().toISOString(),
  done_at: new Date().toISOString(),
  staff_name: 'Менеджер',
  mailed: true,
  ...fields,
});

describe('the refund dialog (issue 31)', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(staffCall).mockReset();
    vi.mocked(followLiveStream).mockClear();
  });

  it('shows the bank’s answer without a reload, the choice in progress kept; a refund someone else made starts the choice afresh (decision 055)', async () => {
    const pending = refundEntry({ status: 'pending', status_text: 'Банк возвращает', done_at: null, mailed: false });
    vi.mocked(staffCall).mockResolvedValueOnce(orderView({ returning: 22_500, refunded: 22_500 }, [pending]));
    render(<RefundDialog orderId={7} znumber="Д-007" onClose={() => undefined} />);
    await settle();
    expect(screen.getByText('Банк возвращает')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Выбрать позиции (заказ продолжается)'));
    fireEvent.click(screen.getByRole('button', { name: 'Больше: Морс' }));
    const morse = 10_000 - discountAmount(10_000, 10);
    expect(screen.getByText(`К возврату: ${formatMoney(morse)}`)).toBeTruthy();

    // Another order's refund: nothing is read.
    sendRefund(recent({ id: 6, order_id: 8 }));
    await settle();
    expect(vi.mocked(staffCall)).toHaveBeenCalledTimes(1);

    // The bank returned this order's refund: its state shows, the chosen unit and its sum stay.
    vi.mocked(staffCall).mockResolvedValueOnce(orderView({ returned: 22_500, refunded: 22_500 }, [refundEntry({})]));
    sendRefund(recent({ status: 'done', status_text: 'Возвращено' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[0]).toBe(staffOrderRefundsCall);
    expect(screen.getByText('Возвращено')).toBeTruthy();
    expect(screen.getByText(`К возврату: ${formatMoney(morse)}`)).toBeTruthy();
    expect(screen.queryByText(BACKOFFICE_TEXTS.staleVersion)).toBeNull();

    // Another manager returned more of it: the figures changed under the choice, which starts afresh.
    vi.mocked(staffCall).mockResolvedValueOnce(
      orderView({ returned: 22_500, returning: morse, refunded: 22_500 + morse }, [
        refundEntry({ id: 9, amount: morse, status: 'pending', status_text: 'Банк возвращает' }),
        refundEntry({}),
      ]),
    );
    sendRefund(recent({ id: 9, amount: morse }));
    await settle();
    expect(screen.getByText(BACKOFFICE_TEXTS.staleVersion).getAttribute('role')).toBe('status');
    expect(screen.queryByText(`К возврату: ${formatMoney(morse)}`)).toBeNull();
  });

  it('two events read close together: an older read answering last never replaces the newer figures (decision 055)', async () => {
    const pending = refundEntry({ status: 'pending', status_text: 'Банк возвращает', done_at: null, mailed: false });
    vi.mocked(staffCall).mockResolvedValueOnce(orderView({ returning: 22_500, refunded: 22_500 }, [pending]));
    render(<RefundDialog orderId={7} znumber="Д-007" onClose={() => undefined} />);
    await settle();
    let answerOlder!: (view: OrderRefunds) => void;
    vi.mocked(staffCall)
      .mockImplementationOnce(() => new Promise((resolve) => (answerOlder = resolve)))
      .mockResolvedValueOnce(orderView({ returned: 22_500, refunded: 22_500 }, [refundEntry({})]));
    sendRefund(recent({ status: 'pending' }));
    sendRefund(recent({ status: 'done', status_text: 'Возвращено' }));
    await settle();
    expect(screen.getByText('Возвращено')).toBeTruthy();
    // The first read answers now, with the figures from before the bank's answer: dropped.
    answerOlder(orderView({ returning: 22_500, refunded: 22_500 }, [pending]));
    await settle();
    expect(screen.getByText('Возвращено')).toBeTruthy();
    expect(screen.queryByText('Банк возвращает')).toBeNull();
    expect(screen.queryByText(BACKOFFICE_TEXTS.staleVersion)).toBeNull();
  });

  it('offers the whole order for what was paid, or chosen units with their share of the coupon, and sends the shown sum with the refunded total it read', async () => {
    vi.mocked(staffCall)
      .mockResolvedValueOnce(orderView())
      .mockResolvedValueOnce({
        refund_id: 5,
        refunds: orderView({ returned: 22_500, refunded: 22_500 }, [refundEntry({})]),
      });
    render(<RefundDialog orderId={7} znumber="Д-007" onClose={() => undefined} />);
    await settle();
    expect(screen.getByRole('dialog', { name: 'Возврат по заказу Д-007' })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Отменить и вернуть ${formatMoney(69_000)}` })).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Выбрать позиции (заказ продолжается)'));
    const confirmPart = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Вернуть/ });
    expect(confirmPart().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Больше: Борщ' }));
    const part = 25_000 - discountAmount(25_000, 10);
    expect(screen.getByText(`К возврату: ${formatMoney(part)}`)).toBeTruthy();
    fireEvent.click(confirmPart());
    await settle();
    const [call, body] = vi.mocked(staffCall).mock.calls[1] ?? [];
    expect(call).toBe(staffRefundOrderCall);
    expect(body).toMatchObject({ full: false, lines: [{ id: 11, cnt: 1 }], refunded: 0, amount: part });
    expect(screen.getByText(/225,00 ₽ · позиции/)).toBeTruthy();
    expect(screen.getByText('Возвращено')).toBeTruthy();
  });

  it('a refund made meanwhile: shows the server’s words and the order as it is now', async () => {
    vi.mocked(staffCall)
      .mockResolvedValueOnce(orderView())
      .mockRejectedValueOnce(
        new ApiError(BACKOFFICE_TEXTS.staleVersion, 'server', 409, 'stale_version', null, {
          body: {
            success: false,
            error: 'stale_version',
            message: BACKOFFICE_TEXTS.staleVersion,
            current: orderView(
              {
                status: 90,
                status_text: 'Отменён, деньги возвращены: 690,00 ₽',
                returned: 69_000,
                refunded: 69_000,
                cancellable: false,
                refundable: false,
              },
              [refundEntry({ full: true, amount: 69_000 })],
            ),
          },
        }),
      );
    render(<RefundDialog orderId={7} znumber="Д-007" onClose={() => undefined} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Отменить и вернуть ${formatMoney(69_000)}` }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(BACKOFFICE_TEXTS.staleVersion);
    expect(screen.getByText(/Отменён, деньги возвращены/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Отменить и вернуть/ })).toBeNull();
  });

  it('a failed refund shows why, with «Повторить»', async () => {
    vi.mocked(staffCall)
      .mockResolvedValueOnce(
        orderView({ returning: 22_500, refunded: 22_500 }, [
          refundEntry({
            status: 'failed',
            status_text: 'Банк не вернул',
            failure: 'the bank refused refund: 7',
            mailed: false,
          }),
        ]),
      )
      .mockResolvedValueOnce(orderView({ returned: 22_500, refunded: 22_500 }, [refundEntry({})]));
    render(<RefundDialog orderId={7} znumber="Д-007" onClose={() => undefined} />);
    await settle();
    expect(screen.getByText('Банк не вернул')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[0]).toBe(staffRetryRefundCall);
    expect(screen.getByText('Возвращено')).toBeTruthy();
  });
});

describe('«Возвраты» (issue 31)', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(staffCall).mockReset();
    vi.mocked(followLiveStream).mockClear();
  });

  it('shows the bank’s answer and a refund another manager makes without a reload; reads the list again after a reconnect (decision 055)', async () => {
    vi.mocked(staffCall).mockResolvedValueOnce({ refunds: [recent({})] });
    render(
      <RefundsArea
        session={{
          token: 't',
          me: { id: 1, login: 'm', name: 'Менеджер', role: 'manager', chain: true, restaurants: [] },
        }}
      />,
    );
    await settle();
    const row = () => screen.getAllByRole('row').find((entry) => entry.textContent?.includes('Д-007'));
    expect(row()?.textContent).toContain('Банк возвращает');

    sendRefund(recent({ status: 'failed', status_text: 'Банк не вернул', failure: 'the bank refused refund: 7' }));
    expect(row()?.textContent).toContain('Банк не вернул');
    expect(row()?.textContent).toContain('the bank refused refund: 7');
    sendRefund(recent({ status: 'done', status_text: 'Возвращено' }));
    expect(row()?.textContent).toContain('Возвращено');
    sendRefund(recent({ id: 11, order_id: 12, znumber: 'С-012', amount: 30_000 }));
    expect(screen.getAllByRole('row')[1]?.textContent).toContain('С-012');
    expect(screen.getAllByRole('row')).toHaveLength(3);

    vi.mocked(staffCall).mockResolvedValueOnce({ refunds: [] });
    act(() => refundStream().onOpen?.(true));
    await settle();
    expect(screen.getByText('Возвратов пока не было.')).toBeTruthy();
  });
});
