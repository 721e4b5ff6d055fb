import type { Kysely } from 'kysely';
import type { DeliveryZoneWire, RestaurantWire, ScheduleDay, TableResponse } from '@chain/contract';
import { formatClock, TABLE_NUMBER_MESSAGE, TABLE_ORDER_UNAVAILABLE_MESSAGE } from '@chain/domain';
import { VersionedCache } from '../../db/catalogue-cache';
import type { DatabaseHandle } from '../../db/client';
import type { Database } from '../../db/types';
import { etagOf } from '../../http/etag';
import { conflict, notFound } from '../../http/errors';
import { JsonText } from '../../http/json-text';
import { knownTable, orderCatalogue } from '../orders';
import { restaurantNamesOf } from './lookup';
import {
  findTableByCode,
  loadActiveRestaurants,
  type RestaurantRow,
  type RestaurantRows,
  type ScheduleRow,
  type ZoneRow,
} from './repository';

/** A serialized answer and its ETag, built once per catalogue version. */
export interface CachedAnswer {
  body: JsonText;
  etag: string;
}

const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;
const MINUTES_PER_DAY = 1440;

const textFlag = (value: boolean): '1' | '0' => (value ? '1' : '0');

/** The open days of a schedule as the wire carries them; a closed day has no entry (SPEC 3, 4). */
export function scheduleDays(
  rows: readonly Pick<ScheduleRow, 'weekday' | 'from_minute' | 'to_minute'>[],
): ScheduleDay[] {
  return [...rows]
    .sort((a, b) => a.weekday - b.weekday)
    .map((row) => ({
      day: row.weekday,
      fromMinute: row.from_minute,
      toMinute: row.to_minute,
      from: formatClock(row.from_minute),
      to: formatClock(row.to_minute),
    }));
}

/**
 * The schedule as a person reads it: neighbouring days with the same hours share one range,
 * 'Пн–Чт 10:00–23:00, Пт–Сб 10:00–01:00, Вс 10:00–23:00'; a closed day reads 'выходной', a
 * whole schedule day (06:00 to 06:00) 'круглосуточно', seven equal days 'ежедневно'.
 */
export function workTimeText(days: readonly ScheduleDay[]): string {
  const hoursOf = (day: number): string => {
    const entry = days.find((candidate) => candidate.day === day);
    if (!entry) return 'выходной';
    if (entry.toMinute - entry.fromMinute >= MINUTES_PER_DAY) return 'круглосуточно';
    return `${entry.from}–${entry.to}`;
  };
  const runs: Array<{ first: number; last: number; hours: string }> = [];
  for (let day = 1; day <= 7; day++) {
    const hours = hoursOf(day);
    const previous = runs.at(-1);
    if (previous && previous.hours === hours) previous.last = day;
    else runs.push({ first: day, last: day, hours });
  }
  const [only] = runs;
  if (runs.length === 1 && only) return only.hours === 'выходной' ? 'Закрыто' : `Ежедневно ${only.hours}`;
  return runs
    .map(({ first, last, hours }) => {
      const label =
        first === last ? WEEKDAY_SHORT[first - 1] : `${WEEKDAY_SHORT[first - 1]}–${WEEKDAY_SHORT[last - 1]}`;
      return `${label} ${hours}`;
    })
    .join(', ');
}

export function zoneWire(zone: ZoneRow): DeliveryZoneWire {
  return {
    id: zone.id,
    name: zone.name,
    active: textFlag(zone.active),
    // jsonb comes back decoded; SPEC 3 sends it as JSON text.
    polygon: JSON.stringify(zone.polygon),
    color: zone.color,
    periods: JSON.stringify(zone.periods),
    time_limit: zone.time_limit,
    minordersum_rest: zone.min_order_sum_rest,
    minordersum_shop: zone.min_order_sum_shop,
    delivery_price: zone.delivery_price,
    free_delivery_from: zone.free_delivery_from,
  };
}

