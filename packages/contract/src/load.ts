import * as z from 'zod/mini';
import { MENU_KINDS } from '@chain/domain';
import { optionalUnixSeconds, restaurantRef } from './action-fields';
import { flag, lookupText, MAX_WIRE_ID, optionalWireCoordinate, optionalWireInt, wireNumber } from './common';
import { deliveryDateTimeProps, orderTypeSchema } from './menu';
import { defineAction } from './rest';

/**
 * Restaurant load (SPEC 2 restaurant load pages, SPEC 3 Load info, SPEC 7 zagruzka* actions).
 * The formula is decision 014: the cook-minutes of the hour around the moment over the
 * kitchen's hourly capacity; a forecast adds the orders scheduled then to the average of the
 * same hour over the past four weeks.
 */

/** The load of a restaurant at a moment (SPEC 3 Load info; the detail page's restoranInfo). */
export const restaurantLoad = z.object({
  id: z.int(),
  fs_uid: z.string(),
  name: z.string(),
  nameShort: z.string(),
  address: z.string(),
  location: z.object({ lat: z.number(), lon: z.number() }),
  /** The moment, Unix seconds; forecast 1 when it is a future time, 0 for now. */
  time: z.int(),
  forecast: flag,
  /** 0 when the restaurant is closed at that moment (then the text is 'Закрыто'). */
  open: flag,
  zagruzkaPerc: z.int().check(z.minimum(0), z.maximum(100)),
  zagruzkaText: z.string(),
  /** '#AARRGGBB' (SPEC 9 colour rule on display). */
  zagruzkaColor: z.string(),
  /** The average time of an order, minutes; 0 when closed. */
  timeSredn: z.int(),
  timeSrednText: z.string(),
  timeColor: z.string(),
});
export type RestaurantLoad = z.infer<typeof restaurantLoad>;

/** `time`: Unix seconds of the moment; absent, 0 or '' means now. */
const loadTime = optionalUnixSeconds;

export const stopListItem = z.object({
  id: z.int(),
  name: z.string(),
  stop: z.literal(true),
  /** The reason, or the chain's text_stoplist when none is given. */
  text: z.string(),
  /** When it was stopped, Unix seconds. */
  since: z.int(),
});

/** A section of the stop list: a menu category, with the time ('HH:MM', restaurant's clock) its first dish was stopped. */
export const stopListSection = z.object({
  id: z.int(),
  name: z.string(),
  time: z.string(),
  since: z.int(),
  items: z.array(stopListItem),
});

/** A group of the stop list: a menu (restaurant, shop, bar). */
export const stopListGroup = z.object({ id: z.enum(MENU_KINDS), name: z.string(), sections: z.array(stopListSection) });

export const zagruzkaLoadInfoAction = defineAction({
  name: 'zagruzkaLoadInfo',
  auth: 'public',
  summary:
    'The load of a restaurant now or at a future time (percent, text, colour, average time and its colour) and its stop list by menus (groups) and categories (sections).',
  fields: z.object({ fs_uid: restaurantRef, time: loadTime }),
  response: z.object({ restoranInfo: restaurantLoad, stopList: z.object({ groups: z.array(stopListGroup) }) }),
});

export const loadListEntry = z.extend(restaurantLoad, {
  /** Haversine km from lat/lon when given, else null (SPEC 9), and as '1,2 км'. */
  distanceKm: z.nullable(z.number()),
  distanceText: z.string(),
  isFavorite: flag,
});

export const zagruzkaLoadRestListAction = defineAction({
  name: 'zagruzkaLoadRestList',
  auth: 'public',
  summary:
    'Every restaurant that cooks for guests with its load now or at `time`, favourites first, then by load (least busy first) or by distance from lat/lon (SPEC 9).',
  fields: z.object({
    time: loadTime,
    sort: z.optional(z.enum(['load', 'distance'], { error: 'ожидается load или distance' })),
    lat: optionalWireCoordinate(90, 'широта'),
    lon: optionalWireCoordinate(180, 'долгота'),
    favorites: z.optional(z.array(lookupText(64)).check(z.maxLength(100, 'не больше 100'))),
  }),
  response: z.object({
    items: z.array(loadListEntry),
    time: z.int(),
    forecast: flag,
    sort: z.enum(['load', 'distance']),
  }),
});

export const loadPeriod = z.object({
  /** Unix seconds to pass as `time`; 0 is now. */
  time: z.int(),
  date: z.string(),
  from: z.string(),
  /** 'Сейчас', 'Сегодня, 18:00', 'Завтра, 09:00' */
  text: z.string(),
});

export const zagruzkaLoadPeriodsAction = defineAction({
  name: 'zagruzkaLoadPeriods',
  auth: 'public',
  summary:
    'The moments the load pages offer: now, then every full hour of the next 24 hours (only the hours the restaurant is open when fs_uid is given), on the restaurant’s clock (Moscow without fs_uid).',
  fields: z.object({ fs_uid: z.optional(restaurantRef), hours: optionalWireInt(1, 72, 'ожидается число часов') }),
  response: z.object({ periods: z.array(loadPeriod) }),
});

export const zagruzkaLoadCookTimeAction = defineAction({
  name: 'zagruzkaLoadCookTime',
  auth: 'public',
  summary:
    'How long a dish takes at the restaurant for the order type at the chosen time (delivery_datetime_props; as soon as ready: now): its cook time stretched by the load of that hour (decision 014).',
  fields: z.object({
    fs_uid: restaurantRef,
    product_id: wireNumber({
      integer: true,
      min: 1,
      max: MAX_WIRE_ID,
      message: 'ожидается номер блюда',
      minMessage: 'ожидается номер блюда',
      maxMessage: 'такого номера нет',
    }),
    orderType: orderTypeSchema,
    delivery_datetime_props: z.optional(z.nullable(deliveryDateTimeProps)),
  }),
  response: z.object({
    /** Minutes. */
    cookTime: z.int(),
    cookTimeText: z.string(),
    zagruzkaPerc: z.int(),
    /** The moment it was computed for, Unix seconds. */
    time: z.int(),
  }),
});
