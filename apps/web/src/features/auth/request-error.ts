import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';

/** Which part of the sign-in form an error belongs next to (docs/design.md: errors sit by their cause). */
export type ErrorPlace = 'contact' | 'captcha' | 'code' | 'form';

export interface PlacedError {
  readonly place: ErrorPlace;
  readonly message: string;
}

const PLACE_BY_CODE: Record<string, ErrorPlace> = {
  phone: 'contact',
  email: 'contact',
  captcha: 'captcha',
  captcha_empty: 'captcha',
  captcha_unavailable: 'captcha',
  code_format: 'code',
  code_wrong: 'code',
  code_expired: 'code',
  code_attempts: 'code',
};

/**
 * A failed sign-in call as the guest reads it: the server's own text (SPEC 2, 8) next to the
 * field it is about, or SPEC 8's 'Ошибка запроса. …' when there was no usable answer.
 */
export function placeError(error: unknown): PlacedError {
  if (!(error instanceof ApiError)) return { place: 'form', message: REQUEST_FAILED_MESSAGE };
  return { place: (error.code && PLACE_BY_CODE[error.code]) || 'form', message: error.message };
}

/** Whether the caller cancelled the request (the screen closed): nothing to show. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
