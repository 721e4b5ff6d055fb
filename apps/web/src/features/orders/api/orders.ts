import { orderListUserCall, type OrderView } from '@chain/contract';
import { ORDER_LIST_PAGE_SIZE } from '@chain/domain';
import type { User } from '../../../state/guest-store';
import { ApiError, call, type RequestOptions } from '../../../api/client';

/*
 * The guest's orders (SPEC 7 order/listUser: a page of Мои заказы, or one order), and the
 * event-stream parser the order's live status is read with (order-events.ts). Calls carry the
 * signed-in guest's id and token; failures arrive as ApiError with the server's Russian text.
 */

type Session = Pick<User, 'id' | 'password'>;

/** The server's refusal of an order that is not this guest's (order/listUser detail, the events stream: 404). */
import { ORDER_NOT_FOUND_MESSAGE } from '@chain/domain';

export { ORDER_NOT_FOUND_MESSAGE };

/** POST order/listUser with limit and offset: a page of the guest's orders, newest first (SPEC 9: 20 a page). */
export async function loadOrderPage(session: Session, offset: number, options?: RequestOptions): Promise<OrderView[]> {
  const answer = await call(
    orderListUserCall,
    { user_id: session.id, user_token: session.password, limit: ORDER_LIST_PAGE_SIZE, offset },
    { ...options, params: { userId: session.id } },
  );
  return answer.items;
}

/** POST order/listUser with id: one order of the guest; another guest's order or an unknown id is a 404 ApiError. */
export async function loadOrder(session: Session, orderId: string, options?: RequestOptions): Promise<OrderView> {
  const answer = await call(
    orderListUserCall,
    { user_id: session.id, user_token: session.password, id: orderId },
    { ...options, params: { userId: session.id } },
  );
  const [order] = answer.items;
  if (order === undefined) throw new ApiError(ORDER_NOT_FOUND_MESSAGE, 'server', 404, 'order_not_found');
  return order;
}
