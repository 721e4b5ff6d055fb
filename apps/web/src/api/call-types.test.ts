import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  cartPriborsAction,
  orderCreate,
  type orderCreateBody,
  type orderCreateResponse,
  paymentCheckCall,
  restaurantList,
  restaurantMenu,
} from '@chain/contract';
import { callAction } from './action';
import { call } from './client';

/*
 * The typed call at compile time: `tsc -p apps/web` checks this file, and each
 * `@ts-expect-error` fails the build if its line ever compiles (an unused directive is an
 * error). The calls sit in functions that are never run: nothing is sent.
 */

describe('call(definition, body): the body is checked against the contract at compile time', () => {
  it('takes the input of the request schema and gives the parsed answer', () => {
    type CreateOrder = typeof call<typeof orderCreate>;
    expectTypeOf<Parameters<CreateOrder>[1]>().toEqualTypeOf<z.input<typeof orderCreateBody>>();
    expectTypeOf<Awaited<ReturnType<CreateOrder>>>().toEqualTypeOf<z.output<typeof orderCreateResponse>>();
  });

  it('refuses a wrong body, a missing body, a body where none is taken and missing path parameters', () => {
    const neverRun = () => {
      void call(orderCreate, {
        // @ts-expect-error order/create's `source` is 'kiosk' or 'web' (on the field's own line: the formatter keeps it there)
        source: 'mobile',
        cart: [],
        order: { type: 'self' },
        restoran: '5',
        idempotency_key: 'k',
      });
      // @ts-expect-error the menu call needs fs_uid
      void call(restaurantMenu, { order_type: 'self' });
      // @ts-expect-error the menu call's order_type is one of the order types
      void call(restaurantMenu, { fs_uid: 'f', order_type: 'takeaway' });
      // @ts-expect-error a call with a body takes it
      void call(restaurantMenu);
      // @ts-expect-error the restaurant list takes no body
      void call(restaurantList, { fs_uid: 'f' });
      // @ts-expect-error payment/check needs its orderId in the path
      void call(paymentCheckCall);
      // @ts-expect-error a cart action's fields are typed too: order_type is required
      void callAction(cartPriborsAction, { restoran_id: '5' }, { user_id: null, token: null });
      // Right ones compile.
      void call(restaurantMenu, { fs_uid: 'f', order_type: 'self', ver: 4 });
      void call(paymentCheckCall, { params: { orderId: 7 } });
      void call(restaurantList);
    };
    expectTypeOf(neverRun).toBeFunction();
  });
});
