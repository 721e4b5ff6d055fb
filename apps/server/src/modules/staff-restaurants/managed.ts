import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction, Updateable } from 'kysely';
import {
  CLOSED_FOR_MAX_DAYS,
  RESTAURANT_MANAGE_TEXTS,
  type ManageRestaurant,
  type ManageRestaurantFields,
} from '@chain/contract';
import { hoursTextOf, isTimeZoneName, parseIsoDate, readHours, readWeekHours } from '@chain/domain';
import type { Database, RestaurantsTable } from '../../db/types';
import { badRequest, notFound } from '../../http/errors';
import { savedOrStale } from '../../http/versioned';
import { connectedKioskCount } from '../kiosk';
import { checkedStaffPhoto } from '../photos';
import {
  managedRestaurantRow,
  replaceHolidays,
  replaceHours,
  restaurantHasOrders,
  restaurantHolidays,
  restaurantHours,
  type RestaurantValues,
  updateRestaurantAt,
} from './repository';

type Db = Kysely<Database> | Transaction<Database>;

export const RESTAURANT_MISSING = { message: RESTAURANT_MANAGE_TEXTS.notFound, code: 'restaurant_not_found' } as const;

const invalid = (message: string) => badRequest(message, 'validation');

/** The restaurant as the back office shows it, or undefined when there is none. */
export async function readManagedRestaurant(
  db: Db,
  id: number,
  now = new Date(),
): Promise<ManageRestaurant | undefined> {
  const row = await managedRestaurantRow(db, id);
  if (!row) return undefined;
  const hours = await restaurantHours(db, id);
  const holidays = await restaurantHolidays(db, id);
  return {
    id: row.id,
    fs_uid: row.fs_uid,
    version: row.version,
    name: row.name,
    name_short: row.name_short,
    address: row.address,
    lat: row.lat,
    lon: row.lon,
    about: row.about,
    phone: row.phone,
    email: row.email,
    seating: row.seating,
    time_zone: row.time_zone,
    active: row.active,
    delivery_rest: row.delivery_rest,
    delivery_self: row.delivery_self,
    delivery_courier: row.delivery_courier,
    delivery_days: row.delivery_days,
    delivery_days_true: row.delivery_days_true,
    sbp: row.sbp,
    winecard: row.winecard,
    menu_kinds: row.menu_kinds,
    min_order_sum_inrest: row.min_order_sum_inrest,
    min_order_sum_self: row.min_order_sum_self,
    min_order_sum_shop_inrest: row.min_order_sum_shop_inrest,
    min_order_sum_shop_self: row.min_order_sum_shop_self,
    hours: hours.map((entry) => ({
      day: entry.weekday,
      ...hoursTextOf({ fromMinute: entry.from_minute, toMinute: entry.to_minute }),
    })),
    holidays: holidays.map((holiday) => ({
      date: holiday.day,
      ...(holiday.from_minute !== null && holiday.to_minute !== null
        ? hoursTextOf({ fromMinute: holiday.from_minute, toMinute: holiday.to_minute })
        : { from: null, to: null }),
      note: holiday.note,
    })),
    archived_at: row.archived_at?.toISOString() ?? null,
    closed_until: row.closed_until?.toISOString() ?? null,
    closed_text: row.closed_text,
    img: row.img,
    kiosk_code_set: row.kiosk_code_hash !== null,
    kiosks_connected: await connectedKioskCount(db, id, now),
    has_orders: await restaurantHasOrders(db, id),
  };
}

