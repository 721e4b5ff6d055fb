import { useState } from 'react';
import type { MenuDish } from '@chain/contract';
import { type DishIndex, formatMoney, type LinePriceChange, linePriceChanges } from '@chain/domain';
import type { CartLine } from '../../state/cart-store';
import { Button } from '../../ui/button';
import { PRICE_CHANGED_ASK, PRICE_CHANGED_TITLE, priceChangedLine } from './cart-model';

/**
 * Issue 31: the price changes of the cart's lines since the cart first showed them, while it stays
 * open. The menu the cart follows (the catalogue stream, or a refusal with sum_changed) brings new
 * prices; each change is kept, by line, until the guest dismisses them, so a total that moved
 * under the pay button is never moved silently. The first menu the cart shows is its baseline.
 */
export function usePriceChanges(
  lines: readonly CartLine[],
  dishes: DishIndex,
): { changes: readonly LinePriceChange[]; dismiss: () => void } {
  // React's way to adjust state when a prop changes: compared during render, not in an effect.
  const [shown, setShown] = useState(dishes);
  const [changes, setChanges] = useState<readonly LinePriceChange[]>([]);
  if (shown !== dishes) {
    setShown(dishes);
    const found = linePriceChanges(lines, shown, dishes);
    if (found.length > 0) {
      // A line changed twice keeps the price it had when the guest first saw it.
      const merged = new Map(changes.map((change) => [change.token, change]));
      for (const change of found) {
        const earlier = merged.get(change.token);
        merged.set(change.token, earlier ? { ...change, before: earlier.before } : change);
      }
      setChanges([...merged.values()].filter((change) => change.before !== change.after));
    }
  }
  return { changes, dismiss: () => setChanges([]) };
}

/** The notice over the cart's lines: which dishes cost what now, and the ask to check the total. */
export function PriceChangeNotice({
  changes,
  dishes,
  onDismiss,
}: {
  changes: readonly LinePriceChange[];
  dishes: readonly MenuDish[];
  onDismiss: () => void;
}) {
  // The live region is there before any change, so a screen reader hears the change when it comes.
  return (
    <div role="status" className="cart__price-change-region">
      {changes.length > 0 ? (
        <section className="cart__price-change" aria-labelledby="cart-price-change-title">
          <h2 id="cart-price-change-title" className="cart__block-title">
            {PRICE_CHANGED_TITLE}
          </h2>
          <ul>
            {changes.map((change) => (
              <li key={change.token}>
                {priceChangedLine(
                  dishes.find((dish) => String(dish.id) === String(change.item))?.name ?? '',
                  formatMoney(change.before),
                  formatMoney(change.after),
                )}
              </li>
            ))}
          </ul>
          <p>{PRICE_CHANGED_ASK}</p>
          <Button variant="secondary" onClick={onDismiss}>
            Понятно
          </Button>
        </section>
      ) : null}
    </div>
  );
}
