import {
  chargedCount,
  indexDishes,
  lineTotal,
  mergeRepeatedItems,
  mergeRepeatedOptions,
  unavailableLines,
  type DishIndex,
  type FreeCountItem,
  type OrderType,
  type PricedLine,
} from '@chain/domain';
import type { CartLineInput } from '@chain/contract';
import type { Selectable } from 'kysely';
import type { OrderItemsTable } from '../../db/types';
import { AppError, badRequest } from '../../http/errors';
import type { OrderCatalogue } from './catalogue';
import type { CartDish, RestaurantContext } from './context';

/**
 * A line of the order as it is stored (order_items, less the ids and sort it gets when saved),
 * priced by the server. `price` is the unit price: the dish with its single option; multi
 * options are in `specs`.
 */
export type PricedItem = Omit<Selectable<OrderItemsTable>, 'id' | 'order_id' | 'sort'>;

export interface PricedCart {
  lines: PricedLine[];
  dishes: DishIndex;
  items: PricedItem[];
  cutlery: FreeCountItem[];
  recommended: FreeCountItem[];
}

/**
 * The chosen single option's id. The contract hands over only the id, whether the client sent
 * the id or the SPEC 3 Option object (its price ignored), and none as undefined (issue 11.10).
 */
export const optionId = (spec: CartLineInput['spec']): number | null => spec ?? null;

export const UNAVAILABLE_PREFIX = 'Некоторые блюда сейчас недоступны';

/**
 * Whether the order tries a lock code (SPEC 4): null when it sends none or holds no locked dish
 * (nothing is guessed), else whether the code opens every locked dish of the cart. Its answer
 * goes to the one lock-code counter (http/lock-code.ts) before priceCart refuses a wrong code.
 */
export function lockCodeTry(
  catalogue: OrderCatalogue,
  restaurant: RestaurantContext,
  cart: CartLineInput[],
  lockCode: string | null,
): boolean | null {
  if (lockCode === null) return null;
  const locked = [
    ...catalogue
      .cartDishes(
        restaurant,
        cart.map((line) => line.item),
      )
      .values(),
  ].filter((dish) => dish.lockCode !== null);
  return locked.length === 0 ? null : locked.every((dish) => dish.lockCode === lockCode);
}

/**
 * Prices the cart from the database: every line must count under SPEC 5 (the dish exists
 * and is allowed here, its options exist and are not disabled), a single option must be a
 * single-choice option of that dish and a multi option a counted one within its maximum,
 * and a locked dish needs the right code (SPEC 4). What the client says a price is, is ignored.
 * Free counts and maximums are per item (SPEC 5, issue 11): repeated cutlery or recommended
 * entries of one id, and a multi option repeated in one line, are summed first (the domain's
 * merge, the one the cart screen's totals use), and stored as one row or option each.
 */
