import {
  type AnyCall,
  type CallAnswer,
  type CallInput,
  type CallParamsInput,
  callPath,
  errorResponse,
} from '@chain/contract';
import type { ZodMiniType } from 'zod/mini';

// The error every call fails with lives in its own module, so the query cache on the entry route
// can know it without loading the client and the schemas (issue 18).
export { ApiError, type ApiErrorKind, REQUEST_FAILED_MESSAGE } from './api-error';
import { ApiError, REQUEST_FAILED_MESSAGE } from './api-error';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra headers (the API's own auth travels in the body, SPEC 7). */
  headers?: Record<string, string>;
}

type Fetch = typeof fetch;

/**
 * The typed client of SPEC 7's calls. Every answer is parsed with the contract's schema, never
 * cast; an error answer becomes an ApiError with the server's message; no answer or an answer
 * that does not parse becomes an ApiError with SPEC 8's request-failed text.
 */
export function createApiClient(fetchImpl: Fetch = (...args) => globalThis.fetch(...args), baseUrl = '') {
  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: ZodMiniType<T>,
    options: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (options.signal) init.signal = options.signal;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }

    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, init);
    } catch (cause) {
      if (options.signal?.aborted) throw cause; // the caller cancelled: not the guest's problem
      throw new ApiError(REQUEST_FAILED_MESSAGE, 'network', null, null, null, { cause });
    }

    let payload: unknown;
    try {
      payload = await response.json();
    } catch (cause) {
      throw new ApiError(REQUEST_FAILED_MESSAGE, response.ok ? 'invalid' : 'server', response.status, null, null, {
        cause,
      });
    }

    if (!response.ok) {
      const failure = errorResponse.safeParse(payload);
      if (failure.success && failure.data.message.trim() !== '') {
        const { message, error, requestId } = failure.data;
        throw new ApiError(message, 'server', response.status, error, requestId ?? null, { body: payload });
      }
      throw new ApiError(REQUEST_FAILED_MESSAGE, 'server', response.status);
    }

    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      // Some calls of SPEC 7 answer "error or success" with 200: an error body still carries
      // the server's message for the guest.
      const failure = errorResponse.safeParse(payload);
      if (failure.success && failure.data.message.trim() !== '') {
        const { message, error, requestId } = failure.data;
        throw new ApiError(message, 'server', response.status, error, requestId ?? null);
      }
      throw new ApiError(REQUEST_FAILED_MESSAGE, 'invalid', response.status, null, null, { cause: parsed.error });
    }
    return parsed.data;
  }

  /**
   * A call of the contract: `call(orderCreate, body)`. The body's type is the input of the call's
   * request schema, so a wrong body is a compile error; the answer is parsed with its response
   * schema. A call without a body takes only the options; one with path parameters takes them
   * in `options.params`.
   */
  function call<C extends AnyCall>(definition: C, ...args: CallArgs<C>): Promise<CallAnswer<C>> {
    const [body, options] = (definition.body === undefined ? [undefined, args[0]] : args) as [
      unknown,
      CallOptions<C> | undefined,
    ];
    const params = (options as { params?: Record<string, string | number> } | undefined)?.params;
    return request(
      definition.method,
      callPath(definition, params),
      body,
      definition.response as ZodMiniType<CallAnswer<C>>,
      options,
    );
  }

  return {
    call,
    /**
     * The core of `call`, untyped: for the generic call's actions (action.ts, typed there) and a
     * path the contract has no call definition for (/settings.php).
     */
    send: request,
  };
}

/** The options of a call: path parameters are required when its path has them. */
export type CallOptions<C> =
  CallParamsInput<C> extends undefined ? RequestOptions : RequestOptions & { params: CallParamsInput<C> };

/** After the definition: the body (when the call has one), then the options (required with path parameters). */
export type CallArgs<C> = [
  ...(CallInput<C> extends undefined ? [] : [body: CallInput<C>]),
  ...(CallParamsInput<C> extends undefined ? [options?: CallOptions<C>] : [options: CallOptions<C>]),
];

export type ApiClient = ReturnType<typeof createApiClient>;

const client = createApiClient();

/** A call of the contract with a body checked at compile time and an answer parsed at run time (see createApiClient). */
export const call: ApiClient['call'] = client.call;

/** The untyped core of `call` (see createApiClient). */
export const send: ApiClient['send'] = client.send;
