import { orderFollowCall } from '@chain/contract';
import type * as z from 'zod/mini';
import { call, type RequestOptions } from '../../api/client';

/** One kiosk order as its follow page shows it (GET order/follow/{token}). */
export type OrderFollow = z.infer<typeof orderFollowCall.response>;

/** GET /api/v1/order/follow/{token}: public, the token is the permission (issue 14). */
export function loadOrderFollow(token: string, options?: RequestOptions): Promise<OrderFollow> {
  return call(orderFollowCall, { ...options, params: { token } });
}
