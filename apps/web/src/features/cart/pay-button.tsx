import { formatMoney } from '@chain/domain';
import { useAppState } from '../../state/store';
import { Button } from '../../ui/button';
import { type CartOrder, usePlaceOrder } from './use-place-order';

/** «Оплатить {sum}» (a delayed order: «Отложить заказ на {sum}»): places the order (use-place-order.ts); busy while placing and until the extras have come. */
export function PayButton({ toPay, order, ready }: { toPay: number; order: CartOrder; ready: boolean }) {
  const { busy, pay } = usePlaceOrder(order, ready);
  // SPEC 4 delayed order: saved for its time and paid later, so the button saves it.
  const delayed = useAppState((state) => state.checkout.delayed && !order.kiosk);
  return (
    <Button block busy={busy || !ready} onClick={() => void pay()}>
      {delayed ? `Отложить заказ на ${formatMoney(toPay)}` : `Оплатить ${formatMoney(toPay)}`}
    </Button>
  );
}
