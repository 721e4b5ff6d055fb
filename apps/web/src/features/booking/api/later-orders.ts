import { checkDelayedAction, delayedzakazRestoransAction, predzakazPeriodsAction } from '@chain/contract';
import type { OrderType } from '@chain/domain';
import type * as z from 'zod/mini';
import { type ActionSession, callAction } from '../../../api/action';
import { createQuery } from '../../../api/query-cache';
import type { User } from '../../../state/guest-store';

/*
 * The actions of Предзаказ and Отложенный заказ (SPEC 2, 4, 7; docs/rest.md): the times a
 * pre-order or a delayed order can be placed for, and the guest's delayed order to resume.
 */

export type PreorderAnswer = z.output<typeof predzakazPeriodsAction.response>;
export type DelayedRestaurantsAnswer = z.output<typeof delayedzakazRestoransAction.response>;
export type DelayedOrder = NonNullable<z.output<typeof checkDelayedAction.response>['order']>;

/** What Предзаказ asks: the restaurant and the date (Unix seconds of its midnight, from the answer's dates). */
export interface PreorderArgs {
  readonly restaurantId: string | null;
  readonly date: number | null;
}

const guestSession = (user: Pick<User, 'id' | 'password'>): ActionSession => ({
  user_id: user.id || null,
  token: user.password || null,
});
const NO_SESSION: ActionSession = { user_id: null, token: null };

/** predzakazPeriods: asked afresh on each visit of the screen (times pass), kept while it is open. */
export const preorderQuery = createQuery<PreorderArgs, PreorderAnswer>({
  key: (args) => `${args.restaurantId ?? ''}|${args.date ?? ''}`,
  staleTime: 60_000,
  keep: 8,
  load: (args) =>
    callAction(
      predzakazPeriodsAction,
      { restoranid: args.restaurantId ?? undefined, date: args.date ?? undefined },
      NO_SESSION,
    ),
});

/** delayedzakazRestorans: the restaurants, and for one of them its dates with their times. */
export const delayedRestaurantsQuery = createQuery<{ readonly restaurantId: string | null }, DelayedRestaurantsAnswer>({
  key: ({ restaurantId }) => restaurantId ?? '',
  staleTime: 60_000,
  keep: 8,
  load: ({ restaurantId }) =>
    callAction(delayedzakazRestoransAction, { restoranid: restaurantId ?? undefined }, NO_SESSION),
});

/** checkDelayed (SPEC 4): the guest's latest unpaid delayed order at the restaurant for the order type, or null. */
export async function findDelayedOrder(
  user: Pick<User, 'id' | 'password'>,
  input: { fsUid: string; orderType: OrderType },
): Promise<DelayedOrder | null> {
  const answer = await callAction(
    checkDelayedAction,
    { fs_uid: input.fsUid, order_type: input.orderType },
    guestSession(user),
  );
  return answer.order;
}
