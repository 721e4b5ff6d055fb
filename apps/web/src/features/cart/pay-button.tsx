import { formatMoney } from '@chain/domain';
import { Button } from '../../ui/button';
import { type CartOrder, usePlaceOrder } from './use-place-order';

/** «Оплатить {sum}»: places the order (use-place-order.ts); busy while placing and until the extras have come. */
export function PayButton({ toPay, order, ready }: { toPay: number; order: CartOrder; ready: boolean }) {
  const { busy, pay } = usePlaceOrder(order, ready);
  return (
    <Button block busy={busy || !ready} onClick={() => void pay()}>
      {`Оплатить ${formatMoney(toPay)}`}
    </Button>
  );
}
