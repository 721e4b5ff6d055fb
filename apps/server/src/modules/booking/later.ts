import type * as z from 'zod/mini';
import type {
  ActionFields,
  checkDelayedAction,
  delayedOrder,
  delayedzakazRestoransResponse,
  predzakazPeriodsAction,
  predzakazPeriodsResponse,
} from '@chain/contract';
import {
  bookingDateOf,
  CHOOSE_RESTAURANT_MESSAGE,
  DEFAULT_TIME_ZONE,
  formatClock,
  formatShortDate,
  indexDishes,
  instantAt,
  isLineAvailable,
  LATER_ORDER_TYPES,
  lineToken,
  openPickupSlots,
  PICKUP_STEP_MINUTES,
  wallClockAt,
  type Dish,
  type LineChoice,
} from '@chain/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { UserRow } from '../auth';
import {
  activeRestaurantsWithSchedules,
  findActiveRestaurant,
  holidaysOfRestaurant,
  restaurantChoiceOf,
} from '../restaurants';
import { findOrderLines } from '../order-history';
import { loadSettings } from '../settings';
import { dateChoicesWire, dateWire, sameDate, seconds } from './dates';
import { periodsOffered, periodsRefused } from './periods';
import { dishesWithMenuKind, latestDelayedOrder, optionsOfDishes, stoppedDishIds } from './repository';

type PreorderFields = ActionFields<typeof predzakazPeriodsAction>;
type PreorderAnswer = z.input<typeof predzakazPeriodsResponse>;
type DelayedRestaurantsAnswer = z.input<typeof delayedzakazRestoransResponse>;
type CheckDelayedFields = ActionFields<typeof checkDelayedAction>;
type DelayedOrder = z.input<typeof delayedOrder>;

export const PREORDER_OFF_MESSAGE = 'Предзаказ сейчас недоступен.';
export const DELAYED_OFF_MESSAGE = 'Отложенные заказы сейчас не принимаются.';

/**
 * predzakazPeriods (SPEC 7): a pre-order at a table for later. The restaurants that seat
 * guests; for the chosen one and date (within its deliveryDays) the times it can be placed for:
 * the domain's openPickupSlots with the restaurant's holidays, the rule order/create checks a
 * chosen time with (issue 31).
 */
export async function preorderPeriodsAnswer(
  db: Kysely<Database>,
  fields: PreorderFields,
  now: Date,
): Promise<PreorderAnswer> {
  const settings = await loadSettings(db);
  const restaurants = (await activeRestaurantsWithSchedules(db)).filter((r) => r.row.delivery_rest);
  const restaurant = fields.restoranid === undefined ? null : await findActiveRestaurant(db, fields.restoranid);
  const tz = restaurant?.row.time_zone ?? DEFAULT_TIME_ZONE;
  const clock = wallClockAt(now, tz);
  const dates = dateChoicesWire(clock.date, restaurant?.row.delivery_days ?? 0, tz);
  const holidays = restaurant ? await holidaysOfRestaurant(db, restaurant.row.id) : [];
  // No date asked (the screen opening on a restaurant): its first date with a time left, as the
  // delayed order does — late in the evening, or on a holiday, that is a later day, not a today
  // with nothing to choose.
  const firstOpen = () =>
    restaurant
      ? dates.find((choice) => openPickupSlots(restaurant.schedule, holidays, choice.calendar, clock).length > 0)
          ?.calendar
      : undefined;
  const date =
    fields.date === undefined
      ? (firstOpen() ?? clock.date)
      : bookingDateOf(fields.date, fields.timeZoneOffset ?? null, tz);
  const base = {
    restorans: restaurants.map((r) => restaurantChoiceOf(r.row)),
    restoranid: restaurant?.row.id ?? null,
    dates: dates.map(dateWire),
    min_sum: restaurant?.row.min_order_sum_inrest ?? 0,
  };
  const refuse = (message: string): PreorderAnswer => ({ ...base, ...periodsRefused(date, 0, message) });
  if (settings.allow_predzakaz !== 1) return refuse(PREORDER_OFF_MESSAGE);
  if (!restaurant) return refuse(CHOOSE_RESTAURANT_MESSAGE);
  if (!restaurant.row.delivery_rest) return refuse('Этот ресторан не принимает заказы в зале.');
  if (!dates.some((choice) => sameDate(choice.calendar, date)))
    return refuse('На выбранную дату предзаказ недоступен. Выберите другую дату.');
  const periods = openPickupSlots(restaurant.schedule, holidays, date, clock).map((minute) => {
    const from = formatClock(minute);
    const timefrom = instantAt(date, minute, tz);
    return {
      periodfrom: from,
      from,
      to: formatClock(minute + PICKUP_STEP_MINUTES),
      timefrom: seconds(timefrom),
      timeto: seconds(timefrom + PICKUP_STEP_MINUTES * 60_000),
      text: from,
    };
  });
  if (periods.length === 0) return refuse('На эту дату свободного времени нет. Выберите другую дату.');
  return { ...base, ...periodsOffered(date, 0, periods, fields.periodfrom) };
}

