import { Trash2 } from 'lucide-react';
import type { MenuDish } from '@chain/contract';
import { formatMoney, lineTotal } from '@chain/domain';
import type { CartLine } from '../../state/cart-store';
import { cartStore } from '../../state/store';
import { IconButton } from '../../ui/button';
import { Stepper } from '../../ui/stepper';

/** A cart line: the dish, its chosen options, its sum, and its count (zero removes it, SPEC 4). */
export function LineRow({ line, dish }: { line: CartLine; dish: MenuDish | undefined }) {
  const name = dish?.name ?? 'Блюдо недоступно';
  const options = dish
    ? [
        ...(line.spec != null
          ? [dish.spec.find((option) => String(option.specid) === String(line.spec))?.specname]
          : []),
        ...line.specs.map((chosen) => {
          const option = dish.spec.find((entry) => String(entry.specid) === String(chosen.specid));
          return option ? `${option.specname}${chosen.cnt > 1 ? ` ×${chosen.cnt}` : ''}` : undefined;
        }),
      ].filter(Boolean)
    : [];
  const available = dish !== undefined && dish.allowed;
  return (
    <article className={available ? 'cart-line' : 'cart-line cart-line--unavailable'} aria-label={name}>
      <div className="cart-line__text">
        <h3 className="cart-line__name">{name}</h3>
        {options.length > 0 ? <p className="cart-line__options">{options.join(', ')}</p> : null}
        {!available ? <p className="cart-line__warning">Сейчас недоступно — удалите из заказа</p> : null}
        <p className="cart-line__price">{formatMoney(lineTotal(line, dish))}</p>
      </div>
      <div className="cart-line__controls">
        <IconButton
          label={`Удалить: ${name}`}
          icon={<Trash2 />}
          onClick={() => cartStore.getState().changeLineCount(line.token, -line.cnt)}
        />
        <Stepper
          value={line.cnt}
          label={name}
          onChange={(next) => cartStore.getState().changeLineCount(line.token, next - line.cnt)}
        />
      </div>
    </article>
  );
}
