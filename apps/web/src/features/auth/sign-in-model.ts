import type { Settings } from '@chain/contract';
import {
  EMAIL_CODE_LENGTH,
  PHONE_CODE_LENGTH,
  phoneDigits,
  validateEmail,
  validateEmailCode,
  validatePhone,
  validatePhoneCode,
} from '@chain/domain';

/** SPEC 2 Sign-in: a robot call (last 4 digits), the guest's own call (inbound), or an e-mailed code. */
export type SignInMethod = 'phone' | 'inbound' | 'email';

export interface MethodText {
  /** The segment's label. */
  readonly label: string;
  /** One sentence under the choice: what is going to happen. */
  readonly description: string;
  /** The button that asks for the code (or the number to call). */
  readonly sendLabel: string;
}

export const METHOD_TEXT: Record<SignInMethod, MethodText> = {
  phone: {
    label: 'Мне позвонят',
    description: 'Вам позвонит робот. Код для входа — последние 4 цифры его номера, отвечать на звонок не нужно.',
    sendLabel: 'Позвонить мне',
  },
  inbound: {
    label: 'Позвоню сам',
    description: 'Мы покажем номер — позвоните на него с вашего телефона, и вход выполнится сам.',
    sendLabel: 'Получить номер',
  },
  email: {
    label: 'E-mail',
    description: 'Пришлём на почту код из 6 цифр.',
    sendLabel: 'Получить код',
  },
};

/** Order of the segments: the phone ways first, as most guests sign in with a phone. */
const METHOD_ORDER: readonly SignInMethod[] = ['phone', 'inbound', 'email'];

/** The sign-in types the settings allow (allow_phone_auth, allow_inbound_auth, allow_email_auth). */
export function allowedMethods(
  settings: Pick<Settings, 'allow_phone_auth' | 'allow_inbound_auth' | 'allow_email_auth'>,
): SignInMethod[] {
  const allowed: Record<SignInMethod, boolean> = {
    phone: settings.allow_phone_auth === 1,
    inbound: settings.allow_inbound_auth === 1,
    email: settings.allow_email_auth === 1,
  };
  return METHOD_ORDER.filter((method) => allowed[method]);
}

export type ContactCheck =
  { readonly contact: string; readonly error: null } | { readonly contact: null; readonly error: string };

/**
 * The contact as the calls take it (the phone as its 11 wire digits, the e-mail trimmed and in
 * lower case), or SPEC 5's message: 'Проверьте правильность ввода телефона.' / 'Введите верный email.'
 */
export function checkContact(method: SignInMethod, input: string): ContactCheck {
  if (method === 'email') {
    const error = validateEmail(input);
    return error ? { contact: null, error } : { contact: input.trim().toLowerCase(), error: null };
  }
  const error = validatePhone(input);
  const digits = phoneDigits(input);
  return error || !digits
    ? { contact: null, error: error ?? 'Проверьте правильность ввода телефона.' }
    : { contact: digits, error: null };
}

/** null, or 'Проверьте правильность ввода кода.' (SPEC 5: 6 digits by e-mail, decision 005; 4 by phone). */
export function checkCode(method: Exclude<SignInMethod, 'inbound'>, code: string): string | null {
  return method === 'email' ? validateEmailCode(code) : validatePhoneCode(code);
}

/** Digits the guest types for a method's code. */
export function codeLength(method: Exclude<SignInMethod, 'inbound'>): number {
  return method === 'email' ? EMAIL_CODE_LENGTH : PHONE_CODE_LENGTH;
}

/** Only the digits of a code field, at most `length` of them (pasted '12 34' → '1234'). */
export function codeInput(raw: string, length: number): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

/** SPEC 4, 9: inbound sign-in asks whether the call came every 10 s. */
export const INBOUND_POLL_INTERVAL_MS = 10_000;

/** A countdown as the guest reads it: 0:59, 1:00, 10:05. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