/**
 * delayedzakazRestorans (SPEC 7): the restaurants that take an order for later (pickup or at a
 * table), each with the order types it takes for one, so the app needs no other list; and, for
 * restoranid, its dates (deliveryDays) with their open times and the earliest one.
 */
export async function delayedRestaurantsAnswer(
  db: Kysely<Database>,
  restaurantRef: number | string | undefined,
  now: Date,
): Promise<DelayedRestaurantsAnswer> {
  const settings = await loadSettings(db);
  const restaurants = (await activeRestaurantsWithSchedules(db)).filter(
    (r) => r.row.delivery_self || r.row.delivery_rest,
  );
  const restaurant = restaurantRef === undefined ? null : await findActiveRestaurant(db, restaurantRef);
  const tz = restaurant?.row.time_zone ?? DEFAULT_TIME_ZONE;
  const clock = wallClockAt(now, tz);
  const base = {
    restorans: restaurants.map((r) => ({
      ...restaurantChoiceOf(r.row),
      order_types: LATER_ORDER_TYPES.filter((type) => (type === 'self' ? r.row.delivery_self : r.row.delivery_rest)),
    })),
    restoranid: restaurant?.row.id ?? null,
  };
  const none = { deliveryDate: formatShortDate(clock.date), deliveryTime: '', isTimePeriods: 0 as const };
  if (settings.allow_delayed !== 1)
    return { ...base, dates: [], deliveryDateTimeProps: none, allowbooking: 0, message: DELAYED_OFF_MESSAGE };
  if (!restaurant) {
    return {
      ...base,
      dates: [],
      deliveryDateTimeProps: none,
      allowbooking: restaurants.length > 0 ? 1 : 0,
      message: '',
    };
  }
  if (!restaurant.row.delivery_self && !restaurant.row.delivery_rest) {
    return {
      ...base,
      dates: [],
      deliveryDateTimeProps: none,
      allowbooking: 0,
      message: 'Этот ресторан не принимает заказы на самовывоз или в зале.',
    };
  }
  const holidays = await holidaysOfRestaurant(db, restaurant.row.id);
  const dates = dateChoicesWire(clock.date, restaurant.row.delivery_days, tz)
    .map((choice) => ({
      ...dateWire(choice),
      times: openPickupSlots(restaurant.schedule, holidays, choice.calendar, clock).map(formatClock),
    }))
    .filter((choice) => choice.times.length > 0);
  const first = dates[0];
  if (!first)
    return {
      ...base,
      dates,
      deliveryDateTimeProps: none,
      allowbooking: 0,
      message: 'В ближайшие дни свободного времени нет.',
    };
  return {
    ...base,
    dates,
    deliveryDateTimeProps: { deliveryDate: first.value, deliveryTime: first.times[0] ?? '', isTimePeriods: 0 },
    allowbooking: 1,
    message: '',
  };
}

interface StoredSpec {
  id: number;
  name?: string;
  price?: number;
  cnt?: number;
}

/**
 * checkDelayed (SPEC 4, 7): the user's latest delayed order at the restaurant for the order
 * type that is still unpaid and not cancelled, with its time and its lines as the app's cart
 * lines (token by the domain's lineToken). A line whose dish is stopped, no longer sold here or
 * whose option is gone or disabled is marked with a Russian note: the app resumes the rest.
 */
