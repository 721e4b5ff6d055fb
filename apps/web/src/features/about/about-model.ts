import {
  decodeLocation,
  restaurantClosedText,
  type RestaurantListResponse,
  restaurantOpeningNow,
  restaurantWallClock,
  type RestaurantWire,
  scheduleOfBusinessDay,
} from '@chain/contract';
import {
  DAY_BOUNDARY_MINUTE,
  type DeliveryPeriod,
  type Flag,
  type Id,
  type GeoPoint,
  type Instant,
  isOn,
  openHoursText,
  type OrderType,
  type PolygonCoordinates,
  type WallClock,
  type Weekday,
  weekdayName,
  weekdayShortName,
} from '@chain/domain';
import { courierRestaurants } from '../../api/courier-zones';

/*
 * What the chain's pages (/about, /about_restoran/{id}, /about_delivery) show, without React:
 * which restaurant «О кафе» is about, a restaurant's week and its open-now state (SPEC 4 Open
 * now), and the live zones table built from the restaurant list, so the numbers on the delivery
 * page are always the ones the checkout charges.
 */

const MINUTES_PER_DAY = 1440;
const WEEK: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** A restaurant's id as the routes and the client state carry it. */
export const restaurantKey = (restaurant: Pick<RestaurantWire, 'id'>): string => String(restaurant.id);

/**
 * The restaurant «О кафе» is about (SPEC 2: only for delivery or self-pickup): the current one
 * when the guest orders for delivery or pickup and it is in the list, else null (the page lists
 * the restaurants instead).
 */
export function currentRestaurant(
  list: RestaurantListResponse,
  orderType: OrderType | null,
  chosen: { readonly id: string } | null,
): RestaurantWire | null {
  if ((orderType !== 'delivery' && orderType !== 'self') || chosen === null) return null;
  return list.find((restaurant) => restaurantKey(restaurant) === chosen.id) ?? null;
}

/** The restaurant of a route's id, or null for an id the list does not have. */
export function restaurantById(list: RestaurantListResponse, id: string | undefined): RestaurantWire | null {
  if (id === undefined || !/^\d{1,9}$/.test(id)) return null;
  return list.find((restaurant) => restaurantKey(restaurant) === String(Number(id))) ?? null;
}

/** The restaurant's wall clock; a zone the browser does not know reads as Moscow (the chain's default). */
const clockOf = restaurantWallClock;

/** The business day's weekday: before 06:00 it is still the previous day (SPEC 4, 9). */
function businessWeekday(clock: WallClock): Weekday {
  if (clock.minuteOfDay >= DAY_BOUNDARY_MINUTE) return clock.weekday;
  return clock.weekday === 1 ? 7 : ((clock.weekday - 1) as Weekday);
}

export interface OpenState {
  /** SPEC 4 Open now, on the restaurant's own clock. */
  readonly open: boolean;
  /** 'Открыто до 23:00', 'Открыто круглосуточно', or when it opens: 'Откроется завтра в 10:00' (the self-pickup list's words, issue 33). */
  readonly text: string;
}

export function openState(
  restaurant: Pick<RestaurantWire, 'shedule' | 'time_zone'> &
    Partial<Pick<RestaurantWire, 'closedUntil' | 'closedText' | 'holidays'>>,
  now: Instant,
): OpenState {
  const clock = clockOf(restaurant, now);
  // Closed for now (issue 31): the manager's words, not open.
  const closed = restaurantClosedText({ ...restaurant, closedUntil: restaurant.closedUntil ?? null }, now);
  if (closed !== null) return { open: false, text: closed };
  // A holiday's hours in place of the weekday's (issue 31).
  const today = scheduleOfBusinessDay(restaurant, clock);
  const opening = restaurantOpeningNow(restaurant, now);
  return { open: opening.open, text: opening.open ? openHoursText(today, clock) : opening.opens };
}

