/**
 * Errors a handler throws on purpose. The central error handler (http/error-handler.ts) turns
 * them into `{ success: false, error, message }` with their status; anything else is a 500
 * whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** More of the answer's body beside `error` and `message` (a 409's current values, say). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Ours and passing (an outside service down): 503 with Retry-After, the client may try again then. */
export class UnavailableError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(503, code, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message = 'Требуется вход.', code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message = 'Доступ запрещён.', code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message = 'Не найдено.', code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

export const MESSAGES = {
  internal: 'Внутренняя ошибка сервера. Попробуйте позже.',
  unavailable: 'Сервис временно недоступен. Попробуйте позже.',
  notFound: 'Не найдено.',
  badJson: 'Некорректный запрос: тело запроса не является корректным JSON.',
  unsupportedMediaType: 'Неподдерживаемый тип данных запроса. Отправьте JSON или форму.',
  tooLarge: 'Слишком большой запрос.',
  badRequest: 'Некорректный запрос.',
  badUrl: 'Некорректный адрес запроса.',
  rateLimited: 'Слишком много запросов. Попробуйте позже.',
} as const;
