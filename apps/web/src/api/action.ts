import { type AnyRestAction, type CallInput, restCall } from '@chain/contract';
import type * as z from 'zod/mini';
import { type ApiClient, type RequestOptions, send } from './client';

/** Who runs an action of the generic call: the session, or nulls for a guest (a 'public' action ignores them). */
export interface ActionSession {
  readonly user_id: string | null;
  readonly token: string | null;
}

/**
 * Actions of the generic call (SPEC 7): `callAction(cartPriborsAction, fields, session)`. `fields`
 * is typed by the action's fields schema, so wrong fields are a compile error; the answer is
 * parsed with the action's response schema. Apart from client.ts so the envelope's schema stays
 * out of the entry route (the screens that run actions are lazy).
 */
export function createActionCaller(core: ApiClient['send']) {
  return function callAction<A extends AnyRestAction>(
    action: A,
    fields: z.input<A['fields']>,
    session: ActionSession,
    options?: RequestOptions,
  ): Promise<z.output<A['response']>> {
    const body: CallInput<typeof restCall> = {
      user_id: session.user_id,
      token: session.token,
      action: action.name,
      fields: fields as Record<string, unknown>,
    };
    return core('POST', restCall.path, body, action.response as z.ZodMiniType<z.output<A['response']>>, options);
  };
}

export const callAction = createActionCaller(send);