/** The form's fields checked beyond their shapes, as the rows they save: a 400 in Russian naming what is wrong. */
export function checkedRestaurant(fields: ManageRestaurantFields) {
  if (!isTimeZoneName(fields.time_zone)) throw invalid(RESTAURANT_MANAGE_TEXTS.badTimeZone);
  if (fields.menu_kinds.length === 0) throw invalid(RESTAURANT_MANAGE_TEXTS.noMenuKind);
  const week = readWeekHours(fields.hours);
  if (!week.ok) throw invalid(`Часы работы, ${week.message}.`);
  const holidays: Array<{ day: string; fromMinute: number | null; toMinute: number | null; note: string }> = [];
  for (const holiday of fields.holidays) {
    if (parseIsoDate(holiday.date) === null) throw invalid(`Особый день ${holiday.date}: такой даты нет.`);
    if (holidays.some((known) => known.day === holiday.date))
      throw invalid(`Особый день ${holiday.date}: ${RESTAURANT_MANAGE_TEXTS.holidayTwice}`);
    if (holiday.from === null || holiday.to === null) {
      holidays.push({ day: holiday.date, fromMinute: null, toMinute: null, note: holiday.note });
      continue;
    }
    const reading = readHours({ from: holiday.from, to: holiday.to });
    if (!reading.ok) throw invalid(`Особый день ${holiday.date}: ${reading.message}.`);
    holidays.push({
      day: holiday.date,
      fromMinute: reading.fromMinute,
      toMinute: reading.toMinute,
      note: holiday.note,
    });
  }
  const { hours: _hours, holidays: _holidays, ...columns } = fields;
  const values: RestaurantValues = { ...columns, menu_kinds: [...new Set(fields.menu_kinds)] };
  return { values, hours: week.entries, holidays };
}

/**
 * The values to save with the photo checked as a dish's is (an upload must be kept, decision 052);
 * a form that sends no `img` leaves the photo as it is.
 */
export async function withCheckedPhoto(
  trx: Transaction<Database>,
  values: RestaurantValues,
): Promise<RestaurantValues> {
  return values.img === undefined ? values : { ...values, img: await checkedStaffPhoto(trx, values.img) };
}

/** Writes the restaurant's week and holidays as checked (in the save's transaction). */
export async function writeHoursAndHolidays(
  trx: Transaction<Database>,
  id: number,
  checked: ReturnType<typeof checkedRestaurant>,
): Promise<void> {
  await replaceHours(trx, id, checked.hours);
  await replaceHolidays(trx, id, checked.holidays);
}

/** A new restaurant's uid (SPEC 3 fs_uid: a uuid v4, as the seed's). */
export const newRestaurantUid = (): string => randomUUID();

/** «Закрыть на время» checked: a time ahead, at most CLOSED_FOR_MAX_DAYS away; null opens now. */
export function checkedClosedUntil(closedUntil: string | null, now: Date): Date | null {
  if (closedUntil === null) return null;
  const until = new Date(closedUntil);
  if (until.getTime() <= now.getTime()) throw invalid(RESTAURANT_MANAGE_TEXTS.closedUntilPast);
  if (until.getTime() - now.getTime() > CLOSED_FOR_MAX_DAYS * 24 * 3_600_000)
    throw invalid(RESTAURANT_MANAGE_TEXTS.closedUntilTooFar);
  return until;
}

/** The restaurant as it is after a change in this transaction; 404 if it is gone. */
export async function managedAfter(trx: Transaction<Database>, id: number): Promise<ManageRestaurant> {
  const restaurant = await readManagedRestaurant(trx, id);
  if (!restaurant) throw notFound(RESTAURANT_MISSING.message, RESTAURANT_MISSING.code);
  return restaurant;
}

/**
 * A versioned save of the restaurant (decision 043): the update over `version` (409 with the
 * current restaurant otherwise), then what goes with it (the week and holidays), and the
 * restaurant as saved.
 */
export async function saveOverVersion(
  trx: Transaction<Database>,
  id: number,
  version: number,
  values: Updateable<RestaurantsTable>,
  alsoWrite: () => Promise<void> = async () => undefined,
): Promise<ManageRestaurant> {
  await savedOrStale(
    await updateRestaurantAt(trx, id, version, values),
    () => readManagedRestaurant(trx, id),
    RESTAURANT_MISSING,
  );
  await alsoWrite();
  return managedAfter(trx, id);
}
