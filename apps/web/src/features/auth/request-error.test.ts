import { describe, expect, it } from 'vitest';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { isAbort, placeError } from './request-error';

describe('sign-in errors (SPEC 2, 8)', () => {
  it("shows the server's text next to the field it is about", () => {
    expect(placeError(new ApiError('Неверный код с картинки.', 'server', 400, 'captcha'))).toEqual({
      place: 'captcha',
      message: 'Неверный код с картинки.',
    });
    expect(placeError(new ApiError('Неверный код.', 'server', 400, 'code_wrong'))).toMatchObject({ place: 'code' });
    expect(placeError(new ApiError('Проверьте правильность ввода телефона.', 'server', 400, 'phone'))).toMatchObject({
      place: 'contact',
    });
  });

  it('shows other server texts under the form', () => {
    expect(placeError(new ApiError('Новый код можно запросить через 42 сек.', 'server', 429, 'too_soon'))).toEqual({
      place: 'form',
      message: 'Новый код можно запросить через 42 сек.',
    });
  });

  it("shows SPEC 8's request-failed text when there was no usable answer", () => {
    expect(placeError(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null))).toEqual({
      place: 'form',
      message: REQUEST_FAILED_MESSAGE,
    });
    expect(placeError(new TypeError('Failed to fetch'))).toEqual({ place: 'form', message: REQUEST_FAILED_MESSAGE });
  });

  it('recognises a cancelled request', () => {
    expect(isAbort(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isAbort(new Error('x'))).toBe(false);
  });
});
