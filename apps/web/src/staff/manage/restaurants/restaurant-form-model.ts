import type { ManageRestaurant, ManageRestaurantFields } from '@chain/contract';
import {
  closedForNowText,
  DEFAULT_TIME_ZONE,
  instantAt,
  parseClock,
  parseIsoDate,
  wallClockAt,
  weekdayShortName,
  type Weekday,
} from '@chain/domain';
import { photoValueText } from '../photo-upload';

// The restaurant form's logic (issue 31): what the screen sends and shows; the rules themselves
// are the domain's (hours, «закрыто до») and the server's.

/** The time zones a Russian chain's restaurants are in, west to east; a restaurant's own zone is kept if it is another. */
export const RUSSIAN_TIME_ZONES = [
  'Europe/Kaliningrad',
  'Europe/Moscow',
  'Europe/Samara',
  'Asia/Yekaterinburg',
  'Asia/Omsk',
  'Asia/Novosibirsk',
  'Asia/Krasnoyarsk',
  'Asia/Irkutsk',
  'Asia/Yakutsk',
  'Asia/Vladivostok',
  'Asia/Magadan',
  'Asia/Kamchatka',
] as const;

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly Weekday[];

/** A new restaurant's form: open every day 10:00–22:00, in Moscow, pickup and table orders. */
export function newRestaurantDraft(): ManageRestaurant {
  return {
    id: 0,
    fs_uid: '',
    version: 1,
    name: '',
    name_short: '',
    address: '',
    lat: 55.7558,
    lon: 37.6173,
    about: '',
    phone: '',
    email: '',
    seating: 0,
    time_zone: DEFAULT_TIME_ZONE,
    active: true,
    delivery_rest: true,
    delivery_self: true,
    delivery_courier: false,
    delivery_days: 0,
    delivery_days_true: 0,
    sbp: true,
    winecard: false,
    menu_kinds: ['restaurant'],
    min_order_sum_inrest: 0,
    min_order_sum_self: 0,
    min_order_sum_shop_inrest: 0,
    min_order_sum_shop_self: 0,
    hours: WEEKDAYS.map((day) => ({ day, from: '10:00', to: '22:00' })),
    holidays: [],
    archived_at: null,
    closed_until: null,
    closed_text: '',
    img: '',
    kiosk_code_set: false,
    kiosks_connected: 0,
    has_orders: false,
  };
}

/** What the save and create calls take of the form. */
export function restaurantFields(draft: ManageRestaurant): ManageRestaurantFields {
  return {
    name: draft.name,
    name_short: draft.name_short,
    address: draft.address,
    lat: draft.lat,
    lon: draft.lon,
    about: draft.about,
    phone: draft.phone,
    email: draft.email,
    seating: draft.seating,
    time_zone: draft.time_zone,
    active: draft.active,
    delivery_rest: draft.delivery_rest,
    delivery_self: draft.delivery_self,
    delivery_courier: draft.delivery_courier,
    delivery_days: draft.delivery_days,
    delivery_days_true: draft.delivery_days_true,
    sbp: draft.sbp,
    winecard: draft.winecard,
    menu_kinds: draft.menu_kinds,
    min_order_sum_inrest: draft.min_order_sum_inrest,
    min_order_sum_self: draft.min_order_sum_self,
    min_order_sum_shop_inrest: draft.min_order_sum_shop_inrest,
    min_order_sum_shop_self: draft.min_order_sum_shop_self,
    hours: draft.hours,
    holidays: draft.holidays,
    img: draft.img,
  };
}

type Hours = ManageRestaurant['hours'];

/** The week with one day's hours set (open) or removed (a day off), Monday first. */
export function withDayHours(hours: Hours, day: number, value: { from: string; to: string } | null): Hours {
  const others = hours.filter((entry) => entry.day !== day);
  return (value ? [...others, { day, ...value }] : others).sort((a, b) => a.day - b.day);
}

/** Whether typed hours reach past midnight (10:00–02:00), for the grid's hint. */
export function pastMidnight(from: string, to: string): boolean {
  const start = parseClock(from);
  const end = parseClock(to);
  return start !== null && end !== null && end <= start;
}

/** The week in words for the list: 'Пн–Вс' rows are not needed there, one line per distinct hours. */
export function hoursSummary(hours: Hours): string {
  if (hours.length === 0) return 'Выходные все дни';
  return WEEKDAYS.map((day) => {
    const entry = hours.find((candidate) => candidate.day === day);
    return `${weekdayShortName(day)} ${entry ? `${entry.from}–${entry.to}` : 'выходной'}`;
  }).join(', ');
}

/** A 'YYYY-MM-DDTHH:MM' of the datetime field read on the restaurant's clock, as an ISO instant; null when it is not one. */
export function closedUntilInstant(local: string, timeZone: string): string | null {
  const [dateText = '', clockText = ''] = local.split('T');
  const date = parseIsoDate(dateText);
  const minute = parseClock(clockText);
  if (date === null || minute === null) return null;
  return new Date(instantAt(date, minute, timeZone)).toISOString();
}

/** An instant as the datetime field shows it on the restaurant's clock ('YYYY-MM-DDTHH:MM'). */
export function localDateTime(instant: number, timeZone: string): string {
  const clock = wallClockAt(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${clock.date.year}-${pad(clock.date.month)}-${pad(clock.date.day)}T${pad(Math.floor(clock.minuteOfDay / 60))}:${pad(clock.minuteOfDay % 60)}`;
}

/** What guests read of the restaurant now, for the list's status: closed for now, archived, hidden, or open to guests. */
export function restaurantStatus(
  restaurant: Pick<ManageRestaurant, 'active' | 'archived_at' | 'closed_until' | 'closed_text'>,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): { text: string; tone: 'ok' | 'warn' | 'off' } {
  if (restaurant.archived_at !== null) return { text: 'В архиве', tone: 'off' };
  if (!restaurant.active) return { text: 'Скрыт от гостей', tone: 'off' };
  const closed = closedForNowText(
    {
      until: restaurant.closed_until === null ? null : Date.parse(restaurant.closed_until),
      text: restaurant.closed_text,
    },
    now,
    timeZone,
  );
  return closed === null ? { text: 'Работает', tone: 'ok' } : { text: closed, tone: 'warn' };
}

/** A field's value as a 409 lists what another manager saved: the photo as whether there is one, the rest as it is. */
export function restaurantValueText(key: keyof ManageRestaurant, value: unknown): string {
  if (key === 'img') return photoValueText(value);
  if (key === 'active') return value ? 'да' : 'нет';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}
