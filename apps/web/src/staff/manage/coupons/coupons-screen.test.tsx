// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  staffCouponsCall,
  staffCouponUsesCall,
  staffCreateCouponCall,
  staffSaveCouponCall,
  type StaffCoupon,
} from '@chain/contract';
import { staffCall } from '../../api';
import type { StaffSession } from '../../session';
import {
  blankCoupon,
  couponDates,
  couponFieldsOf,
  couponPlaces,
  couponTerms,
  couponUsesText,
  toggled,
} from './coupons-model';
import CouponsScreen from './coupons-screen';

// Issue 31 «Купоны» on the screen: the list with uses and money, the form that sends a fixed
// coupon's terms, switching off over the version shown.

vi.mock(import('../../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));

const restaurants = [
  { id: 1, name: 'Патриаршие' },
  { id: 5, name: 'Курский' },
];
const session = (chain: boolean): StaffSession => ({
  token: 't',
  me: { id: 1, login: 'm', name: 'М', role: 'manager', chain, restaurants },
});
const spring: StaffCoupon = {
  ...blankCoupon('2026-06-10', null),
  id: 7,
  version: 3,
  code: 'VESNA',
  title: 'Весна',
  max_uses: 100,
};

afterEach(cleanup);

describe('coupon model', () => {
  it('starts a new coupon from today to the month’s end, everywhere for a chain manager, at their restaurants otherwise', () => {
    expect(blankCoupon('2026-02-10', null)).toMatchObject({
      active_from: '2026-02-10',
      active_to: '2026-02-28',
      restaurant_ids: null,
      kind: 'percent',
      percent: 10,
    });
    expect(blankCoupon('2028-02-01', [5, 1]).active_to).toBe('2028-02-29');
    expect(blankCoupon('2026-02-10', [5, 1]).restaurant_ids).toEqual([5, 1]);
    expect(couponFieldsOf(spring)).not.toHaveProperty('version');
    expect(couponFieldsOf(spring)).not.toHaveProperty('id');
  });

  it('says the terms, the dates, where and how much it was used', () => {
    expect(couponTerms({ kind: 'amount', percent: 0, amount: 15_000, min_sum: 0 })).toBe('Скидка 150,00 ₽');
    expect(couponTerms({ kind: 'percent', percent: 10, amount: 0, min_sum: 50_000 })).toBe('Скидка 10 % от 500,00 ₽');
    expect(couponDates({ active_from: '2026-06-01', active_to: '2026-06-30' })).toBe('01.06.2026 — 30.06.2026');
    expect(couponPlaces({ restaurant_ids: [5], order_types: ['self'] }, restaurants)).toBe('Курский; самовывоз');
    expect(couponPlaces({ restaurant_ids: null, order_types: ['self', 'delivery'] }, restaurants)).toBe(
      'Все рестораны; самовывоз, доставка курьером',
    );
    expect(couponUsesText(3, 100)).toBe('3 из 100');
    expect(couponUsesText(3, null)).toBe('3');
    expect(toggled([1, 10], 5, true)).toEqual([1, 5, 10]);
    expect(toggled([1, 5, 10], 5, false)).toEqual([1, 10]);
  });
});

describe('the coupons screen', () => {
  beforeEach(() => {
    vi.mocked(staffCall).mockReset();
  });

  it('lists coupons with their uses and money, creates a fixed one, and switches one off over its version', async () => {
    const calls = vi.mocked(staffCall);
    calls.mockImplementation(async (definition: unknown, body?: unknown) => {
      if (definition === staffCouponsCall)
        return { coupons: [{ coupon: spring, stats: { uses: 4, paid_uses: 3, discount_given: 12_345 } }] };
      if (definition === staffCreateCouponCall) return { ...(body as object), id: 8, version: 1, code: 'MINUS150' };
      if (definition === staffSaveCouponCall) return { ...spring, active: false, version: 4 };
      throw new Error('unexpected call');
    });
    render(<CouponsScreen session={session(true)} />);
    const item = await screen.findByRole('listitem', { name: 'Купон VESNA' });
    expect(item.textContent).toContain('4 из 100');
    expect(item.textContent).toContain('123,45 ₽');

    fireEvent.click(screen.getByRole('button', { name: 'Новый купон' }));
    const form = screen.getByRole('form', { name: 'Новый купон' });
    fireEvent.change(within(form).getByLabelText('Код'), { target: { value: 'minus 150' } });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Минус 150' } });
    fireEvent.change(within(form).getByLabelText('Вид скидки'), { target: { value: 'amount' } });
    fireEvent.change(within(form).getByLabelText('Сумма скидки, ₽'), { target: { value: '150' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Во всех ресторанах' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Патриаршие' }));
    fireEvent.click(within(form).getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await screen.findByRole('heading', { name: 'Купон MINUS150' });
    const created = calls.mock.calls.find(([definition]) => definition === staffCreateCouponCall)?.[1];
    expect(created).toMatchObject({
      code: 'minus 150',
      title: 'Минус 150',
      kind: 'amount',
      percent: 0,
      amount: 15_000,
      restaurant_ids: [5],
    });
    expect(created).not.toHaveProperty('version');

    fireEvent.click(within(item).getByRole('button', { name: 'Выключить' }));
    await waitFor(() => expect(calls.mock.calls.some(([definition]) => definition === staffSaveCouponCall)).toBe(true));
    const [, switched, options] = calls.mock.calls.find(([definition]) => definition === staffSaveCouponCall) ?? [];
    expect(switched).toMatchObject({ code: 'VESNA', active: false, version: 3 });
    expect(options).toEqual({ params: { id: 7 } });
  });

  it('«Использования» shows each order that used the coupon and the money it gave, read afresh at each press with the list’s totals, so the two agree', async () => {
    const calls = vi.mocked(staffCall);
    let uses = 4;
    const stats = () => ({ uses, paid_uses: uses - 1, discount_given: (uses - 1) * 1_500 });
    const use = (n: number) => ({
      order_id: 100 + n,
      znumber: `С-00${n}`,
      restaurant: 'Курский',
      created_at: '2026-06-12T09:30:00.000Z',
      sum: 44_000,
      discount: 1_500,
      paid: n > 1,
      cancelled: false,
    });
    calls.mockImplementation(async (definition: unknown) => {
      if (definition === staffCouponsCall) return { coupons: [{ coupon: spring, stats: stats() }] };
      if (definition === staffCouponUsesCall)
        return { coupon: spring, stats: stats(), uses: Array.from({ length: uses }, (_, index) => use(uses - index)) };
      throw new Error('unexpected call');
    });
    render(<CouponsScreen session={session(true)} />);
    const item = await screen.findByRole('listitem', { name: 'Купон VESNA' });
    expect(item.textContent).toContain('4 из 100');

    // A guest used it since the list was read: the press reads both.
    uses = 5;
    fireEvent.click(within(item).getByRole('button', { name: 'Использования' }));
    const panel = await screen.findByRole('region', { name: 'Использования купона VESNA' });
    await within(panel).findByText('С-005');
    expect(panel.textContent).toContain('Использован: 5 из 100, оплачено заказов: 4, скидка по оплаченным: 60,00 ₽');
    expect(within(panel).getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(panel).getByRole('row', { name: /С-001/ }).textContent).toContain('Не оплачен');
    await waitFor(() => expect(item.textContent).toContain('5 из 100'));
    expect(item.textContent).toContain('60,00 ₽');

    // Pressed again later: read again.
    uses = 6;
    fireEvent.click(within(item).getByRole('button', { name: 'Использования' }));
    await within(
      panel.isConnected ? panel : await screen.findByRole('region', { name: 'Использования купона VESNA' }),
    ).findByText('С-006');
    await waitFor(() => expect(item.textContent).toContain('6 из 100'));
    expect(calls.mock.calls.filter(([definition]) => definition === staffCouponUsesCall)).toHaveLength(2);
  });
});