export function priceCart(
  catalogue: OrderCatalogue,
  restaurant: RestaurantContext,
  input: {
    cart: CartLineInput[];
    cutlery: Array<{ id: number; cnt: number }>;
    recommended: Array<{ id: number; cnt: number }>;
    orderType: OrderType;
    /** The code that opens locked dishes (SPEC 4). */
    lockCode: string | null;
    /** A quote (order/delivery, order/discount) prices locked dishes without asking for their code. */
    quoteOnly?: boolean;
  },
): PricedCart {
  const recommendedRows = input.recommended.flatMap((r) => catalogue.recommended.get(r.id) ?? []);
  const cartDishes = catalogue.cartDishes(restaurant, [
    ...input.cart.map((line) => line.item),
    ...recommendedRows.map((r) => r.dish_id),
  ]);
  const dishes = indexDishes([...cartDishes.values()].map((dish) => dish.domain));

  const chosenSpecs = input.cart.map((line) =>
    mergeRepeatedOptions((line.specs ?? []).map((s) => ({ specid: s.specid, cnt: s.cnt }))),
  );
  const lines: PricedLine[] = input.cart.map((line, index) => ({
    item: line.item,
    spec: optionId(line.spec),
    specs: chosenSpecs[index] ?? [],
    cnt: line.cnt,
  }));

  const unavailable = unavailableLines(lines, dishes);
  if (unavailable.length > 0) {
    const names = [...new Set(unavailable.map((line) => cartDishes.get(Number(line.item))?.name ?? `№${line.item}`))];
    throw new AppError(409, 'unavailable', `${UNAVAILABLE_PREFIX}: ${names.join(', ')}. Уберите их из корзины.`);
  }

  const items: PricedItem[] = input.cart.map((line, index) => {
    const dish = cartDishes.get(line.item) as CartDish;
    if (dish.lockCode !== null && !input.quoteOnly && dish.lockCode !== input.lockCode) {
      throw new AppError(403, 'locked', `Для блюда «${dish.name}» нужен код доступа.`);
    }
    const single = optionId(line.spec);
    const singleOption = single === null ? null : (dish.options.get(single) ?? null);
    if (singleOption?.multicheck)
      throw badRequest(`Опция «${singleOption.name}» выбирается количеством, а не одна.`, 'validation');
    const specs = (chosenSpecs[index] ?? []).map((chosen) => {
      const option = dish.options.get(chosen.specid);
      if (!option?.multicheck)
        throw badRequest(`Опцию №${chosen.specid} нельзя добавить к блюду «${dish.name}».`, 'validation');
      if (chosen.cnt > option.maxCnt)
        throw badRequest(`Опции «${option.name}» можно добавить не больше ${option.maxCnt}.`, 'validation');
      return { id: option.id, name: option.name, price: option.price, cnt: chosen.cnt };
    });
    const priced = lines[index] as PricedLine;
    return {
      kind: 'dish',
      item_id: dish.domain.id as number,
      name: dish.name,
      price: dish.domain.price + (singleOption && !singleOption.disabled ? singleOption.price : 0),
      cnt: line.cnt,
      charged_cnt: line.cnt,
      line_sum: lineTotal(priced, dish.domain),
      spec: singleOption ? { id: singleOption.id, name: singleOption.name, price: singleOption.price } : null,
      specs,
      comment: line.comment?.trim() ?? '',
      photo: dish.photo,
    };
  });

  // Cutlery (pribors): offered for the order type, count within 0..max (SPEC 5), charged above free_cnt.
  const cutlery: PricedCart['cutlery'] = [];
  for (const chosen of mergeRepeatedItems(input.cutlery)) {
    const row = catalogue.cutlery.get(chosen.id);
    if (!row || !row.order_types.includes(input.orderType))
      throw badRequest(`Прибор №${chosen.id} недоступен для этого заказа.`, 'validation');
    if (chosen.cnt > row.max) throw badRequest(`«${row.name}»: не больше ${row.max}.`, 'validation');
    if (chosen.cnt === 0) continue;
    const item = { id: row.id, cnt: chosen.cnt, price: row.price, free_cnt: row.free_cnt };
    cutlery.push(item);
    items.push(extraItem('cutlery', row.name, item, ''));
  }

  const recommended: PricedCart['recommended'] = [];
  for (const chosen of mergeRepeatedItems(input.recommended)) {
    const row = catalogue.recommended.get(chosen.id);
    const dish = row ? cartDishes.get(row.dish_id) : undefined;
    if (!row || !dish || !row.order_types.includes(input.orderType)) {
      throw badRequest(`Рекомендуемый товар №${chosen.id} недоступен для этого заказа.`, 'validation');
    }
    if (chosen.cnt === 0) continue;
    if (!dish.domain.allowed)
      throw new AppError(409, 'unavailable', `${UNAVAILABLE_PREFIX}: ${dish.name}. Уберите их из корзины.`);
    const item = { id: row.id, cnt: chosen.cnt, price: dish.domain.price, free_cnt: row.free_cnt };
    recommended.push(item);
    items.push(extraItem('recommended', dish.name, item, dish.photo));
  }

  return { lines, dishes, items, cutlery, recommended };
}

function extraItem(
  kind: 'cutlery' | 'recommended',
  name: string,
  item: FreeCountItem & { id: number },
  photo: string,
): PricedItem {
  const charged = chargedCount(item);
  return {
    kind,
    item_id: item.id,
    name,
    price: item.price,
    cnt: item.cnt,
    charged_cnt: charged,
    line_sum: charged * item.price,
    spec: null,
    specs: [],
    comment: '',
    photo,
  };
}
