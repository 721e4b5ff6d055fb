import * as z from 'zod/mini';
import {
  businessDateOf,
  closedForNowText,
  DEFAULT_TIME_ZONE,
  type DeliveryPeriod,
  type DeliveryZone,
  formatClock,
  type Instant,
  type LonLat,
  MENU_KINDS,
  openingNow,
  parseIsoDate,
  type RestaurantHours,
  scheduleOnDate,
  type ScheduleHoliday,
  type WallClock,
  wallClockAt,
} from '@chain/domain';
import { defineCall } from './call';
import { restaurantRef } from './action-fields';
import { flag, kopecks, lookupText } from './common';

/** A yes/no field of the restaurant as SPEC 3 writes it: the text "1" or "0" (deliveryCourier "1" means yes). */
export const textFlag = z.enum(['1', '0']);
export type TextFlag = z.infer<typeof textFlag>;

/** The menus a restaurant may offer (the domain's MENU_KINDS); the menu call picks one with is_shop 0, 1 or 2. */
export const menuKind = z.enum(MENU_KINDS);
export type { MenuKind } from '@chain/domain';

const minuteOfSchedule = z.int().check(z.minimum(0), z.maximum(1800));
const clockText = z.string().check(z.regex(/^\d{2}:\d{2}$/));

/**
 * One open day of `shedule` (SPEC 3; the spec's spelling): day 1 = Monday … 7 = Sunday, open from
 * fromMinute up to (not including) toMinute, minutes of the day on the restaurant's clock
 * (time_zone). toMinute may pass 1440: the hours after midnight belong to this day until 06:00
 * (SPEC 4, 9). from/to are the same bounds as 'HH:MM' text (to wraps: 1500 → '01:00').
 */
export const scheduleDay = z
  .object({
    day: z.int().check(z.minimum(1), z.maximum(7)),
    fromMinute: minuteOfSchedule,
    toMinute: minuteOfSchedule,
    from: clockText,
    to: clockText,
  })
  .check(
    z.describe(
      'An open day. A closed day has no entry at all (SPEC 4: no entry for the day means closed), so the list has up to seven entries, Monday first, and can be passed as is to isOpenAt of packages/domain.',
    ),
  );
export type ScheduleDay = z.infer<typeof scheduleDay>;

/** `location` decoded: the restaurant's point. */
export const locationSchema = z.object({ lat: z.number(), lon: z.number() });

/** A restaurant's `location` (SPEC 3: JSON text {lat, lon}) decoded, or null when it is not one. */
export function decodeLocation(location: string): { lat: number; lon: number } | null {
  try {
    const point = locationSchema.safeParse(JSON.parse(location));
    return point.success ? point.data : null;
  } catch {
    return null;
  }
}

/** `polygon` decoded: GeoJSON Polygon coordinates, rings of [lon, lat]; the first ring is the outline (SPEC 5). */
export const zonePolygonSchema = z.array(z.array(z.tuple([z.number(), z.number()])));

/** `periods` decoded: delivery windows, 'HH:MM' bounds and seven 0/1 day flags, Monday first (SPEC 3). */
export const zonePeriodsSchema = z.array(
  z.object({
    from: clockText,
    to: clockText,
    days: z.array(flag).check(z.length(7)),
  }),
);

/** A delivery zone of SPEC 3, plus its delivery price. Money in kopecks, time_limit in minutes. */
export const deliveryZoneWire = z.object({
  id: z.int(),
  name: z.string(),
  active: textFlag,
  polygon: z
    .string()
    .check(
      z.describe(
        'JSON text (SPEC 3 "polygon (JSON)") of GeoJSON Polygon coordinates: [[[lon, lat], …], …], the first ring is the outline. Decode with zonePolygonSchema before zoneContainsPoint (or use toDomainZone).',
      ),
    ),
  color: z.string().check(z.describe("'#AARRGGBB': SPEC 9 moves the alpha pair to the end before the map uses it.")),
  periods: z
    .string()
    .check(
      z.describe(
        'JSON text of [{ "from": "HH:MM", "to": "HH:MM", "days": [Mon..Sun as 0/1] }]; an empty list means "as soon as ready", no window to choose (SPEC 5).',
      ),
    ),
  time_limit: z.int().check(z.minimum(0), z.describe('Minutes a window closes before its start (SPEC 5).')),
  minordersum_rest: kopecks.check(z.describe('Minimum order, restaurant menu, kopecks (SPEC 5).')),
  minordersum_shop: kopecks.check(z.describe('Minimum order when any line is a shop item, kopecks (SPEC 5).')),
  delivery_price: kopecks.check(z.describe('What delivery to this zone costs, kopecks.')),
  free_delivery_from: z
    .nullable(kopecks)
    .check(z.describe('Order sum from which delivery is free, kopecks; null: always paid.')),
});
export type DeliveryZoneWire = z.infer<typeof deliveryZoneWire>;

