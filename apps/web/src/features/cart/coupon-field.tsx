import { couponTermsLabel } from '@chain/domain';
import { cartStore } from '../../state/store';
import { Input } from '../../ui/input';
import type { CartFigures, CouponState } from './cart-model';

/**
 * SPEC 2 Cart coupon: the code the guest types (checked by use-coupon.ts), with what became of it
 * beside the field: being checked, the quote's note below the coupon's minimum (issue 12: not
 * applied, said before the tap), the discount, or the server's refusal.
 */
export function CouponField({
  code,
  coupon,
  quoted,
}: {
  code: string;
  coupon: CouponState;
  quoted: CartFigures['coupon'];
}) {
  return (
    <Input
      label="Купон"
      autoComplete="off"
      autoCapitalize="characters"
      value={code}
      onChange={(event) => cartStore.getState().updateCheckout({ coupon: event.target.value })}
      hint={
        coupon.status === 'checking'
          ? 'Проверяем купон…'
          : quoted.status === 'below-minimum'
            ? quoted.message
            : coupon.status === 'applied'
              ? coupon.message || couponTermsLabel(coupon)
              : undefined
      }
      error={coupon.status === 'refused' ? coupon.message : null}
    />
  );
}
