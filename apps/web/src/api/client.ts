import { errorResponse } from '@chain/contract';
import type { ZodMiniType } from 'zod/mini';

/** SPEC 8: what the guest reads when the network or the answer fails. */
export const REQUEST_FAILED_MESSAGE = 'Ошибка запроса. Проверьте подключение к интернету или попробуйте позже.';

export type ApiErrorKind =
  /** The server answered with an error: its message is for the guest. */
  | 'server'
  /** No answer (offline, DNS, CORS, aborted by timeout). */
  | 'network'
  /** An answer that is not what the contract says (not JSON, wrong shape). */
  | 'invalid';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status, or null without an answer. */
    readonly status: number | null,
    /** The server's machine-readable code (`error`), when it sent one. */
    readonly code: string | null = null,
    readonly requestId: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

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
        throw new ApiError(message, 'server', response.status, error, requestId ?? null);
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

  return {
    get: <T>(path: string, schema: ZodMiniType<T>, options?: RequestOptions) =>
      request('GET', path, undefined, schema, options),
    post: <T>(path: string, body: unknown, schema: ZodMiniType<T>, options?: RequestOptions) =>
      request('POST', path, body, schema, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const client = createApiClient();

/** GET a SPEC 7 path and parse the answer with its contract schema. */
export function apiGet<T>(path: string, schema: ZodMiniType<T>, options?: RequestOptions): Promise<T> {
  return client.get(path, schema, options);
}

/** POST a JSON body to a SPEC 7 path and parse the answer with its contract schema. */
export function apiPost<T>(path: string, body: unknown, schema: ZodMiniType<T>, options?: RequestOptions): Promise<T> {
  return client.post(path, body, schema, options);
}
