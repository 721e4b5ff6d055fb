import type { AnyCall, CallAnswer } from '@chain/contract';
import { SOMETHING_WENT_WRONG_MESSAGE } from '@chain/domain';
import { ApiError, type CallArgs, createApiClient } from '../api/client';
import { setStaffSession, staffSession } from './session';

const client = createApiClient();

/**
 * A staff call of the contract with the session's Bearer token; a 401 (the session ended or was
 * revoked) signs the device out, back to the sign-in.
 */
export async function staffCall<C extends AnyCall>(definition: C, ...args: CallArgs<C>): Promise<CallAnswer<C>> {
  const token = staffSession()?.token;
  const withBody = definition.body !== undefined;
  const options = ((withBody ? args[1] : args[0]) ?? {}) as { headers?: Record<string, string> };
  const authorised = {
    ...options,
    headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  };
  const sent = (withBody ? [args[0], authorised] : [authorised]) as unknown as CallArgs<C>;
  try {
    return await client.call(definition, ...sent);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token) setStaffSession(null);
    throw error;
  }
}

/** The message to show for a failed call: the server's words, or SPEC 8's request-failed text. */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : SOMETHING_WENT_WRONG_MESSAGE;
}
