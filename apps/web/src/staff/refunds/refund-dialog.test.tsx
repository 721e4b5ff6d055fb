// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKOFFICE_TEXTS, staffRefundOrderCall, staffRetryRefundCall, type OrderRefunds } from '@chain/contract';
import { discountAmount, formatMoney } from '@chain/domain';
import { ApiError } from '../../api/client';
import { staffCall } from '../api';
import { RefundDialog } from './refund-dialog';

// Issue 31 "Cancel a paid order with its money returned" (decision 050): the dialog offers the
// whole order or chosen units, shows the domain's sum before the press, and then the refund's state.

vi.mock(import('../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));

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
  });

  it('offers the whole order for what was paid, or chosen units with their share of the coupon, and sends the shown sum with the refunded total it read', async () => {
    vi.mocked(staffCall).mockResolvedValueOnce(orderView()).mockResolvedValueOnce({ refund_id: 5, refunds: orderView({ returned: 22_500, refunded: 22_500 }, [refundEntry({})]) });
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
          body: { success: false, error: 'stale_version', message: BACKOFFICE_TEXTS.staleVersion, current: orderView({ status: 90, status_text: 'Отменён, деньги возвращены: 690,00 ₽', returned: 69_000, refunded: 69_000, cancellable: false, refundable: false }, [refundEntry({ full: true, amount: 69_000 })]) },
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
      .mockResolvedValueOnce(orderView({ returning: 22_500, refunded: 22_500 }, [refundEntry({ status: 'failed', status_text: 'Банк не вернул', failure: 'the bank refused refund: 7', mailed: false })]))
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
