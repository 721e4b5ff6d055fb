import type * as z from 'zod/mini';
import type {
  ActionFields,
  RestaurantLoad,
  stopListGroup,
  zagruzkaLoadCookTimeAction,
  zagruzkaLoadRestListAction,
  loadListEntry,
  loadPeriod,
} from '@chain/contract';
import {
  cookTimeText,
  DEFAULT_BASE_COOK_MINUTES,
  DEFAULT_TIME_ZONE,
  daysBetween,
  forecastWork,
  formatClock,
  formatDistanceKm,
  formatShortDate,
  instantAt,
  isOpenAt,
  LOAD_COLOURS,
  MENU_KIND_NAMES,
  MENU_KINDS,
  loadBand,
  loadedCookMinutes,
  loadPercent,
  parseClock,
  parseShortDate,
  sortLoadList,
  timeColour,
  TODAY_LABEL,
  TOMORROW_LABEL,
  wallClockAt,
} from '@chain/domain';
import type { Kysely } from 'kysely';
import type { Database, MenuKind } from '../../db/types';
import { AppError, badRequest, notFound } from '../../http/errors';
import {
  activeRestaurantsWithSchedules,
  findActiveRestaurant,
  restaurantNamesOf,
  type RestaurantWithSchedule,
} from '../restaurants';
import { loadSettings } from '../settings';
import {
  activeDishCookTime,
  cookTimesByMenu,
  loadOverridesAt,
  pastWeeksWork,
  queueWork,
  scheduledWork,
  stopListRows,
} from './repository';

const MINUTE = 60_000;
/** A time this close to now is now. */
const NOW_TOLERANCE_MINUTES = 5;
/** The furthest a forecast reaches. */
export const FORECAST_MAX_DAYS = 7;
export const FORECAST_TOO_FAR_MESSAGE = `Прогноз загрузки возможен не дальше чем на ${FORECAST_MAX_DAYS} дней вперёд.`;
export const DISH_NOT_FOUND_MESSAGE = 'Блюдо не найдено.';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
const seconds = (instant: Date | number): number => Math.floor(Number(instant) / 1000);

/** The moment a load is asked for: now, or a future time (a forecast). */
export interface LoadMoment {
  at: Date;
  forecast: boolean;
}

/**
 * `time` (Unix seconds; absent or 0: now) as a moment; a time within five minutes of now, or
 * past, is now. The load pages may look at most seven days ahead (400 beyond); a cook time
 * follows the order's own time however far it is.
 */
export function loadMoment(
  time: number | undefined,
  now: Date,
  options: { limited: boolean } = { limited: true },
): LoadMoment {
  if (time === undefined || time * 1000 <= now.getTime() + NOW_TOLERANCE_MINUTES * MINUTE)
    return { at: now, forecast: false };
  if (options.limited && time * 1000 > now.getTime() + FORECAST_MAX_DAYS * 24 * 60 * MINUTE)
    throw badRequest(FORECAST_TOO_FAR_MESSAGE, 'load_time');
  return { at: new Date(time * 1000), forecast: true };
}

/** Cook-minutes of the hour at the moment, per restaurant (decision 014). */
async function workAt(db: Kysely<Database>, ids: number[], moment: LoadMoment): Promise<Map<number, number>> {
  if (!moment.forecast) return queueWork(db, ids, moment.at);
  const [scheduled, past] = [await scheduledWork(db, ids, moment.at), await pastWeeksWork(db, ids, moment.at)];
  return new Map(ids.map((id) => [id, forecastWork(scheduled.get(id) ?? 0, past.get(id) ?? 0)]));
}

/** A restaurant's base cook time: the average cook time of the dishes of its menus, or 15 minutes. */
function baseCookMinutes(
  restaurant: RestaurantWithSchedule,
  cookTimes: Array<{ menu_kind: MenuKind; cook_time: number }>,
): number {
  const own = cookTimes.filter((dish) => restaurant.row.menu_kinds.includes(dish.menu_kind));
  if (own.length === 0) return DEFAULT_BASE_COOK_MINUTES;
  return Math.round(own.reduce((sum, dish) => sum + dish.cook_time, 0) / own.length);
}

