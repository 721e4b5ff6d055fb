// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUPON_DEBOUNCE_MS, couponBelowMinimumMessage, indexDishes } from '@chain/domain';
import { ApiError } from '../../api/client';
import { checkCoupon, type CouponAnswer } from '../../api/order';
import type { CartLine } from '../../state/cart-store';
import { useCartState } from '../../state/store';
import { cartFigures } from './cart-model';
import { CouponField } from './coupon-field';
import { useCoupon } from './use-coupon';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/order'), async (importOriginal) => ({ ...(await importOriginal()), checkCoupon: vi.fn() }));

const dishes = indexDishes([{ id: 101, price: 40_000, allowed: 1, is_shop: 0, spec: [] }]);
const line = (cnt: number): CartLine => ({ token: 'margherita', item: '101', cnt, comment: '', spec: null, specs: [] });
const user = { id: '7', password: 'token' };

/** The coupon field as the cart screen wires it: the code from the store, its check, and the quote of a cart. */
function Coupon({ lines }: { lines: CartLine[] }) {
  const code = useCartState((state) => state.checkout.coupon);
  const coupon = useCoupon(code, 'self', 'fs-kursky', user);
  const figures = cartFigures({
    lines,
    dishes,
    cutlery: [],
    recommended: [],
    coupon,
    orderType: 'self',
    restaurant: { minOrderSum: { self: 0, inrest: 0 }, minOrderSumShop: { self: 0, inrest: 0 } },
  });
  return (
    <>
      <CouponField code={code} coupon={coupon} quoted={figures.coupon} />
      <output aria-label="К оплате">{figures.totals.toPay}</output>
    </>
  );
}

const answer = (fields: Pick<CouponAnswer, 'discountPercent' | 'minSum' | 'message'>): CouponAnswer => ({
  success: true,
  title: '',
  discountAmount: 0,
  ...fields,
});
const field = () => screen.getByRole('textbox', { name: 'Купон' });
const type = (code: string) => fireEvent.change(field(), { target: { value: code } });
/** Lets time pass and the coupon's answer arrive. */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('coupon field (SPEC 2 Cart, SPEC 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    resetAppStores();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.mocked(checkCoupon).mockReset();
  });

  it('checks the code 1000 ms after the guest stops typing, saying so meanwhile, then shows the percent', async () => {
    vi.mocked(checkCoupon).mockResolvedValue(answer({ discountPercent: 10, minSum: 0, message: '' }));
    render(<Coupon lines={[line(2)]} />);
    type('ZH');
    expect(screen.getByText('Проверяем купон…')).toBeTruthy();
    await wait(COUPON_DEBOUNCE_MS - 1);
    type('ZHAR10');
    await wait(COUPON_DEBOUNCE_MS - 1);
    expect(checkCoupon).not.toHaveBeenCalled();
    expect(screen.getByText('Проверяем купон…')).toBeTruthy();

    await wait(1);
    expect(checkCoupon).toHaveBeenCalledTimes(1);
    expect(vi.mocked(checkCoupon).mock.calls[0]?.[0]).toEqual({
      coupon: 'ZHAR10',
      orderType: 'self',
      fsUid: 'fs-kursky',
      user,
    });
    expect(screen.getByText('Скидка 10 %')).toBeTruthy();
    expect(screen.queryByText('Проверяем купон…')).toBeNull();
    expect(screen.getByRole('status', { name: 'К оплате' }).textContent).toBe('72000');
  });

  it("shows the server's own text of an applied coupon", async () => {
    vi.mocked(checkCoupon).mockResolvedValue(answer({ discountPercent: -5, minSum: 0, message: 'Наценка 5 %' }));
    render(<Coupon lines={[line(1)]} />);
    type('NIGHT');
    await wait(COUPON_DEBOUNCE_MS);
    expect(screen.getByText('Наценка 5 %')).toBeTruthy();
  });

  it("shows the server's message next to the field when the coupon is refused", async () => {
    vi.mocked(checkCoupon).mockRejectedValue(new ApiError('Купон не найден', 'server', 404, 'coupon_unknown'));
    render(<Coupon lines={[line(2)]} />);
    type('NOPE');
    await wait(COUPON_DEBOUNCE_MS);
    expect(screen.getByText('Купон не найден')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Проверяем купон…')).toBeNull();
    expect(screen.getByRole('status', { name: 'К оплате' }).textContent).toBe('80000');
  });

  it("below the coupon's minimum says from which sum it applies and quotes the cart without it (issue 12)", async () => {
    vi.mocked(checkCoupon).mockResolvedValue(answer({ discountPercent: 10, minSum: 50_000, message: 'Скидка 10 %' }));
    const { rerender } = render(<Coupon lines={[line(1)]} />);
    type('ZHAR10');
    await wait(COUPON_DEBOUNCE_MS);
    expect(screen.getByText(couponBelowMinimumMessage(50_000))).toBeTruthy();
    expect(screen.getByText('Купон действует при заказе от 500,00 ₽')).toBeTruthy();
    expect(screen.queryByText('Скидка 10 %')).toBeNull();
    expect(screen.getByRole('status', { name: 'К оплате' }).textContent).toBe('40000');

    // From the minimum on, the coupon applies.
    rerender(<Coupon lines={[line(2)]} />);
    expect(screen.queryByText(couponBelowMinimumMessage(50_000))).toBeNull();
    expect(screen.getByText('Скидка 10 %')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'К оплате' }).textContent).toBe('72000');
  });

  it('asks nothing for an empty code', async () => {
    render(<Coupon lines={[line(1)]} />);
    type('   ');
    await wait(COUPON_DEBOUNCE_MS);
    expect(checkCoupon).not.toHaveBeenCalled();
    expect(screen.queryByText('Проверяем купон…')).toBeNull();
  });
});
