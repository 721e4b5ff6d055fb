import {
  zagruzkaLoadCookTimeAction,
  zagruzkaLoadInfoAction,
  zagruzkaLoadPeriodsAction,
  zagruzkaLoadRestListAction,
} from '@chain/contract';
import type { OrderType } from '@chain/domain';
import type { DeliveryDateTimeProps } from '../state/cart-store';
import type * as z from 'zod/mini';
import { callAction } from './action';
import { createQuery, type Query } from './query-cache';

/*
 * Restaurant load (SPEC 2 load pages, SPEC 7 zagruzka* actions, decision 014): the calls the
 * load intro, list and detail make, and the product screen's cook time. The actions are public: no session is sent. Answers stay
 * fresh for a minute, since the load moves with the orders; a failure is asked again on retry.
 */

const GUEST = { user_id: null, token: null } as const;
/** The load of a restaurant changes with every order: an answer is fresh for a minute. */
const LOAD_FRESH_MS = 60_000;

export type LoadPeriodsAnswer = z.output<typeof zagruzkaLoadPeriodsAction.response>;
export type LoadListAnswer = z.output<typeof zagruzkaLoadRestListAction.response>;
export type LoadListItem = LoadListAnswer['items'][number];
export type LoadInfoAnswer = z.output<typeof zagruzkaLoadInfoAction.response>;
export type CookTimeAnswer = z.output<typeof zagruzkaLoadCookTimeAction.response>;

/** What the list asks for: the moment (0: now, which the action takes as now), the order and, for distance, the guest's point. */
export interface LoadListArgs {
  readonly time: number;
  readonly sort: 'load' | 'distance';
  readonly origin: { readonly lat: number; readonly lon: number } | null;
}

/** What the detail asks for: the restaurant's fs_uid and the moment (0: now). */
export interface LoadInfoArgs {
  readonly fsUid: string;
  readonly time: number;
}

/** zagruzkaLoadPeriods: now, then the next 24 hours (the list's time mode, SPEC 2). */
export const loadPeriodsQuery: Query<void, LoadPeriodsAnswer> = createQuery<void, LoadPeriodsAnswer>({
  load: () => callAction(zagruzkaLoadPeriodsAction, {}, GUEST),
  staleTime: LOAD_FRESH_MS,
});

/** zagruzkaLoadRestList: every restaurant's load at the moment, by load or by distance from the guest (SPEC 9). */
export const loadListQuery: Query<LoadListArgs, LoadListAnswer> = createQuery<LoadListArgs, LoadListAnswer>({
  key: ({ time, sort, origin }) => JSON.stringify([time, sort, origin?.lat ?? null, origin?.lon ?? null]),
  load: ({ time, sort, origin }) =>
    callAction(
      zagruzkaLoadRestListAction,
      { sort, time, ...(origin ? { lat: origin.lat, lon: origin.lon } : {}) },
      GUEST,
    ),
  staleTime: LOAD_FRESH_MS,
  keep: 8,
});

/** zagruzkaLoadInfo: a restaurant's load, average time and stop list at the moment. */
export const loadInfoQuery: Query<LoadInfoArgs, LoadInfoAnswer> = createQuery<LoadInfoArgs, LoadInfoAnswer>({
  key: ({ fsUid, time }) => `${fsUid}@${time}`,
  load: ({ fsUid, time }) => callAction(zagruzkaLoadInfoAction, { fs_uid: fsUid, time }, GUEST),
  staleTime: LOAD_FRESH_MS,
  keep: 8,
});

/** What the product screen asks: the dish at the menu's restaurant for its order type, at the cart's chosen time (null: as soon as ready). */
export interface CookTimeArgs {
  readonly fsUid: string;
  readonly productId: number;
  readonly orderType: OrderType;
  readonly when: DeliveryDateTimeProps | null;
}

/** The cook times kept: the dishes a guest opens in a visit, each for a time or two. */
const COOK_TIMES_KEPT = 32;

/**
 * zagruzkaLoadCookTime (SPEC 7, SPEC 2 Product "We will cook in about"): the dish's cook time
 * stretched by the kitchen's load at the chosen time. One request per dish, order type and time
 * a minute: reopening the dish or going back and forth reads the kept answer.
 */
export const cookTimeQuery: Query<CookTimeArgs, CookTimeAnswer> = createQuery<CookTimeArgs, CookTimeAnswer>({
  key: ({ fsUid, productId, orderType, when }) =>
    JSON.stringify([fsUid, productId, orderType, when?.deliveryDate ?? null, when?.deliveryTime ?? null]),
  load: ({ fsUid, productId, orderType, when }) =>
    callAction(
      zagruzkaLoadCookTimeAction,
      { fs_uid: fsUid, product_id: productId, orderType, ...(when ? { delivery_datetime_props: { ...when } } : {}) },
      GUEST,
    ),
  staleTime: LOAD_FRESH_MS,
  keep: COOK_TIMES_KEPT,
});
