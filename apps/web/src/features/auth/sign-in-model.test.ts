import { describe, expect, it } from 'vitest';
import {
  allowedMethods,
  checkCode,
  checkContact,
  codeInput,
  formatCountdown,
  INBOUND_POLL_INTERVAL_MS,
} from './sign-in-model';

describe('sign-in types follow the settings (SPEC 2 Sign-in, SPEC 3 Settings)', () => {
  it('offers every allowed type, the phone ways first', () => {
    expect(allowedMethods({ allow_phone_auth: 1, allow_inbound_auth: 1, allow_email_auth: 1 })).toEqual([
      'phone',
      'inbound',
      'email',
    ]);
  });

  it('leaves out a type that is switched off', () => {
    expect(allowedMethods({ allow_phone_auth: 0, allow_inbound_auth: 1, allow_email_auth: 1 })).toEqual([
      'inbound',
      'email',
    ]);
    expect(allowedMethods({ allow_phone_auth: 0, allow_inbound_auth: 0, allow_email_auth: 1 })).toEqual(['email']);
    expect(allowedMethods({ allow_phone_auth: 0, allow_inbound_auth: 0, allow_email_auth: 0 })).toEqual([]);
  });
});

describe('contact validation (SPEC 5)', () => {
  it('takes a masked phone of 11 digits as its wire digits', () => {
    expect(checkContact('phone', '+7 (916) 123-45-67')).toEqual({ contact: '79161234567', error: null });
    expect(checkContact('inbound', '8 916 123 45 67')).toEqual({ contact: '79161234567', error: null });
  });

  it("refuses a short phone with 'Проверьте правильность ввода телефона.'", () => {
    expect(checkContact('phone', '+7 (916) 123-45')).toEqual({
      contact: null,
      error: 'Проверьте правильность ввода телефона.',
    });
    expect(checkContact('inbound', '')).toEqual({ contact: null, error: 'Проверьте правильность ввода телефона.' });
  });

  it("takes an e-mail trimmed and in lower case, and refuses a bad one with 'Введите верный email.'", () => {
    expect(checkContact('email', '  Anna@Example.RU ')).toEqual({ contact: 'anna@example.ru', error: null });
    expect(checkContact('email', 'a@b')).toEqual({ contact: null, error: 'Введите верный email.' });
    expect(checkContact('email', 'ab')).toEqual({ contact: null, error: 'Введите верный email.' });
  });
});

describe('code validation (SPEC 5, 9; decision 005)', () => {
  it('wants 6 digits for an e-mailed code', () => {
    expect(checkCode('email', '123456')).toBeNull();
    expect(checkCode('email', '1234')).toBe('Проверьте правильность ввода кода.');
  });

  it('wants 4 digits for a phone code', () => {
    expect(checkCode('phone', '4821')).toBeNull();
    expect(checkCode('phone', '482')).toBe('Проверьте правильность ввода кода.');
    expect(checkCode('phone', '48211')).toBe('Проверьте правильность ввода кода.');
  });

  it('keeps only digits in the code field, up to the code length', () => {
    expect(codeInput('12 34-56', 4)).toBe('1234');
    expect(codeInput('abc', 6)).toBe('');
  });
});

describe('inbound call timing (SPEC 4, 9)', () => {
  it('polls every 10 s', () => {
    expect(INBOUND_POLL_INTERVAL_MS).toBe(10_000);
  });

  it('shows a countdown as m:ss', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
