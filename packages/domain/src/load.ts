import type { Minutes } from './units';

// The restaurant load of SPEC 3 (Load info) and SPEC 2 (restaurant load pages), decision 014.
//
// Work is measured in cook-minutes: a line of 2 pizzas of 12 minutes is 24 cook-minutes. A
// kitchen does `capacity` cook-minutes in an hour (restaurants.kitchen_capacity). The load of an
// hour is the work that falls into it over that capacity; the time a dish takes grows with it.

/** The cook-minutes a kitchen does in an hour when none is set for it (six cooks' hour). */
export const DEFAULT_KITCHEN_CAPACITY = 360;
/** The window a load is measured over, minutes: the hour around the moment. */
export const LOAD_WINDOW_MINUTES = 60;
/** Past weeks the forecast averages (the same weekday and hour). */
export const LOAD_HISTORY_WEEKS = 4;
/** The cook time assumed for a restaurant whose menu names none, minutes. */
export const DEFAULT_BASE_COOK_MINUTES = 15;

/** The colours of the load and time bands, 9-character '#AARRGGBB' (SPEC 9 colour rule on display). */
export const LOAD_COLOURS = {
  free: '#FF2E7D32',
  medium: '#FFB26B00',
  high: '#FFB3261E',
  closed: '#FF5F6B75',
} as const;

/** Below this percent the kitchen is free; below LOAD_HIGH_FROM it is medium; from it, high. */
export const LOAD_MEDIUM_FROM = 40;
export const LOAD_HIGH_FROM = 75;
/** Up to this many minutes the time is green; up to TIME_HIGH_AFTER amber; above, red. */
export const TIME_MEDIUM_AFTER = 20;
export const TIME_HIGH_AFTER = 40;

export const LOAD_TEXTS = {
  free: 'Свободно',
  medium: 'Средняя загрузка',
  high: 'Высокая загрузка',
  closed: 'Закрыто',
} as const;

/** A load band: the text and colour a load percent shows with (SPEC 3 zagruzkaText, zagruzkaColor). */
export interface LoadBand {
  readonly text: string;
  readonly colour: string;
}

function capacityOf(capacity: number): number {
  return Number.isFinite(capacity) && capacity > 0 ? capacity : DEFAULT_KITCHEN_CAPACITY;
}

/** Load in percent: cook-minutes of the hour over the kitchen's hourly capacity, rounded, within 0..100 (decision 014). */
export function loadPercent(workMinutes: Minutes, capacityPerHour: number): number {
  const ratio = Math.max(0, workMinutes) / capacityOf(capacityPerHour);
  return Math.min(100, Math.round(ratio * 100));
}

/** The band of a load percent: below 40 'Свободно' green, below 75 'Средняя загрузка' amber, else 'Высокая загрузка' red; closed grey. */
export function loadBand(percent: number, open = true): LoadBand {
  if (!open) return { text: LOAD_TEXTS.closed, colour: LOAD_COLOURS.closed };
  if (percent < LOAD_MEDIUM_FROM) return { text: LOAD_TEXTS.free, colour: LOAD_COLOURS.free };
  if (percent < LOAD_HIGH_FROM) return { text: LOAD_TEXTS.medium, colour: LOAD_COLOURS.medium };
  return { text: LOAD_TEXTS.high, colour: LOAD_COLOURS.high };
}

// A dish that needs no cooking (cook time 0: frozen goods, drinks) is not slowed by the queue.
/** Minutes a dish of `cookMinutes` takes under the load: cook time × (1 + work / capacity), rounded (decision 014). */
export function loadedCookMinutes(cookMinutes: Minutes, workMinutes: Minutes, capacityPerHour: number): Minutes {
  if (!(cookMinutes > 0)) return 0;
  return Math.round(cookMinutes * (1 + Math.max(0, workMinutes) / capacityOf(capacityPerHour)));
}

/** The colour of an average time: up to 20 minutes green, up to 40 amber, above red (SPEC 3 timeColor). */
export function timeColour(minutes: Minutes): string {
  if (minutes <= TIME_MEDIUM_AFTER) return LOAD_COLOURS.free;
  if (minutes <= TIME_HIGH_AFTER) return LOAD_COLOURS.medium;
  return LOAD_COLOURS.high;
}

/** 'около 25 мин' for a cook time (SPEC 2: "We will cook in about"); '' for none. */
export function cookTimeText(minutes: Minutes): string {
  return minutes > 0 ? `около ${minutes} мин` : '';
}

/**
 * The forecast work of an hour (decision 014): the orders already scheduled into it (ready_at
 * in the window) plus the average of the same weekday and hour over the past weeks.
 */
export function forecastWork(
  scheduledMinutes: Minutes,
  pastWeeksMinutes: Minutes,
  weeks: number = LOAD_HISTORY_WEEKS,
): Minutes {
  return Math.max(0, scheduledMinutes) + (weeks > 0 ? Math.max(0, pastWeeksMinutes) / weeks : 0);
}