export interface ScheduleRow {
  readonly day: Weekday;
  /** 'Понедельник'. */
  readonly name: string;
  /** '10:00–23:00', 'круглосуточно' or 'выходной'. */
  readonly hours: string;
  /** The restaurant's business day now. */
  readonly today: boolean;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The seven days of the week, Monday first, each with its hours; a day without an entry is closed (SPEC 4). */
export function scheduleRows(restaurant: Pick<RestaurantWire, 'shedule' | 'time_zone'>, now: Instant): ScheduleRow[] {
  const today = businessWeekday(clockOf(restaurant, now));
  return WEEK.map((day) => {
    const entry = restaurant.shedule.find((candidate) => candidate.day === day);
    const hours =
      entry === undefined
        ? 'выходной'
        : entry.toMinute - entry.fromMinute >= MINUTES_PER_DAY
          ? 'круглосуточно'
          : `${entry.from}–${entry.to}`;
    return { day, name: capitalised(weekdayName(day)), hours, today: day === today };
  });
}

/** The restaurant's point, or null when its location does not decode. */
export function restaurantPoint(restaurant: Pick<RestaurantWire, 'location'>): GeoPoint | null {
  return decodeLocation(restaurant.location);
}

/** 'Пн', 'Пн–Пт', 'Пт, Сб, Вс'… — the days a period runs, 'Ежедневно' for all seven. */
export function daysText(days: readonly Flag[]): string {
  const on = WEEK.filter((day) => isOn(days[day - 1]));
  if (on.length === 7) return 'Ежедневно';
  const runs: Array<{ first: Weekday; last: Weekday }> = [];
  for (const day of on) {
    const previous = runs.at(-1);
    if (previous && previous.last === day - 1) previous.last = day;
    else runs.push({ first: day, last: day });
  }
  return runs
    .map(({ first, last }) =>
      first === last
        ? weekdayShortName(first)
        : last === first + 1
          ? `${weekdayShortName(first)}, ${weekdayShortName(last)}`
          : `${weekdayShortName(first)}–${weekdayShortName(last)}`,
    )
    .join(', ');
}

/**
 * The delivery windows of a zone as a person reads them: the windows of the same days joined
 * where one ends as the next starts — 'Ежедневно 11:00–21:00; Пт, Сб 21:00–23:00'. null for a
 * zone without windows (delivered as soon as ready, while the restaurant is open: SPEC 5).
 */
export function zoneHoursText(periods: readonly DeliveryPeriod[]): string | null {
  const active = periods.filter((period) => period.days.some((day) => isOn(day)));
  if (active.length === 0) return null;
  const groups = new Map<string, { days: DeliveryPeriod['days']; spans: Array<{ from: string; to: string }> }>();
  for (const period of active) {
    const key = period.days.map((day) => (isOn(day) ? '1' : '0')).join('');
    const group = groups.get(key) ?? { days: period.days, spans: [] };
    group.spans.push({ from: period.from, to: period.to });
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ days, spans }) => {
      // Plain comparison of the HH:MM texts: localeCompare would start the ICU collator, a phone's
      // 40–60 ms on the first draw (issue 18).
      const sorted = [...spans].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
      const joined: Array<{ from: string; to: string }> = [];
      for (const span of sorted) {
        const previous = joined.at(-1);
        if (previous && previous.to === span.from) previous.to = span.to;
        else joined.push({ ...span });
      }
      return `${daysText(days)} ${joined.map((span) => `${span.from}–${span.to}`).join(', ')}`;
    })
    .join('; ');
}

/** One line of the zones table (kopecks as the wire has them). */
export interface ZoneRow {
  readonly key: string;
  readonly restaurantId: string;
  readonly restaurantName: string;
  readonly restaurantAddress: string;
  readonly zoneId: Id;
  readonly name: string;
  /** The wire colour ('#AARRGGBB', SPEC 9). */
  readonly color: string;
  readonly polygon: PolygonCoordinates;
  readonly minOrder: number;
  /** The minimum when the order holds a shop item (SPEC 5). */
  readonly minOrderShop: number;
  readonly deliveryPrice: number;
  /** null: delivery is always paid. */
  readonly freeFrom: number | null;
  /** zoneHoursText, or null: as soon as ready, in the restaurant's hours. */
  readonly hours: string | null;
}

/**
 * The active zones of the restaurants that deliver by courier, in the list's order (the same
 * decoding the address map and the checkout use), optionally of one restaurant only.
 */
export function zoneRows(list: RestaurantListResponse, restaurantId?: string): ZoneRow[] {
  return courierRestaurants(list)
    .filter(({ restaurant }) => restaurantId === undefined || restaurantKey(restaurant) === restaurantId)
    .flatMap(({ restaurant, deliveryZone }) =>
      deliveryZone
        .filter((zone) => isOn(zone.active))
        .map((zone): ZoneRow => ({
          key: `${restaurant.id}:${zone.id}`,
          restaurantId: restaurantKey(restaurant),
          restaurantName: restaurant.name,
          restaurantAddress: restaurant.address,
          zoneId: zone.id,
          name: zone.name,
          color: zone.color,
          polygon: zone.polygon,
          minOrder: zone.minordersum_rest,
          minOrderShop: zone.minordersum_shop,
          deliveryPrice: zone.delivery_price,
          freeFrom: zone.free_delivery_from,
          hours: zoneHoursText(zone.periods),
        })),
    );
}

/**
 * What a restaurant without delivery zones says under its map: how its guests get an order
 * instead — pickup (deliverySelf), a table in the hall only (deliveryRest), or neither.
 */
export function noZonesText(restaurant: Pick<RestaurantWire, 'deliverySelf' | 'deliveryRest'>): string {
  if (isOn(restaurant.deliverySelf)) return 'Этот ресторан не доставляет заказы курьером — заберите заказ сами.';
  if (isOn(restaurant.deliveryRest))
    return 'Этот ресторан не доставляет заказы курьером и не выдаёт их с собой — закажите за столом в зале.';
  return 'Этот ресторан не принимает заказы через приложение.';
}

/** The rows of zoneRows grouped by restaurant, in order. */
export function zonesByRestaurant(
  rows: readonly ZoneRow[],
): Array<{ restaurantId: string; name: string; address: string; zones: ZoneRow[] }> {
  const groups: Array<{ restaurantId: string; name: string; address: string; zones: ZoneRow[] }> = [];
  for (const row of rows) {
    const group = groups.find((candidate) => candidate.restaurantId === row.restaurantId);
    if (group) group.zones.push(row);
    else
      groups.push({
        restaurantId: row.restaurantId,
        name: row.restaurantName,
        address: row.restaurantAddress,
        zones: [row],
      });
  }
  return groups;
}
