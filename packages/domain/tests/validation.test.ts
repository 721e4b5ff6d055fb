import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_PHOTO_TYPES,
  DEFAULT_STARS,
  EMAIL_CODE_LENGTH,
  FEEDBACK_INCOMPLETE,
  FEEDBACK_SENT,
  isAcceptedPhotoType,
  isCutleryCountValid,
  isEmailValid,
  isGuestCountValid,
  isRecommendedCountValid,
  isStarsValid,
  PHONE_CODE_LENGTH,
  REQUEST_IN_PROGRESS_MESSAGE,
  showsLowRatingCategories,
  starsOrDefault,
  validateCaptcha,
  validateEmail,
  validateEmailCode,
  validateFeedback,
  validateKioskTableNumber,
  validatePhone,
  validatePhoneCode,
  validateProfileEmail,
  validateScannedTable,
} from '../src/validation';

describe('sign-in fields (SPEC 5)', () => {
  it('accepts a phone of exactly 11 digits behind the +7 mask (SPEC 5)', () => {
    expect(validatePhone('+7 (916) 123-45-67')).toBeNull();
    expect(validatePhone('89161234567')).toBeNull();
  });

  it('rejects any other phone with the spec message (SPEC 5)', () => {
    expect(validatePhone('+7 (916) 123-45-6')).toBe('Проверьте правильность ввода телефона.');
    expect(validatePhone('+7 (916) 123-45-678')).toBe('Проверьте правильность ввода телефона.');
    expect(validatePhone('')).toBe('Проверьте правильность ввода телефона.');
  });

  it('accepts a phone code of exactly 4 digits (SPEC 5, 9)', () => {
    expect(PHONE_CODE_LENGTH).toBe(4);
    expect(validatePhoneCode('1234')).toBeNull();
    expect(validatePhoneCode(' 0007 ')).toBeNull();
    expect(validatePhoneCode('123')).toBe('Проверьте правильность ввода кода.');
    expect(validatePhoneCode('12345')).toBe('Проверьте правильность ввода кода.');
    expect(validatePhoneCode('12a4')).toBe('Проверьте правильность ввода кода.');
  });

  it('checks the e-mail code for 6 digits, and the message agrees with the check (SPEC 5, decision 005)', () => {
    expect(EMAIL_CODE_LENGTH).toBe(6);
    expect(validateEmailCode('123456')).toBeNull();
    expect(validateEmailCode(' 000000 ')).toBeNull();
    expect(validateEmailCode('1234')).toBe('Проверьте правильность ввода кода.');
    expect(validateEmailCode('1234567')).toBe('Проверьте правильность ввода кода.');
    expect(validateEmailCode('12345a')).toBe('Проверьте правильность ввода кода.');
    expect(validateEmailCode('x123456')).toBe('Проверьте правильность ввода кода.');
    expect(validateEmailCode('')).toBe('Проверьте правильность ввода кода.');
  });

  it('accepts e-mail addresses in any letter case (SPEC 5)', () => {
    expect(validateEmail('guest@example.com')).toBeNull();
    expect(validateEmail('Guest.Name+tag@Mail.Example.RU')).toBeNull();
    expect(validateEmail(' a_b-c%d@sub-domain.example.org ')).toBeNull();
    expect(validateEmail('гость@почта.рф'.replace('гость', 'guest'))).toBeNull();
    expect(validateEmail('g@ПОЧТА.РФ')).toBeNull();
    expect(validateEmail('a@b.co')).toBeNull();
  });

  it('rejects an e-mail of 3 characters or fewer (SPEC 5)', () => {
    expect(validateEmail('a@b')).toBe('Введите верный email.');
    expect(isEmailValid('  a@b  ')).toBe(false);
  });

  it('rejects what does not match the e-mail pattern (SPEC 5)', () => {
    for (const bad of [
      'guest.example.com',
      'guest@',
      '@example.com',
      'guest@example',
      'guest@example.c',
      'guest@@example.com',
      'gu est@example.com',
      'guest@exa mple.com',
      'guest@.com',
      'guest@example..com',
      'guest@example.c0m',
      'гость@example.com',
      'x guest@example.com',
      'guest@example.com x',
    ]) {
      expect(validateEmail(bad), bad).toBe('Введите верный email.');
    }
  });

  it('allows an empty profile e-mail but not a malformed one (SPEC 5)', () => {
    expect(validateProfileEmail('')).toBeNull();
    expect(validateProfileEmail('  ')).toBeNull();
    expect(validateProfileEmail('guest@example.com')).toBeNull();
    expect(validateProfileEmail('guest@')).toBe('Неверный формат email');
  });

  it('alerts on an empty captcha (SPEC 5)', () => {
    expect(validateCaptcha('')).toBe('Код не введен!');
    expect(validateCaptcha('   ')).toBe('Код не введен!');
    expect(validateCaptcha('x7k2')).toBeNull();
  });

  it('knows the busy text shown while a request runs (SPEC 5)', () => {
    expect(REQUEST_IN_PROGRESS_MESSAGE).toBe('Идет обработка запроса, подождите...');
  });
});