/** The loads of restaurants at a moment (SPEC 3 Load info). */
export async function restaurantLoads(
  db: Kysely<Database>,
  restaurants: RestaurantWithSchedule[],
  moment: LoadMoment,
): Promise<RestaurantLoad[]> {
  const work = await workAt(
    db,
    restaurants.map((r) => r.row.id),
    moment,
  );
  const cookTimes = await cookTimesByMenu(db);
  const manual = await loadOverridesAt(
    db,
    restaurants.map((r) => r.row.id),
    moment.at,
  );
  return restaurants.map((restaurant) => {
    const { row } = restaurant;
    const open = isOpenAt(restaurant.schedule, moment.at, row.time_zone);
    const minutes = work.get(row.id) ?? 0;
    // Figures the restaurant's staff set (issue 17) hold over the computed ones until they end.
    const set = manual.get(row.id);
    const percent = open ? (set?.loadPercent ?? loadPercent(minutes, row.kitchen_capacity)) : 0;
    const band = loadBand(percent, open);
    const time = open
      ? (set?.avgMinutes ?? loadedCookMinutes(baseCookMinutes(restaurant, cookTimes), minutes, row.kitchen_capacity))
      : 0;
    return {
      ...restaurantNamesOf(row),
      location: { lat: row.lat, lon: row.lon },
      time: seconds(moment.at),
      forecast: flag(moment.forecast),
      open: flag(open),
      zagruzkaPerc: percent,
      zagruzkaText: band.text,
      zagruzkaColor: band.colour,
      timeSredn: time,
      timeSrednText: cookTimeText(time),
      timeColor: open ? timeColour(time) : LOAD_COLOURS.closed,
    };
  });
}

type StopListGroup = z.input<typeof stopListGroup>;

/** The restaurant's stop list by menu (groups) and category (sections), SPEC 3 Load info. */
async function stopListOf(
  db: Kysely<Database>,
  restaurant: RestaurantWithSchedule,
): Promise<{ groups: StopListGroup[] }> {
  const rows = (await stopListRows(db, restaurant.row.id)).filter((row) =>
    restaurant.row.menu_kinds.includes(row.menu_kind),
  );
  const fallback = (await loadSettings(db)).text_stoplist;
  const groups: StopListGroup[] = [];
  for (const kind of MENU_KINDS) {
    const ofKind = rows.filter((row) => row.menu_kind === kind);
    if (ofKind.length === 0) continue;
    const sections: StopListGroup['sections'] = [];
    for (const row of ofKind) {
      const item = {
        id: row.id,
        name: row.name,
        stop: true as const,
        text: row.reason.trim() || fallback,
        since: seconds(row.since),
      };
      const section = sections.find((candidate) => candidate.id === row.category_id);
      if (section) {
        section.items.push(item);
        if (item.since < section.since) {
          section.since = item.since;
          section.time = formatClock(wallClockAt(row.since, restaurant.row.time_zone).minuteOfDay);
        }
      } else {
        sections.push({
          id: row.category_id,
          name: row.category_name,
          time: formatClock(wallClockAt(row.since, restaurant.row.time_zone).minuteOfDay),
          since: item.since,
          items: [item],
        });
      }
    }
    groups.push({ id: kind, name: MENU_KIND_NAMES[kind], sections });
  }
  return { groups };
}

/** zagruzkaLoadInfo (SPEC 7): one restaurant's load now or at `time`, and its stop list. */
export async function loadInfo(db: Kysely<Database>, fsUid: number | string, time: number | undefined, now: Date) {
  const moment = loadMoment(time, now);
  const restaurant = await findActiveRestaurant(db, fsUid);
  const [restaurantInfo] = await restaurantLoads(db, [restaurant], moment);
  if (!restaurantInfo) throw new Error('no load computed for the restaurant');
  return { restoranInfo: restaurantInfo, stopList: await stopListOf(db, restaurant) };
}

/** Restaurants that cook for guests: active and taking at least one order type. */
async function cookingRestaurants(db: Kysely<Database>): Promise<RestaurantWithSchedule[]> {
  return (await activeRestaurantsWithSchedules(db)).filter(
    (r) => r.row.delivery_rest || r.row.delivery_self || r.row.delivery_courier,
  );
}

type RestListFields = ActionFields<typeof zagruzkaLoadRestListAction>;
type LoadListEntry = z.input<typeof loadListEntry>;

/** zagruzkaLoadRestList (SPEC 7, SPEC 2, 9): every restaurant's load, favourites first, by load or distance. */
export async function loadRestList(db: Kysely<Database>, fields: RestListFields, now: Date) {
  const moment = loadMoment(fields.time, now);
  const sort = fields.sort ?? 'load';
  const loads = await restaurantLoads(db, await cookingRestaurants(db), moment);
  const origin =
    typeof fields.lat === 'number' && typeof fields.lon === 'number' ? { lat: fields.lat, lon: fields.lon } : null;
  const favourites = new Set(fields.favorites ?? []);
  const items: LoadListEntry[] = sortLoadList(loads, { by: sort, origin, favourites }).map(
    ({ distanceKm, ...load }) => ({
      ...load,
      distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
      distanceText: distanceKm === null ? '' : formatDistanceKm(distanceKm),
      isFavorite: flag(favourites.has(load.fs_uid)),
    }),
  );
  return { items, time: seconds(moment.at), forecast: flag(moment.forecast), sort };
}

