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
    options?: { cause?: unknown; body?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.body = options?.body;
  }

  /** The whole error answer as the server sent it (a 409's current values, say), when it sent one. */
  readonly body: unknown;
}
