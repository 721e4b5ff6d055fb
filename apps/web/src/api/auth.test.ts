import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_USER } from '@chain/contract';
import { captchaUrl, toStoredUser } from './auth';

describe('sign-in calls (SPEC 7)', () => {
  it('asks a new captcha image per contact with a timestamp: GET /captcha/{contact}?{timestamp}', () => {
    expect(captchaUrl('79161234567', 1700000000000)).toBe('/captcha/79161234567?1700000000000');
    expect(captchaUrl('anna+x@example.ru', 1)).toBe('/captcha/anna%2Bx%40example.ru?1');
  });

  it('keeps the signed-in user as the client state holds it (SPEC 3): id as text, flags as booleans', () => {
    const wire = {
      ...SIGNED_OUT_USER,
      authorized: true,
      id: 42,
      password: 'token',
      phone: '79161234567',
      booking: 1 as const,
    };
    expect(toStoredUser(wire)).toEqual({
      authorized: true,
      id: '42',
      password: 'token',
      name: '',
      phone: '79161234567',
      email: '',
      card: '',
      city: '',
      street: '',
      house: '',
      room: '',
      booking: true,
      stoplist: false,
    });
  });
});
