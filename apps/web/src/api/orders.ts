import { orderListUserCall, type OrderView } from '@chain/contract';
import { ORDER_LIST_PAGE_SIZE } from '@chain/domain';
import type { User } from '../state/app-store';
import { ApiError, call, type RequestOptions } from './client';

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

/** One Server-Sent Event: its type (`message` when the stream names none) and its data lines joined with '\n'. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * A Server-Sent Events parser (the WHATWG event-stream format) fed with text as it arrives: lines
 * end with LF, CR or CRLF (a CRLF split between two chunks counts once), a line starting with ':'
 * is a comment (the server's keep-alive), `event:` names the type, `data:` lines are joined with
 * '\n', and a blank line dispatches the event (an event without data is dropped, as browsers do).
 */
export function createSseParser(onEvent: (event: SseEvent) => void): { push: (chunk: string) => void } {
  let buffer = '';
  let skipLeadingLf = false;
  let type = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: type === '' ? 'message' : type, data: data.join('\n') });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    // `id` and `retry` are not used: a reconnect starts with the current state anyway.
  };

  return {
    push(chunk) {
      buffer += chunk;
      if (skipLeadingLf && buffer.startsWith('\n')) buffer = buffer.slice(1);
      skipLeadingLf = false;
      for (;;) {
        const end = buffer.search(/[\r\n]/);
        if (end === -1) break;
        const crlf = buffer[end] === '\r' && buffer[end + 1] === '\n';
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + (crlf ? 2 : 1));
        // A CR that ends the chunk may be the first half of a CRLF.
        if (!crlf && buffer === '' && chunk.endsWith('\r')) skipLeadingLf = true;
      }
    },
  };
}
