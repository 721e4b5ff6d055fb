import { KIOSK_IDLE_COUNTDOWN_S, KIOSK_IDLE_MS, type PayMethod } from './constants';

/*
 * The kiosk in the hall (SPEC 2, 4, 6, 9; issue 14): the texts, limits and the idle rule that the
 * kiosk's screens and the server share.
 */

/** The idle overlay's one question (docs/design.md Kiosk, further). */
export const KIOSK_IDLE_QUESTION = 'Вы ещё здесь?';

/** A staff code that does not open the kiosk (POST kiosk/exit, 403). */
export const KIOSK_CODE_WRONG_MESSAGE = 'Неверный код.';
/** Too many staff codes tried from one kiosk (POST kiosk/exit, 429). */
export const KIOSK_CODE_RATE_MESSAGE = 'Слишком много попыток. Попробуйте через несколько минут.';
/** A staff code is 4 to 8 digits. */
export const KIOSK_CODE_PATTERN = /^\d{4,8}$/;
/** A staff code typed that is not 4 to 8 digits (checked before it is sent). */
export const KIOSK_CODE_FORMAT_MESSAGE = 'Код сотрудника — от 4 до 8 цифр.';

/** The kiosk's Home when it is not connected (no token, or one the server no longer takes). */
export const KIOSK_NOT_CONNECTED_TITLE = 'Киоск не подключён';
/**
 * A kiosk order, or a call only a connected kiosk makes, without the token of a kiosk connected
 * to this restaurant: none, unknown, ended or another restaurant's (order/create, kiosk/check;
 * 403 kiosk_not_connected, decision 038). A guest at a kiosk left behind by a deploy reads it
 * too, so it says what to do; the kiosk's Home says it under KIOSK_NOT_CONNECTED_TITLE.
 */
export const KIOSK_NOT_CONNECTED_MESSAGE =
  'Киоск не подключён к ресторану. Позовите сотрудника: он подключит киоск кодом сотрудника.';
/** A connected kiosk's token ends after this many days without a call (decision 038); a kiosk that is on asks every hour. */
export const KIOSK_DEVICE_IDLE_DAYS = 30;
/** A kiosk showing its Home asks whether it is still connected this often (kiosk/check, decision 038). */
export const KIOSK_CHECK_MS = 60 * 60_000;

/** The table keypad takes at most this many digits (the restaurant's own list decides which exist). */
export const KIOSK_TABLE_MAX_DIGITS = 4;

/** A follow link that is forged, mistyped or of no order (GET order/follow, 404). */
export const FOLLOW_LINK_INVALID_MESSAGE = 'Ссылка недействительна.';
/** A follow link past its time (GET order/follow, 410). */
export const FOLLOW_LINK_EXPIRED_MESSAGE = 'Ссылка устарела: заказ можно посмотреть в ресторане.';
/** A follow link opens the order's status this long after the order was placed. */
export const FOLLOW_LINK_TTL_HOURS = 24;
/** The follow page asks for the status this often while it is visible. */
export const FOLLOW_POLL_MS = 10_000;

/**
 * The payment screen waits this long before asking «Вы ещё здесь?»: the guest is paying on their
 * own phone (unlock, bank app, confirm), not touching the kiosk (a departure from SPEC 9's 15 s,
 * docs/spec-deviations.md).
 */
export const KIOSK_PAYMENT_IDLE_MS = 90_000;
/** Accessibility mode gives a guest three times SPEC 9's idle times (issue 14). */
export const KIOSK_ACCESSIBLE_IDLE_FACTOR = 3;

export interface KioskIdleTimes {
  /** Without a touch this long, the idle overlay shows. */
  readonly idleMs: number;
  /** Then it counts down this many seconds and returns home. */
  readonly countdownS: number;
}

/**
 * SPEC 4 / 9: the overlay after 15 000 ms without a touch on any screen but Home, then a 10 s
 * countdown; the payment screen waits longer (the guest pays on their phone); accessibility mode
 * triples both. Home (where the next guest starts) idles only while a guest is present, that is
 * someone left something behind there (a cart, a table, a placed order, accessibility mode: a
 * guest who tapped the logo and walked away): it then counts as any other screen, so the next
 * guest does not inherit it (docs/spec-deviations.md). null: Home with no guest, never idles.
 */
export function kioskIdleTimes(
  screen: 'home' | 'payment' | 'other',
  accessible: boolean,
  guestPresent: boolean,
): KioskIdleTimes | null {
  if (screen === 'home' && !guestPresent) return null;
  const factor = accessible ? KIOSK_ACCESSIBLE_IDLE_FACTOR : 1;
  const idleMs = screen === 'payment' ? KIOSK_PAYMENT_IDLE_MS : KIOSK_IDLE_MS;
  return { idleMs: idleMs * factor, countdownS: KIOSK_IDLE_COUNTDOWN_S * factor };
}

/** SPEC 6: a kiosk takes no card, only SBP: the guest pays the QR with their own phone. */
export const KIOSK_PAY_METHOD: PayMethod = 'sbp';

/**
 * The staff code sheet closes by itself after this long without a touch inside it, the typed
 * digits gone: over a Home with no guest, which never idles, it would otherwise wait open for
 * whoever comes next.
 */
export const KIOSK_CODE_SHEET_IDLE_MS = 30_000;