/** A minimum order sum per order type that has one on the restaurant (delivery reads the zone), kopecks (SPEC 3, 5). */
export const minimumPerOrderType = z.object({ inrest: kopecks, self: kopecks });

/** A restaurant of SPEC 3 as GET /api/v2/restoran/list gives it. */
export const restaurantWire = z.object({
  id: z.int(),
  fs_uid: z.string(),
  name: z.string(),
  nameShort: z.string(),
  address: z.string(),
  about: z.string(),
  phone: z.string(),
  email: z.string(),
  seating: z.int().check(z.minimum(0)),
  location: z.string().check(z.describe('JSON text {"lat": …, "lon": …} (SPEC 3); decode with locationSchema.')),
  shedule: z.array(scheduleDay),
  workTime: z
    .string()
    .check(
      z.describe(
        "The schedule as a person reads it, e.g. 'Пн–Чт 10:00–23:00, Пт–Сб 10:00–01:00, Вс 10:00–23:00'; 'выходной' for a closed day.",
      ),
    ),
  active: textFlag,
  deliveryRest: textFlag.check(z.describe('"1": takes orders at a table (inrest).')),
  deliverySelf: textFlag.check(z.describe('"1": takes pickup orders (self).')),
  deliveryCourier: textFlag.check(z.describe('"1": delivers by courier (delivery).')),
  deliveryZone: z
    .array(deliveryZoneWire)
    .check(z.describe('Every zone, active or not; only active ones ("1") take orders (SPEC 4).')),
  deliveryDays: z.int().check(z.minimum(0), z.describe('Days ahead a guest may choose for pickup (SPEC 9).')),
  deliveryDaysTrue: z
    .int()
    .check(z.minimum(0), z.describe('Days ahead a guest may choose for courier delivery (SPEC 9).')),
  winecard: textFlag,
  isFavorite: flag.check(
    z.describe('Always 0: the list is the same for everyone; favourites are kept by the app (SPEC 3 client state).'),
  ),
  congestion: z.object({ text: z.string() }),
  minOrderSum: minimumPerOrderType,
  minOrderSumShop: minimumPerOrderType.check(z.describe('Used when any cart line is a shop item (SPEC 5).')),
  sbp: textFlag,
  time_zone: z.string().check(z.describe('IANA zone of the schedule, e.g. Europe/Moscow.')),
  menuKinds: z
    .array(menuKind)
    .check(z.describe('The menus the restaurant offers (menu call is_shop: 0 restaurant, 1 shop, 2 bar).')),
  closedUntil: z.optional(
    z
      .nullable(z.string())
      .check(
        z.describe(
          '«Закрыто на время» (issue 31): ISO instant until which it takes no orders; null or past: not closed. Read with closedForNowText of packages/domain.',
        ),
      ),
  ),
  closedText: z.optional(
    z.string().check(z.describe("What guests read while it is closed for now; '' for «Закрыто до HH:MM».")),
  ),
  img: z.optional(
    z
      .string()
      .check(
        z.describe(
          "The restaurant's photo (issue 31, decision 052): a picture under /media/ (a manager's upload is /media/uploads/{hash}.jpg, a JPEG of at most 1600 px a side). Shown as its AVIF and WebP renditions, /photos/{width}/{path under /media/}.{avif|webp} at the widths of PHOTO_WIDTHS (decision 034), the picture itself as the fallback. Absent when the restaurant has none: show it as before, without a picture.",
        ),
      ),
  ),
  holidays: z.optional(
    z
      .array(
        z.object({
          date: z.string(),
          fromMinute: z.nullable(minuteOfSchedule),
          toMinute: z.nullable(minuteOfSchedule),
        }),
      )
      .check(
        z.describe(
          "Dates ('YYYY-MM-DD') whose hours differ from the week's (issue 31): null minutes — closed that business day (06:00 to 06:00); else its hours in place of the weekday's. Read with restaurantHolidays (the domain's isOpenWithHolidays, openPickupSlots, deliveryPeriodChoices — what order/create applies) or scheduleOfBusinessDay; a holiday's business day has no delivery period the restaurant is closed at the start of.",
        ),
      ),
  ),
});
export type RestaurantWire = z.infer<typeof restaurantWire>;