/** A restaurant row with its schedule and zones as SPEC 3 names the fields. */
export function restaurantWire(
  row: RestaurantRow,
  schedule: readonly ScheduleRow[],
  zones: readonly ZoneRow[],
  holidays: readonly RestaurantRows['holidays'][number][] = [],
): RestaurantWire {
  const shedule = scheduleDays(schedule);
  return {
    ...restaurantNamesOf(row),
    about: row.about,
    phone: row.phone,
    email: row.email,
    seating: row.seating,
    location: JSON.stringify({ lat: row.lat, lon: row.lon }),
    shedule,
    workTime: workTimeText(shedule),
    active: textFlag(row.active),
    deliveryRest: textFlag(row.delivery_rest),
    deliverySelf: textFlag(row.delivery_self),
    deliveryCourier: textFlag(row.delivery_courier),
    deliveryZone: zones.map(zoneWire),
    deliveryDays: row.delivery_days,
    deliveryDaysTrue: row.delivery_days_true,
    winecard: textFlag(row.winecard),
    isFavorite: 0,
    congestion: { text: row.congestion_text },
    minOrderSum: { inrest: row.min_order_sum_inrest, self: row.min_order_sum_self },
    minOrderSumShop: { inrest: row.min_order_sum_shop_inrest, self: row.min_order_sum_shop_self },
    sbp: textFlag(row.sbp),
    time_zone: row.time_zone,
    menuKinds: row.menu_kinds,
    closedUntil: row.closed_until?.toISOString() ?? null,
    closedText: row.closed_text,
    holidays: holidays.map((holiday) => ({
      date: holiday.day,
      fromMinute: holiday.from_minute,
      toMinute: holiday.to_minute,
    })),
    // Only when it has one: a restaurant without a photo is the entry it always was.
    ...(row.img === '' ? {} : { img: row.img }),
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The restaurant list of GET /api/v2/restoran/list, serialized once per catalogue version. */
export function restaurantListCache(database: DatabaseHandle): VersionedCache<CachedAnswer> {
  return new VersionedCache(database, async (trx) => {
    const { restaurants, schedules, holidays, zones } = await loadActiveRestaurants(trx);
    const holidaysOf = groupBy(holidays, (row) => row.restaurant_id);
    const schedulesOf = groupBy(schedules, (row) => row.restaurant_id);
    const zonesOf = groupBy(zones, (row) => row.restaurant_id);
    const list = restaurants.map((row) =>
      restaurantWire(row, schedulesOf.get(row.id) ?? [], zonesOf.get(row.id) ?? [], holidaysOf.get(row.id) ?? []),
    );
    const json = JSON.stringify(list);
    return { body: new JsonText(json, { cached: true }), etag: etagOf(json) };
  });
}

/**
 * The table number and restaurant of a QR code. An unknown code is SPEC 8's 'Неверный номер
 * стола!'; a table of an inactive restaurant cannot take an order (SPEC 5, 8). Whether the
 * restaurant takes table orders right now is the app's check (tableOrderBlock) on the list.
 */
export async function resolveTable(db: Kysely<Database>, code: string): Promise<TableResponse> {
  const table = await findTableByCode(db, code.trim());
  if (!table) throw notFound(TABLE_NUMBER_MESSAGE, 'table_not_found');
  if (!table.active) throw conflict(TABLE_ORDER_UNAVAILABLE_MESSAGE, 'table_order_unavailable');
  return { num: table.num, fs_uid: table.fs_uid };
}

/**
 * GET restoran/{id}/tables/{num}: the kiosk keypad's check of a typed table number, answered
 * from the same catalogue snapshot and the same rule (knownTable) as order/create's. An unknown or
 * inactive restaurant is the same 404 as an unknown number: the keypad has one thing to say.
 */
export async function tableByNumber(
  database: DatabaseHandle,
  restaurantRef: number | string,
  num: string,
): Promise<TableResponse> {
  const catalogue = await orderCatalogue(database);
  const restaurant = catalogue.restaurant(restaurantRef);
  const table = restaurant?.row.active ? knownTable(catalogue, restaurant, num) : null;
  if (!restaurant || table === null) throw notFound(TABLE_NUMBER_MESSAGE, 'table_not_found');
  return { num: table, fs_uid: restaurant.row.fs_uid };
}
