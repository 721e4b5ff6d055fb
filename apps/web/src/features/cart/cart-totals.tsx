import { formatMoney } from '@chain/domain';
import type { CartFigures } from './cart-model';

/** SPEC 2 Cart totals: dishes, extras, cutlery, the discount or markup, delivery, and the sum to pay. */
export function CartTotals({ figures, delivery = false }: { figures: CartFigures; delivery?: boolean }) {
  const { totals } = figures;
  return (
    <dl className="cart__totals" aria-label="Итого">
      <div>
        <dt>Блюда</dt>
        <dd>{formatMoney(totals.items)}</dd>
      </div>
      {totals.recommended > 0 ? (
        <div>
          <dt>Дополнительно</dt>
          <dd>{formatMoney(totals.recommended)}</dd>
        </div>
      ) : null}
      {totals.cutlery > 0 ? (
        <div>
          <dt>Приборы</dt>
          <dd>{formatMoney(totals.cutlery)}</dd>
        </div>
      ) : null}
      {figures.discountLabel !== null ? (
        <div>
          <dt>{figures.discountLabel}</dt>
          <dd data-testid="cart-discount">{`${totals.discount > 0 ? '−' : '+'}${formatMoney(Math.abs(totals.discount))}`}</dd>
        </div>
      ) : null}
      {delivery ? (
        <div>
          <dt>Доставка</dt>
          <dd>{totals.delivery === 0 ? 'бесплатно' : formatMoney(totals.delivery)}</dd>
        </div>
      ) : null}
      <div className="cart__total">
        <dt>К оплате</dt>
        <dd data-testid="cart-to-pay">{formatMoney(totals.toPay)}</dd>
      </div>
    </dl>
  );
}
