import { isEmailValid, phoneDigits } from '@chain/domain';
import { badRequest } from '../../http/errors';

// SPEC 5 messages.
export const PHONE_MESSAGE = 'Проверьте правильность ввода телефона.';
export const EMAIL_MESSAGE = 'Введите верный email.';

/** The phone as the server keeps it (11 digits starting with 7), or a 400 with the SPEC 5 text. */
export function normalisePhone(input: string): string {
  const phone = phoneDigits(input);
  if (!phone) throw badRequest(PHONE_MESSAGE, 'phone');
  return phone;
}

/** The e-mail lower-cased and trimmed, or a 400 with the SPEC 5 text. */
export function normaliseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (!isEmailValid(email)) throw badRequest(EMAIL_MESSAGE, 'email');
  return email;
}

/** A captcha key: a phone or an e-mail, normalised the same way the send calls will. */
export function normaliseContact(input: string): string {
  const decoded = input.trim();
  return decoded.includes('@') ? normaliseEmail(decoded) : normalisePhone(decoded);
}