export async function checkDelayedAnswer(
  db: Kysely<Database>,
  user: UserRow,
  fields: CheckDelayedFields,
): Promise<{ order: DelayedOrder | null }> {
  const restaurant = await findActiveRestaurant(db, fields.fs_uid);
  const order = await latestDelayedOrder(db, user.id, restaurant.row.id, fields.order_type);
  if (!order) return { order: null };

  const items = await findOrderLines(db, [order.id]);
  const dishLines = items.filter((item) => item.kind === 'dish');
  const dishIds = [...new Set(dishLines.map((item) => item.item_id))];
  const dishes = dishIds.length === 0 ? [] : await dishesWithMenuKind(db, dishIds);
  const options = dishIds.length === 0 ? [] : await optionsOfDishes(db, dishIds);
  const stopped = new Set(dishIds.length === 0 ? [] : await stoppedDishIds(db, restaurant.row.id, dishIds));
  const sold = new Map(
    dishes.map((dish) => [dish.id, dish.active && restaurant.row.menu_kinds.includes(dish.menu_kind)]),
  );
  const index = indexDishes(
    dishes.map((dish): Dish => ({
      id: dish.id,
      price: dish.price,
      allowed: (sold.get(dish.id) ?? false) && !stopped.has(dish.id),
      is_shop: dish.is_shop,
      spec: options
        .filter((option) => option.dish_id === dish.id)
        .map((option) => ({ specid: option.id, price: option.price, disabled: option.disabled })),
    })),
  );

  const cart = dishLines.map((item) => {
    const specs = (item.specs as StoredSpec[]).map((spec) => ({
      specid: spec.id,
      cnt: spec.cnt ?? 1,
      price: spec.price ?? 0,
    }));
    const choice: LineChoice = { item: item.item_id, spec: item.spec?.id ?? null, specs };
    const available = isLineAvailable(choice, index);
    let note = '';
    if (!available) {
      if (!sold.get(item.item_id)) note = `«${item.name}» больше не продаётся.`;
      else if (stopped.has(item.item_id)) note = `«${item.name}» сейчас в стоп-листе.`;
      else {
        const chosen = [...(item.spec ? [item.spec] : []), ...(item.specs as StoredSpec[])];
        const gone = chosen.find(
          (spec) =>
            !options.some((option) => option.id === spec.id && option.dish_id === item.item_id && !option.disabled),
        );
        note = `«${item.name}»: опция «${gone?.name ?? 'без названия'}» недоступна.`;
      }
    }
    return {
      token: lineToken(choice),
      item: item.item_id,
      cnt: item.cnt,
      comment: item.comment,
      spec: item.spec?.id ?? null,
      specs,
      name: item.name,
      available: available ? (1 as const) : (0 as const),
      note,
    };
  });
  const unavailable = cart.filter((line) => line.available === 0);
  const tz = restaurant.row.time_zone;
  const wall = order.ready_at ? wallClockAt(order.ready_at, tz) : null;
  const props = order.props;
  const deliveryTime =
    typeof props.deliveryTime === 'string' ? props.deliveryTime : wall ? formatClock(wall.minuteOfDay) : '';
  const deliveryDate =
    typeof props.deliveryDate === 'string' ? props.deliveryDate : wall ? formatShortDate(wall.date) : '';
  return {
    order: {
      id: order.id,
      number: order.znumber,
      type: order.type,
      restoran_id: restaurant.row.id,
      fs_uid: restaurant.row.fs_uid,
      time: order.ready_at ? seconds(order.ready_at) : null,
      time_text: wall ? `${formatShortDate(wall.date)} ${formatClock(wall.minuteOfDay)}` : '',
      deliveryDateTimeProps: { deliveryDate, deliveryTime, isTimePeriods: deliveryTime.includes('-') ? 1 : 0 },
      sum: order.sum,
      cart,
      pribors: items.filter((item) => item.kind === 'cutlery').map((item) => ({ id: item.item_id, cnt: item.cnt })),
      recommendedItems: items
        .filter((item) => item.kind === 'recommended')
        .map((item) => ({ id: item.item_id, cnt: item.cnt })),
      message:
        unavailable.length === 0
          ? ''
          : `Некоторые блюда недоступны и не попадут в заказ: ${unavailable.map((line) => `«${line.name}»`).join(', ')}.`,
    },
  };
}
