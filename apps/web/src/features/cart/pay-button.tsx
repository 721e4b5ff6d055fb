import { formatMoney, OFFLINE_PAY_WAITS_MESSAGE } from '@chain/domain';
import { useCartState } from '../../state/store';
import { Button } from '../../ui/button';
import { useOnline } from '../../ui/use-online';
import { type CartOrder, usePlaceOrder } from './use-place-order';

/** «Оплатить {sum}» (a delayed order: «Отложить заказ на {sum}»): places the order (use-place-order.ts); busy while placing and until the extras have come. */
export function PayButton({ toPay, order, ready }: { toPay: number; order: CartOrder; ready: boolean }) {
  const { busy, pay } = usePlaceOrder(order, ready);
  // SPEC 4 delayed order: saved for its time and paid later, so the button saves it.
  const delayed = useCartState((state) => state.checkout.delayed && !order.kiosk);
  // Issue 18: with the network gone the button says why it waits; the guest taps it again when it is back.
  const online = useOnline();
  return (
    <>
      <Button
        block
        busy={busy || !ready}
        disabled={!online}
        aria-describedby={online ? undefined : 'pay-offline'}
        onClick={() => void pay()}
      >
        {delayed ? `Отложить заказ на ${formatMoney(toPay)}` : `Оплатить ${formatMoney(toPay)}`}
      </Button>
      {online ? null : (
        <p id="pay-offline" className="pay-offline" role="status">
          {OFFLINE_PAY_WAITS_MESSAGE}
        </p>
      )}
    </>
  );
}