/**
 * What guests read of a restaurant closed for now (issue 31) — the manager's words or «Закрыто до
 * 18:00» — or null when it is not (never closed, or the time has passed): the domain's rule on the
 * list entry, where the app shows a restaurant (the lists, the menu, «О ресторане»).
 */
export function restaurantClosedText(
  restaurant: Pick<RestaurantWire, 'closedUntil' | 'closedText' | 'time_zone'>,
  now: Instant,
): string | null {
  const until = restaurant.closedUntil ? Date.parse(restaurant.closedUntil) : Number.NaN;
  const closed = { until: Number.isFinite(until) ? until : null, text: restaurant.closedText ?? '' };
  try {
    return closedForNowText(closed, now, restaurant.time_zone || DEFAULT_TIME_ZONE);
  } catch {
    return closedForNowText(closed, now, DEFAULT_TIME_ZONE);
  }
}

/**
 * A list entry's holidays in the domain's shape (issue 31), for the rules order/create applies
 * too: isOpenWithHolidays, openPickupSlots, deliveryPeriodChoices. A date that does not read is
 * left out; an entry without the field has none.
 */
export function restaurantHolidays(restaurant: Partial<Pick<RestaurantWire, 'holidays'>>): ScheduleHoliday[] {
  return (restaurant.holidays ?? []).flatMap((holiday): ScheduleHoliday[] => {
    const date = parseIsoDate(holiday.date);
    if (date === null) return [];
    return [
      {
        date,
        hours:
          holiday.fromMinute !== null && holiday.toMinute !== null
            ? { fromMinute: holiday.fromMinute, toMinute: holiday.toMinute }
            : null,
      },
    ];
  });
}

/** A list entry's week and holidays in the domain's shape (RestaurantHours). */
export function restaurantHours(
  restaurant: Pick<RestaurantWire, 'shedule'> & Partial<Pick<RestaurantWire, 'holidays'>>,
): RestaurantHours {
  return { schedule: restaurant.shedule, holidays: restaurantHolidays(restaurant) };
}

/** A list entry's wall clock at an instant: its zone's, a zone the runtime does not know read as Moscow (the chain's default). */
export function restaurantWallClock(restaurant: Pick<RestaurantWire, 'time_zone'>, now: Instant): WallClock {
  try {
    return wallClockAt(now, restaurant.time_zone || DEFAULT_TIME_ZONE);
  } catch {
    return wallClockAt(now, DEFAULT_TIME_ZONE);
  }
}

/**
 * Whether a list entry is open now by its hours and holidays, and when it opens when it is not (the
 * domain's openingNow, SPEC 4): on its zone's clock, a zone the runtime does not know read as
 * Moscow. «Закрыто на время» is restaurantClosedText's, read beside it.
 */
export function restaurantOpeningNow(
  restaurant: Pick<RestaurantWire, 'shedule' | 'time_zone'> & Partial<Pick<RestaurantWire, 'holidays'>>,
  now: Instant,
): { readonly open: boolean; readonly opens: string } {
  const hours = restaurantHours(restaurant);
  try {
    return openingNow(hours, now, restaurant.time_zone || DEFAULT_TIME_ZONE);
  } catch {
    return openingNow(hours, now, DEFAULT_TIME_ZONE);
  }
}

/**
 * The schedule as it holds on the business day of `clock` (issue 31): the week's `shedule` with
 * that date's holiday in place of its weekday's entry — what the open-now markers read.
 */
export function scheduleOfBusinessDay(
  restaurant: Pick<RestaurantWire, 'shedule'> & Partial<Pick<RestaurantWire, 'holidays'>>,
  clock: WallClock,
): ScheduleDay[] {
  if (!restaurant.holidays || restaurant.holidays.length === 0) return restaurant.shedule;
  const holidays = restaurantHolidays(restaurant);
  return scheduleOnDate(restaurant.shedule, holidays, businessDateOf(clock))
    .map((entry) => ({
      day: entry.day,
      fromMinute: entry.fromMinute,
      toMinute: entry.toMinute,
      from: formatClock(entry.fromMinute),
      to: formatClock(entry.toMinute),
    }))
    .sort((a, b) => a.day - b.day);
}

