import type { CalendarDate, Weekday } from './calendar-date';
import { weekdayOf } from './calendar-date';
import type { MinuteOfDay } from './units';

const MINUTES_PER_DAY = 1440;

const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  1: 'понедельник',
  2: 'вторник',
  3: 'среда',
  4: 'четверг',
  5: 'пятница',
  6: 'суббота',
  7: 'воскресенье',
};

const MONTH_NAMES_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Minutes since midnight → 'HH:MM'; values past 24:00 wrap (1560 → '02:00') (SPEC 9). */
export function formatClock(minuteOfDay: MinuteOfDay): string {
  const wrapped = ((Math.floor(minuteOfDay) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${twoDigits(Math.floor(wrapped / 60))}:${twoDigits(wrapped % 60)}`;
}

/** 'HH:MM' or 'H:MM' (00:00 to 24:00) → minutes since midnight, or null when it is not a time (SPEC 9). */
export function parseClock(text: string): MinuteOfDay | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (match === null) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= MINUTES_PER_DAY ? minutes : null;
}

/** A duration in seconds → 'HH:MM' with the minutes rounded up (61 s → '00:02'); negatives show '00:00' (SPEC 9). */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(0, Math.ceil(seconds / 60));
  return `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
}

/** Full Russian weekday and genitive month: 'понедельник, 5 января' (SPEC 9). */
export function formatLongDate(date: CalendarDate): string {
  const month = MONTH_NAMES_GENITIVE[date.month - 1];
  if (month === undefined) throw new RangeError(`Not a month: ${date.month}`);
  return `${WEEKDAY_NAMES[weekdayOf(date)]}, ${date.day} ${month}`;
}

/** Short date 'DD.MM.YYYY', the deliveryDate format (SPEC 3, 9). */
export function formatShortDate(date: CalendarDate): string {
  return `${twoDigits(date.day)}.${twoDigits(date.month)}.${String(date.year).padStart(4, '0')}`;
}

/** 'DD.MM.YYYY' → a calendar date, or null when the text is not a real date (SPEC 3, 9). */
export function parseShortDate(text: string): CalendarDate | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (match === null) return null;
  const date = { year: Number(match[3]), month: Number(match[2]), day: Number(match[1]) };
  const daysInMonth = new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
  const real = date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= daysInMonth;
  return real ? date : null;
}

/** The weekday's full Russian name in lower case: 1 → 'понедельник' … 7 → 'воскресенье' (SPEC 9). */
export function weekdayName(weekday: Weekday): string {
  return WEEKDAY_NAMES[weekday];
}

const WEEKDAY_SHORT_NAMES: Readonly<Record<Weekday, string>> = {
  1: 'Пн',
  2: 'Вт',
  3: 'Ср',
  4: 'Чт',
  5: 'Пт',
  6: 'Сб',
  7: 'Вс',
};

/** The weekday's short Russian name: 1 → 'Пн' … 7 → 'Вс' (schedules and delivery hours). */
export function weekdayShortName(weekday: Weekday): string {
  return WEEKDAY_SHORT_NAMES[weekday];
}
