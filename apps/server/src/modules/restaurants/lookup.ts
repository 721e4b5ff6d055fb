import type { Kysely, Transaction } from 'kysely';
import { parseIsoDate, type ScheduleEntry, type ScheduleHoliday } from '@chain/domain';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import {
  activeRestaurantRows,
  findActiveRestaurantRow,
  holidayRowsOf,
  schedulesOf,
  type RestaurantRow,
} from './repository';

type Reader = Kysely<Database> | Transaction<Database>;

export const RESTAURANT_NOT_FOUND_MESSAGE = 'Ресторан не найден';

/** A restaurant with its schedule in the domain's shape (isOpenAt, bookingPeriods). */
export interface RestaurantWithSchedule {
  row: RestaurantRow;
  schedule: ScheduleEntry[];
}

/** The active restaurant by id or fs_uid, with its schedule; an unknown or inactive one is a 404. */
export async function findActiveRestaurant(db: Reader, ref: number | string): Promise<RestaurantWithSchedule> {
  const row = await findActiveRestaurantRow(db, ref);
  if (!row) throw notFound(RESTAURANT_NOT_FOUND_MESSAGE, 'restaurant_not_found');
  return { row, schedule: (await schedulesByRestaurant(db, [row.id])).get(row.id) ?? [] };
}

/** Every active restaurant in the chain's order, with its schedule. */
export async function activeRestaurantsWithSchedules(db: Reader): Promise<RestaurantWithSchedule[]> {
  const rows = await activeRestaurantRows(db);
  if (rows.length === 0) return [];
  const schedules = await schedulesByRestaurant(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, schedule: schedules.get(row.id) ?? [] }));
}

/** The schedules of these restaurants (active or not) in the domain's shape, by restaurant id; a restaurant without entries is absent (closed every day). */
export async function schedulesByRestaurant(
  db: Reader,
  restaurantIds: readonly number[],
): Promise<Map<number, ScheduleEntry[]>> {
  const byRestaurant = new Map<number, ScheduleEntry[]>();
  if (restaurantIds.length === 0) return byRestaurant;
  for (const entry of await schedulesOf(db, [...new Set(restaurantIds)])) {
    byRestaurant.set(entry.restaurant_id, [
      ...(byRestaurant.get(entry.restaurant_id) ?? []),
      { day: entry.weekday, fromMinute: entry.from_minute, toMinute: entry.to_minute },
    ]);
  }
  return byRestaurant;
}

/** The restaurant as the booking, pre-order and delayed order pages list it. */
export function restaurantChoiceOf(row: RestaurantRow): RestaurantNames & { time_zone: string } {
  return { ...restaurantNamesOf(row), time_zone: row.time_zone };
}

export interface RestaurantNames {
  id: number;
  fs_uid: string;
  name: string;
  nameShort: string;
  address: string;
}

/** How every SPEC 3 restaurant object names the restaurant: its ids, names and address (the list, the load pages, the pickers). */
export function restaurantNamesOf(row: RestaurantRow): RestaurantNames {
  return { id: row.id, fs_uid: row.fs_uid, name: row.name, nameShort: row.name_short, address: row.address };
}

/** A restaurant_holidays row in the domain's shape (scheduleOnDate); a date the database keeps is always real. */
export function scheduleHolidayOf(row: {
  day: string;
  from_minute: number | null;
  to_minute: number | null;
}): ScheduleHoliday {
  const date = parseIsoDate(row.day) ?? { year: 1970, month: 1, day: 1 };
  return {
    date,
    hours:
      row.from_minute !== null && row.to_minute !== null
        ? { fromMinute: row.from_minute, toMinute: row.to_minute }
        : null,
  };
}

/** A restaurant's holidays in the domain's shape (issue 31): what its pickers read beside the week. */
export async function holidaysOfRestaurant(db: Reader, restaurantId: number): Promise<ScheduleHoliday[]> {
  return (await holidayRowsOf(db, [restaurantId])).map(scheduleHolidayOf);
}