describe('tables (SPEC 5)', () => {
  it('needs a kiosk table number (SPEC 5)', () => {
    expect(validateKioskTableNumber('')).toBe('Неверный номер стола!');
    expect(validateKioskTableNumber(' ')).toBe('Неверный номер стола!');
    expect(validateKioskTableNumber('12')).toBeNull();
  });

  it('rejects a scanned table code that came back without num (SPEC 5, 8)', () => {
    expect(validateScannedTable({})).toBe('Неверный номер стола!');
    expect(validateScannedTable({ num: null })).toBe('Неверный номер стола!');
    expect(validateScannedTable({ num: '' })).toBe('Неверный номер стола!');
    expect(validateScannedTable({ num: ' ' })).toBe('Неверный номер стола!');
    expect(validateScannedTable({ num: 0 })).toBe('Неверный номер стола!');
    expect(validateScannedTable({ num: 7 })).toBeNull();
    expect(validateScannedTable({ num: '7' })).toBeNull();
  });
});

describe('feedback (SPEC 5)', () => {
  it('needs a message and an 11-digit phone (SPEC 5)', () => {
    expect(validateFeedback({ phone: '79161234567', message: 'Спасибо!' })).toBeNull();
    expect(validateFeedback({ phone: '+7 (916) 123-45-67', message: 'Спасибо!' })).toBeNull();
    expect(validateFeedback({ phone: '7916123456', message: 'Спасибо!' })).toEqual({
      title: 'Внимание',
      message: 'Не заполнены поля Телефон или Сообщение!',
    });
    expect(validateFeedback({ phone: '791612345678', message: 'Спасибо!' })).toBe(FEEDBACK_INCOMPLETE);
    expect(validateFeedback({ phone: '79161234567', message: '  ' })).toBe(FEEDBACK_INCOMPLETE);
  });

  it('thanks the guest after sending (SPEC 5)', () => {
    expect(FEEDBACK_SENT).toEqual({ title: 'Спасибо', message: 'Ваше сообщение успешно отправлено!' });
  });
});

describe('counts (SPEC 5)', () => {
  it('needs at least one guest (SPEC 5)', () => {
    expect(isGuestCountValid(1)).toBe(true);
    expect(isGuestCountValid(12)).toBe(true);
    expect(isGuestCountValid(0)).toBe(false);
    expect(isGuestCountValid(1.5)).toBe(false);
  });

  it('allows 0 or more recommended items (SPEC 5)', () => {
    expect(isRecommendedCountValid(0)).toBe(true);
    expect(isRecommendedCountValid(3)).toBe(true);
    expect(isRecommendedCountValid(-1)).toBe(false);
    expect(isRecommendedCountValid(0.5)).toBe(false);
  });

  it('allows cutlery from 0 up to max (SPEC 5)', () => {
    expect(isCutleryCountValid(0, 5)).toBe(true);
    expect(isCutleryCountValid(5, 5)).toBe(true);
    expect(isCutleryCountValid(6, 5)).toBe(false);
    expect(isCutleryCountValid(-1, 5)).toBe(false);
    expect(isCutleryCountValid(2.5, 5)).toBe(false);
  });
});

describe('ratings (SPEC 5, 9)', () => {
  it('scores stars from 1 to 5 with a default of 5 (SPEC 5, 9)', () => {
    expect(DEFAULT_STARS).toBe(5);
    expect([0, 1, 3, 5, 6, 2.5].map(isStarsValid)).toEqual([false, true, true, true, false, false]);
    expect(starsOrDefault(3)).toBe(3);
    expect(starsOrDefault(1)).toBe(1);
    expect(starsOrDefault(undefined)).toBe(5);
    expect(starsOrDefault(null)).toBe(5);
    expect(starsOrDefault(0)).toBe(5);
    expect(starsOrDefault(9)).toBe(5);
  });

  it('shows the low-rating categories when order stars are below 5 (SPEC 5)', () => {
    expect(showsLowRatingCategories({ stars: 4 }, [])).toBe(true);
    expect(showsLowRatingCategories({ stars: 5 }, [])).toBe(false);
    expect(showsLowRatingCategories({}, [])).toBe(false);
  });

  it('shows them when any item score is below 5 (SPEC 5)', () => {
    expect(showsLowRatingCategories({ stars: 5 }, [{ taste: 5, fresh: 5, speed: 5 }, { taste: 4 }])).toBe(true);
    expect(showsLowRatingCategories({ stars: 5 }, [{ fresh: 1 }])).toBe(true);
    expect(showsLowRatingCategories({ stars: 5 }, [{ speed: 3 }])).toBe(true);
    expect(showsLowRatingCategories({ stars: 5 }, [{ taste: 5, fresh: null, speed: undefined }])).toBe(false);
  });

  it('accepts jpeg, png and gif photos (SPEC 5)', () => {
    expect(ACCEPTED_PHOTO_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif']);
    expect(isAcceptedPhotoType('image/jpeg')).toBe(true);
    expect(isAcceptedPhotoType('image/png')).toBe(true);
    expect(isAcceptedPhotoType(' IMAGE/GIF ')).toBe(true);
    expect(isAcceptedPhotoType('image/webp')).toBe(false);
    expect(isAcceptedPhotoType('image/heic')).toBe(false);
  });
});
