import { useEffect, useState } from 'react';
import { COUPON_DEBOUNCE_MS } from '@chain/domain';
import { checkCoupon } from '../../api/order';
import type { OrderType } from '@chain/domain';
import { appliedCoupon, type CouponState } from './cart-model';

/** SPEC 9: the coupon is checked 1000 ms after the guest stops typing. */
export function useCoupon(
  code: string,
  orderType: OrderType,
  fsUid: string,
  user: { id: string; password: string },
): CouponState {
  const [result, setResult] = useState<{ code: string; state: CouponState } | null>(null);
  const trimmed = code.trim();
  const setState = (state: CouponState) => setResult({ code: trimmed, state });
  useEffect(() => {
    if (trimmed === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkCoupon({ coupon: trimmed, orderType, fsUid, user }, { signal: controller.signal }).then(
        (answer) => setState(appliedCoupon(answer)),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: 'refused', message: error instanceof Error ? error.message : 'Купон не применён' });
        },
      );
    }, COUPON_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the session does not change while the cart is open
  }, [trimmed, orderType, fsUid]);
  if (trimmed === '') return { status: 'none' };
  return result?.code === trimmed ? result.state : { status: 'checking' };
}
