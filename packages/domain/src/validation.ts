import { ATTENTION_TITLE } from './messages';
import { phoneDigits } from './phone';

// Decision 005: e-mail sign-in codes are 6 digits; the submit check and the error message use
// the same rule. Phone codes stay 4 digits: they are the last digits of the calling number.
// See docs/decisions/005-email-code-length.md.

/** Digits in a code sent by e-mail (decision 005, SPEC 5). */
export const EMAIL_CODE_LENGTH = 6;
/** Digits in a phone sign-in code (SPEC 5, 9). */
export const PHONE_CODE_LENGTH = 4;

/** (SPEC 5) */
export const PHONE_MESSAGE = 'Проверьте правильность ввода телефона.';
/** (SPEC 5) */
export const CODE_MESSAGE = 'Проверьте правильность ввода кода.';
/** (SPEC 5) */
export const EMAIL_MESSAGE = 'Введите верный email.';
/** (SPEC 5, profile save) */
export const PROFILE_EMAIL_MESSAGE = 'Неверный формат email';
/** (SPEC 5) */
export const CAPTCHA_EMPTY_MESSAGE = 'Код не введен!';
/** Shown while a sign-in request runs (SPEC 5). */
export const REQUEST_IN_PROGRESS_MESSAGE = 'Идет обработка запроса, подождите...';
/** (SPEC 5, 8) */
export const TABLE_NUMBER_MESSAGE = 'Неверный номер стола!';

/** A dialog: title and message (SPEC 8 dialog helper). */
export interface DialogText {
  readonly title: string;
  readonly message: string;
}

/** (SPEC 5) */
export const FEEDBACK_INCOMPLETE: DialogText = {
  title: ATTENTION_TITLE,
  message: 'Не заполнены поля Телефон или Сообщение!',
};
/** (SPEC 5) */
export const FEEDBACK_SENT: DialogText = { title: 'Спасибо', message: 'Ваше сообщение успешно отправлено!' };

/** Stars of a rating: 1 to 5, default 5 (SPEC 5, 9). */
export const STARS_MIN = 1;
export const STARS_MAX = 5;
export const DEFAULT_STARS = 5;

/** MIME types a rating photo may have (SPEC 5). */
export const ACCEPTED_PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif'];

const EMAIL_PATTERN = /^[a-z0-9._%+-]+@(?:[a-z0-9а-яё-]+\.)+[a-zа-яё]{2,}$/i;

/** null, or 'Проверьте правильность ввода телефона.' unless there are 11 digits starting 7 or 8 (SPEC 5). */
export function validatePhone(input: string): string | null {
  return phoneDigits(input) === null ? PHONE_MESSAGE : null;
}

/** null, or 'Проверьте правильность ввода кода.' unless the phone code is exactly 4 digits (SPEC 5, 9). */
export function validatePhoneCode(code: string): string | null {
  return /^\d{4}$/.test(code.trim()) ? null : CODE_MESSAGE;
}

/** null, or 'Проверьте правильность ввода кода.' unless the e-mail code is 6 digits; the submit check too (SPEC 5, 005). */
export function validateEmailCode(code: string): string | null {
  return /^\d{6}$/.test(code.trim()) ? null : CODE_MESSAGE;
}

// The pattern needs at least 6 characters (a@b.cd), so it holds both rules.
/** Whether the e-mail is longer than 3 characters and matches the pattern, any case (SPEC 5). */
export function isEmailValid(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** null, or 'Введите верный email.' for sign-in and the receipt e-mail (SPEC 5). */
export function validateEmail(email: string): string | null {
  return isEmailValid(email) ? null : EMAIL_MESSAGE;
}

/** null, or 'Неверный формат email' on profile save; an empty e-mail is allowed there (SPEC 5). */
export function validateProfileEmail(email: string): string | null {
  return email.trim() === '' || isEmailValid(email) ? null : PROFILE_EMAIL_MESSAGE;
}

/** null, or the alert 'Код не введен!' for an empty captcha (SPEC 5). */
export function validateCaptcha(captcha: string): string | null {
  return captcha.trim() === '' ? CAPTCHA_EMPTY_MESSAGE : null;
}

/** null, or 'Неверный номер стола!' for an empty kiosk table number (SPEC 5). */
export function validateKioskTableNumber(table: string): string | null {
  return table.trim() === '' ? TABLE_NUMBER_MESSAGE : null;
}

/** null, or 'Неверный номер стола!' when a scanned table code answer has no num (SPEC 5, 8). */
export function validateScannedTable(answer: { readonly num?: string | number | null }): string | null {
  const num = answer.num;
  return num === undefined || num === null || String(num).trim() === '' || num === 0 ? TABLE_NUMBER_MESSAGE : null;
}

/** null, or the 'Внимание' dialog unless the message is non-empty and the phone has exactly 11 digits (SPEC 5). */
export function validateFeedback(form: { readonly phone: string; readonly message: string }): DialogText | null {
  const phoneComplete = form.phone.replace(/\D/g, '').length === 11;
  return phoneComplete && form.message.trim() !== '' ? null : FEEDBACK_INCOMPLETE;
}

/** Whether a booking guest count is a whole number of at least 1 (SPEC 5). */
export function isGuestCountValid(guests: number): boolean {
  return Number.isInteger(guests) && guests >= 1;
}

/** Whether a recommended item count is a whole number of 0 or more (SPEC 5). */
export function isRecommendedCountValid(cnt: number): boolean {
  return Number.isInteger(cnt) && cnt >= 0;
}

/** Whether a cutlery count is a whole number from 0 to max; + is offered only below max (SPEC 5). */
export function isCutleryCountValid(cnt: number, max: number): boolean {
  return Number.isInteger(cnt) && cnt >= 0 && cnt <= max;
}

/** Whether a star rating is a whole number from 1 to 5 (SPEC 5, 9). */
export function isStarsValid(stars: number | null | undefined): stars is number {
  return Number.isInteger(stars) && Number(stars) >= STARS_MIN && Number(stars) <= STARS_MAX;
}

/** The stars given when valid, otherwise the default 5 (SPEC 5, 9). */
export function starsOrDefault(stars: number | null | undefined): number {
  return isStarsValid(stars) ? stars : DEFAULT_STARS;
}

/** Item scores of a rating (SPEC 3); an unset score counts as the default 5. */
export interface ItemScores {
  readonly taste?: number | null;
  readonly fresh?: number | null;
  readonly speed?: number | null;
}

/** Whether the low-rating category select shows: order stars below 5 or any item score below 5 (SPEC 5). */
export function showsLowRatingCategories(
  order: { readonly stars?: number | null },
  items: readonly ItemScores[],
): boolean {
  const low = (score: number | null | undefined): boolean => starsOrDefault(score) < STARS_MAX;
  return low(order.stars) || items.some((item) => low(item.taste) || low(item.fresh) || low(item.speed));
}

/** Whether a photo's MIME type is jpeg, png or gif, any letter case (SPEC 5). */
export function isAcceptedPhotoType(mimeType: string): boolean {
  return ACCEPTED_PHOTO_TYPES.includes(mimeType.trim().toLowerCase());
}