export const restaurantListResponse = z.array(restaurantWire);
export type RestaurantListResponse = z.infer<typeof restaurantListResponse>;

/** GET /api/v2/restoran/list (SPEC 7): every active restaurant, in the chain's order. */
export const restaurantList = defineCall({
  name: 'restaurantList',
  method: 'GET',
  path: '/api/v2/restoran/list',
  tag: 'restaurants',
  summary: 'Every active restaurant with its schedule, zones and congestion text',
  description:
    'The same for every guest; answered from an in-memory copy kept per catalogue version, with an ETag (send If-None-Match to get 304 while nothing changed). Inactive restaurants are left out.',
  auth: 'public',
  response: restaurantListResponse,
});

export const tableParams = z.object({
  code: lookupText(64).check(z.describe('What the table QR code holds.')),
});

export const tableResponse = z.object({
  num: z.string().check(z.describe('The table number shown to guests and staff.')),
  fs_uid: z.string().check(z.describe('The restaurant of the table.')),
});
export type TableResponse = z.infer<typeof tableResponse>;

/** GET /api/v1/restoran/table/{code} (SPEC 7): a scanned table code → table number and restaurant. */
export const restaurantTable = defineCall({
  name: 'restaurantTable',
  method: 'GET',
  path: '/api/v1/restoran/table/:code',
  tag: 'restaurants',
  summary: 'The table number and restaurant of a table QR code',
  description:
    'Resolves the code only; whether the restaurant takes a table order now (deliveryRest, open now) is checked by the app with tableOrderBlock of packages/domain on the list entry (SPEC 5).',
  auth: 'public',
  params: tableParams,
  response: tableResponse,
  errors: {
    table_not_found: "no table has this code: 'Неверный номер стола!' (SPEC 8), 404",
    table_order_unavailable:
      "the table's restaurant is inactive: 'Заказ за столом в этом ресторане сейчас невозможен' (SPEC 8), 409",
    validation: 'the code is empty or longer than 64 characters, 400',
  },
});

/** The longest table number taken: the same 16 characters order/create takes as a table. */
export const MAX_TABLE_LABEL_LENGTH = 16;

export const tableNumParams = z.object({
  id: restaurantRef.check(z.describe('The restaurant (id or fs_uid).')),
  num: lookupText(MAX_TABLE_LABEL_LENGTH).check(
    z.describe('The table number as the guest typed it (the kiosk keypad: digits).'),
  ),
});

/** GET /api/v1/restoran/{id}/tables/{num} (issue 14): whether the restaurant has this table number, as order/create will check it. */
export const restaurantTableNum = defineCall({
  name: 'restaurantTableNum',
  method: 'GET',
  path: '/api/v1/restoran/:id/tables/:num',
  tag: 'restaurants',
  summary: 'Whether a restaurant has a table number: the kiosk keypad checks what the guest typed',
  description:
    "Answers the table number (trimmed) and the restaurant's fs_uid when the restaurant's own list of tables has it: the same check order/create makes for an order at a table, so a number this call takes is one order/create takes. Whether the restaurant takes a table order now (active, deliveryRest, open now) is the app's check (tableOrderBlock of packages/domain on the list entry, SPEC 5).",
  auth: 'public',
  params: tableNumParams,
  response: tableResponse,
  errors: {
    table_not_found:
      "the restaurant is unknown or inactive, or has no table with this number: 'Неверный номер стола!' (SPEC 8), 404",
    validation: `the restaurant is not an id or fs_uid, or the number is empty, longer than ${MAX_TABLE_LABEL_LENGTH} characters or holds control characters, 400`,
  },
});

/**
 * A wire zone as the domain rules take it (zoneContainsPoint, deliveryZoneFor, minimumOrderSum):
 * polygon and periods decoded from their JSON text. Throws when the text is not a valid polygon
 * or period list.
 */
export function toDomainZone(zone: DeliveryZoneWire): DeliveryZone & { readonly name: string } {
  const polygon: ReadonlyArray<readonly LonLat[]> = zonePolygonSchema.parse(JSON.parse(zone.polygon));
  const periods: DeliveryPeriod[] = zonePeriodsSchema.parse(JSON.parse(zone.periods));
  return {
    id: zone.id,
    name: zone.name,
    active: zone.active,
    polygon,
    periods,
    time_limit: zone.time_limit,
    minordersum_rest: zone.minordersum_rest,
    minordersum_shop: zone.minordersum_shop,
  };
}
