import type { Kysely } from 'kysely';
import type { OrderFollowResponse } from '@chain/contract';
import { FOLLOW_LINK_EXPIRED_MESSAGE, FOLLOW_LINK_INVALID_MESSAGE, FOLLOW_LINK_TTL_HOURS } from '@chain/domain';
import type { Database } from '../../db/types';
import { AppError, notFound } from '../../http/errors';
import { checkFollowToken, followToken } from '../../http/signed-links';
import { orderStatusView } from './progress';
import { findFollowedOrder } from './repository';

/*
 * The follow link of a kiosk order (issue 14, decision 023): the kiosk's Thanks screen draws
 * `/follow/{token}` as a QR, and the guest's phone shows that one order's number, status and
 * progress, read-only, without signing in, for FOLLOW_LINK_TTL_HOURS after it was placed.
 */

/** What decides whether an order has a follow link, and until when. */
export interface FollowableOrder {
  id: number;
  source: 'kiosk' | 'web';
  user_id: number | null;
  created_at: Date;
}

/**
 * Only an order of nobody (a kiosk's) has a follow link: a signed-in guest follows theirs in
 * Мои заказы, and a link to it would be a second way in that their session does not guard.
 */
function isFollowable(order: FollowableOrder): boolean {
  return order.source === 'kiosk' && order.user_id === null;
}

/** The link opens until this long after the order was placed: from the order, so every token of one order is the same. */
function followExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + FOLLOW_LINK_TTL_HOURS * 3_600_000);
}

/** order/create's follow_token: for a kiosk order without a user, else null. */
export function followTokenOf(secret: string, order: FollowableOrder): string | null {
  return isFollowable(order) ? followToken(secret, order.id, followExpiry(order.created_at)) : null;
}

/**
 * Whether `token` is this order's follow token, genuine and not past its time: what a kiosk order's
 * payment calls take besides its kiosk's token (issue 30 point 7, decision 038). The signature is
 * checked (constant time) before anything of the order is compared.
 */
export function isFollowTokenOf(secret: string, order: FollowableOrder, token: string, now: Date): boolean {
  const checked = checkFollowToken(secret, token, now);
  return checked.valid && !checked.expired && checked.orderId === order.id && followTokenOf(secret, order) === token;
}

const invalid = () => notFound(FOLLOW_LINK_INVALID_MESSAGE, 'follow_not_found');

/**
 * GET order/follow/{token}: the order's number, status, paid flag, type and progress bar, nothing
 * more. A token that is not ours, or names no followable order, is 404; only a genuine one past
 * its time is told apart (410), and only after its signature holds.
 */
export async function followOrder(
  db: Kysely<Database>,
  secret: string,
  token: string,
  now = new Date(),
): Promise<OrderFollowResponse> {
  const checked = checkFollowToken(secret, token, now);
  if (!checked.valid) throw invalid();
  if (checked.expired) throw new AppError(410, 'follow_expired', FOLLOW_LINK_EXPIRED_MESSAGE);
  const order = await findFollowedOrder(db, checked.orderId);
  // The token must be the one this order gives out: an order that stopped being followable, or a
  // token signed for another expiry (e.g. before a change of the time to live), opens nothing.
  if (!order || followTokenOf(secret, order) !== token) throw invalid();
  return {
    number: order.znumber,
    ...orderStatusView(order),
    type: order.type,
    expires_at: checked.expiresAt.toISOString(),
  };
}