type LoadPeriod = z.input<typeof loadPeriod>;

/** zagruzkaLoadPeriods (SPEC 7): now, then each full hour ahead (the restaurant's open hours only, when one is given). */
export async function loadPeriods(
  db: Kysely<Database>,
  fsUid: number | string | undefined,
  hours: number,
  now: Date,
): Promise<{ periods: LoadPeriod[] }> {
  const restaurant = fsUid === undefined ? null : await findActiveRestaurant(db, fsUid);
  const tz = restaurant?.row.time_zone ?? DEFAULT_TIME_ZONE;
  const clock = wallClockAt(now, tz);
  const periods: LoadPeriod[] = [
    { time: 0, date: formatShortDate(clock.date), from: formatClock(clock.minuteOfDay), text: 'Сейчас' },
  ];
  const nextHour = Math.floor(now.getTime() / MINUTE) * MINUTE + (60 - (clock.minuteOfDay % 60)) * MINUTE;
  for (let index = 0; index < hours; index++) {
    const at = nextHour + index * 60 * MINUTE;
    if (restaurant && !isOpenAt(restaurant.schedule, at, tz)) continue;
    const wall = wallClockAt(at, tz);
    const ahead = daysBetween(clock.date, wall.date);
    const day = ahead === 0 ? TODAY_LABEL : ahead === 1 ? TOMORROW_LABEL : formatShortDate(wall.date);
    periods.push({
      time: seconds(at),
      date: formatShortDate(wall.date),
      from: formatClock(wall.minuteOfDay),
      text: `${day}, ${formatClock(wall.minuteOfDay)}`,
    });
  }
  return { periods };
}

type CookTimeFields = ActionFields<typeof zagruzkaLoadCookTimeAction>;

const ORDER_TYPE_COLUMN = { inrest: 'delivery_rest', self: 'delivery_self', delivery: 'delivery_courier' } as const;

/**
 * zagruzkaLoadCookTime (SPEC 7, SPEC 2 "We will cook in about"): the dish's cook time stretched
 * by the kitchen's load at the order's time — the chosen date and time of
 * delivery_datetime_props, or now for "as soon as ready". Every order type is cooked by the same
 * kitchen; the type must be one the restaurant takes.
 */
export async function dishCookTime(db: Kysely<Database>, fields: CookTimeFields, now: Date) {
  const restaurant = await findActiveRestaurant(db, fields.fs_uid);
  if (!restaurant.row[ORDER_TYPE_COLUMN[fields.orderType]]) {
    throw new AppError(409, 'order_type_not_offered', 'Этот ресторан не принимает заказы такого типа.');
  }
  const dish = await activeDishCookTime(db, fields.product_id);
  if (!dish) throw notFound(DISH_NOT_FOUND_MESSAGE, 'dish_not_found');
  const moment = loadMoment(chosenTime(fields.delivery_datetime_props, restaurant.row.time_zone, now), now, {
    limited: false,
  });
  const set = (await loadOverridesAt(db, [restaurant.row.id], moment.at)).get(restaurant.row.id);
  // A load staff set stands for the kitchen's work of the hour: that share of its capacity.
  const work = set
    ? Math.round((set.loadPercent * restaurant.row.kitchen_capacity) / 100)
    : ((await workAt(db, [restaurant.row.id], moment)).get(restaurant.row.id) ?? 0);
  const cookTime = loadedCookMinutes(dish.cook_time, work, restaurant.row.kitchen_capacity);
  return {
    cookTime,
    cookTimeText: cookTimeText(cookTime),
    zagruzkaPerc: loadPercent(work, restaurant.row.kitchen_capacity),
    time: seconds(moment.at),
  };
}

/** The chosen time of delivery_datetime_props in Unix seconds, or undefined for as soon as ready (no valid date and 'HH:MM'). */
function chosenTime(props: CookTimeFields['delivery_datetime_props'], timeZone: string, now: Date): number | undefined {
  const start = props?.deliveryTime?.split('-')[0]?.trim() ?? '';
  const minute = parseClock(start);
  if (minute === null) return undefined;
  const date = props?.deliveryDate ? parseShortDate(props.deliveryDate) : wallClockAt(now, timeZone).date;
  if (!date) return undefined;
  const at = instantAt(date, minute, timeZone);
  // A time already past is taken as now.
  return at > now.getTime() ? seconds(at) : undefined;
}
