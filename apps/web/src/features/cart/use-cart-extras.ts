import { useEffect, useEffectEvent, useState } from 'react';
import {
  type CartExtrasInput,
  type CutleryItem,
  loadCutlery,
  loadRecommended,
  type RecommendedItem,
} from '../../api/order';
import type { CartLine } from '../../state/cart-store';
import type { OrderType } from '@chain/domain';
import { useCartState } from '../../state/store';

/** The cart's extras with the guest's counts, and whether both lists have come (or failed). */
export interface CartExtras {
  readonly cutlery: CutleryItem[];
  readonly recommended: RecommendedItem[];
  /** Until both lists have come (or failed) the totals are not final: the pay button waits. */
  readonly settled: boolean;
}

/**
 * SPEC 2 Cart: cutlery and recommended items, their counts kept with the checkout (a reload
 * keeps them); an item the guest has not counted shows the server's default count.
 */
export function useCartExtras(
  orderType: OrderType,
  restaurantId: string | null,
  lines: readonly CartLine[],
  user: CartExtrasInput['user'],
): CartExtras {
  const cutlery = useExtraList(loadCutlery, orderType, restaurantId, lines, user, 'once');
  const recommended = useExtraList(loadRecommended, orderType, restaurantId, lines, user, 'per-dishes');
  const cutleryCounts = useCartState((state) => state.checkout.pribors);
  const recommendedCounts = useCartState((state) => state.checkout.recommended);
  return {
    cutlery: (cutlery ?? []).map((item) => ({ ...item, cnt: cutleryCounts[item.id] ?? item.cnt })),
    recommended: (recommended ?? []).map((item) => ({ ...item, cnt: recommendedCounts[item.id] ?? item.cnt })),
    settled: cutlery !== null && recommended !== null,
  };
}

/**
 * A cart extra list asked of the server as soon as the cart's restaurant is known (beside its menu,
 * not after it): the cutlery once per restaurant and order type; the
 * recommendations again whenever the cart's dishes change (dishes in the cart are not suggested).
 * null until the first answer; the previous list stays on screen while the next one loads.
 * Nothing offered is not an error the guest can act on, so a failure counts as an empty list
 * (or leaves the list as it was).
 */
function useExtraList<Item>(
  load: (input: CartExtrasInput, options: { signal: AbortSignal }) => Promise<Item[]>,
  orderType: OrderType,
  restaurantId: string | null,
  lines: readonly CartLine[],
  user: CartExtrasInput['user'],
  refresh: 'once' | 'per-dishes',
): Item[] | null {
  const [items, setItems] = useState<Item[] | null>(null);
  const dishes = refresh === 'per-dishes' ? [...new Set(lines.map((line) => line.item))].sort().join(',') : '';
  const ask = useEffectEvent((signal: AbortSignal) => {
    // No restaurant (an empty cart): nothing to ask.
    if (restaurantId === null || lines.length === 0) return;
    load({ orderType, restaurantId, lines, user }, { signal }).then(setItems, () => {
      if (!signal.aborted) setItems((previous) => previous ?? []);
    });
  });
  useEffect(() => {
    const controller = new AbortController();
    ask(controller.signal);
    return () => controller.abort();
  }, [orderType, restaurantId, dishes, user.id]);
  return items;
}
