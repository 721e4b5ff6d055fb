import { CalendarClock } from 'lucide-react';
import { formatMoney } from '@chain/domain';
import type { Checkout } from '../../state/cart-store';

/**
 * An inrest order for later (Предзаказ, a booking): the time it is cooked for and, from a
 * booking, its number and minimum sum (SPEC 5), so the guest sees what the order is for.
 */
export function InrestTime({ when, booking }: { when: Checkout['deliveryDateTime']; booking: Checkout['booking'] }) {
  if (!when && !booking) return null;
  return (
    <section className="cart__block" aria-labelledby="cart-inrest-time">
      <h2 id="cart-inrest-time" className="cart__block-title">
        {booking ? `Бронь №${booking.num}` : 'Ко времени'}
      </h2>
      {when ? (
        <p className="cart__inrest-time">
          <CalendarClock aria-hidden="true" />
          <span>
            {when.deliveryDate}, {when.deliveryTime}
          </span>
        </p>
      ) : null}
      {booking && booking.minSum > 0 ? (
        <p className="cart__inrest-note">Минимальная сумма заказа по брони — {formatMoney(booking.minSum)}</p>
      ) : null}
    </section>
  );
}
