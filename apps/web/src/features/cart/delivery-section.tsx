import { Clock, MapPin } from 'lucide-react';
import { type CalendarDate, chosenTimeLabel, formatMoney } from '@chain/domain';
import type { DeliveryAddress } from '../../state/cart-store';
import { Button, LinkButton } from '../../ui/button';
import type { DeliveryQuoteState } from './use-delivery-quote';

/**
 * SPEC 2 Cart «Доставка курьером»: where and when, each with a way to change it, and what the
 * delivery costs by the order/delivery quote of this cart (decision 020).
 */
export function DeliverySection({
  address,
  when,
  today,
  quote,
  onRetry,
}: {
  address: DeliveryAddress | null;
  when: { readonly deliveryDate: string; readonly deliveryTime: string } | null;
  today: CalendarDate;
  quote: DeliveryQuoteState;
  onRetry: () => void;
}) {
  const whenText = when ? chosenTimeLabel(when, today) : 'Выберите время';
  return (
    <section className="cart__block" aria-labelledby="cart-delivery">
      <h2 id="cart-delivery" className="cart__block-title">
        Доставка
      </h2>
      <LinkButton href="/delivery_to" variant="secondary" block icon={<MapPin />}>
        {address?.short || 'Указать адрес'}
      </LinkButton>
      {address?.long && address.long !== address.short ? <p className="cart__hint">{address.long}</p> : null}
      <LinkButton href="/delivery_time" variant="secondary" block icon={<Clock />}>
        {whenText}
      </LinkButton>
      <p className="cart__hint" role="status">
        {quote.status === 'quoting'
          ? 'Считаем стоимость доставки…'
          : quote.status === 'ready'
            ? quote.deliverySum === 0
              ? 'Доставка бесплатно'
              : `Доставка ${formatMoney(quote.deliverySum)}`
            : quote.status === 'failed'
              ? quote.message
              : ''}
      </p>
      {quote.status === 'failed' ? (
        <Button variant="ghost" onClick={onRetry}>
          Повторить
        </Button>
      ) : null}
    </section>
  );
}
