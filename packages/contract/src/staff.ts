import * as z from 'zod/mini';
import { BOARD_LIMITS } from '@chain/domain';
import { rowVersion, STALE_VERSION_ERROR } from './backoffice';
import { defineCall } from './call';
import { EVENT_STREAM_KEEP_ALIVE_MS, kopecks, MAX_WIRE_ID, wireId } from './common';
import { orderTypeSchema } from './menu';

// The restaurant's side (issue 17): staff accounts, the order board, the stop list, load,
// bookings, tables and guests' flags. Its own app under /staff (apps/web staff bundle), its own
// sessions: a staff token is `Authorization: Bearer {token}` on every call here, never a guest's.
// Every call answers `Cache-Control: no-store`. docs/staff.md tells the whole of it.

// ---------------------------------------------------------------------------------------------
// Roles, texts and limits

/** A manager runs one or more restaurants, or the whole chain; a kitchen account one restaurant. */
export const STAFF_ROLES = ['manager', 'kitchen'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_NAMES: Record<StaffRole, string> = { manager: 'Менеджер', kitchen: 'Кухня' };

/** Refusals of the staff calls, shown to staff as they are. */
export const STAFF_TEXTS = {
  wrongCredentials: 'Неверный логин или пароль.',
  wrongCode: 'Неверный код. Проверьте письмо и попробуйте ещё раз.',
  codeExpired: 'Код устарел. Войдите заново.',
  tooManyAttempts: 'Слишком много попыток. Попробуйте через 15 минут.',
  captchaRequired: 'Для этого логина было много неверных паролей. Введите код с картинки.',
  signInAgain: 'Войдите как сотрудник.',
  otherRestaurant: 'Нет доступа к этому ресторану.',
  managerOnly: 'Это может только менеджер.',
  chainManagerOnly: 'Это может только менеджер сети.',
  lockCodeRequired: 'Укажите код доступа для блюда.',
  guestQuery: 'Введите телефон (10 или 11 цифр) или e-mail гостя.',
  bookingNotFound: 'Бронь не найдена.',
  dishNotFound: 'Блюдо не найдено.',
  guestNotFound: 'Гость не найден.',
  tooManyBoardStreams: 'Слишком много открытых досок заказов. Закройте лишние вкладки.',
  tooManyRestaurantBoardStreams:
    'Доска заказов этого ресторана открыта на слишком многих экранах. Закройте лишние вкладки.',
} as const;

/** A staff session lives this long from sign-in (a kitchen shift), then staff sign in again. */
export const STAFF_SESSION_HOURS = 14;
/** The e-mailed code: 6 digits, valid 10 minutes, 5 tries. */
export const STAFF_CODE_LENGTH = 6;
export const STAFF_CODE_MINUTES = 10;
export const STAFF_CODE_ATTEMPTS = 5;
export const STAFF_LOGIN_MAX_LENGTH = 64;
export const STAFF_PASSWORD_MIN_LENGTH = 10;
export const STAFF_PASSWORD_MAX_LENGTH = 200;
export const STOP_REASON_MAX_LENGTH = 200;
/** Audit log entries per page. */
export const STAFF_AUDIT_PAGE_SIZE = 50;
export const LOCK_CODE_MAX_LENGTH = 32;

/** An id in a JSON body: a positive whole number no bigger than any id the database holds. */
const bodyId = z.int().check(z.minimum(1, 'ожидается номер больше нуля'), z.maximum(MAX_WIRE_ID, 'такого номера нет'));

const text = (max: number, describe: string) =>
  z.string().check(z.maxLength(max, `не длиннее ${max} символов`), z.describe(describe));

// ---------------------------------------------------------------------------------------------
// Sign-in: login and password, then a code e-mailed to the account's address

/**
 * Sign-in throttles (issue 30.3, decision 039). The guesser is throttled, not the account's
 * owner: a device that has signed in as a login before (its `device` token) counts only its own
 * wrong passwords; any other client counts against its address and, past the login's allowance of
 * wrong passwords, must read a captcha for each try.
 */
export const STAFF_SIGN_IN_WINDOW_MINUTES = 15;
/** Wrong passwords a login takes from clients without its device token before each try needs a captcha. */
export const STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA = 5;
/** Sign-in tries per client address (without a device token). */
export const STAFF_SIGN_IN_TRIES_PER_ADDRESS = 20;
/** Wrong passwords one trusted device may send for its login before it counts as any other client. */
export const STAFF_DEVICE_WRONG_PASSWORDS = 5;
/** A device token trusts its device this long from the sign-in that gave it; each sign-in gives a new one. */
export const STAFF_DEVICE_DAYS = 90;
/**
 * The e-mailed code is not sent again while the last one, unused, is younger than this; each
 * unused code of the last hour doubles the wait (1, 2, 4, 8 minutes), up to the code's lifetime.
 */
export const STAFF_CODE_RESEND_SECONDS = 60;

/** The refusal of a sign-in while the last code, spent on wrong tries, still stands. */
export function staffCodeWaitText(minutes: number): string {
  return `Код уже отправлен, и его попытки исчерпаны. Новый код можно получить через ${minutes} мин.`;
}

/** A staff sign-in captcha's id: 32 hex digits the client draws at random and names the image by. */
export const STAFF_CAPTCHA_ID = /^[0-9a-f]{32}$/;

export const staffSignInRequest = z.object({
  login: z
    .string()
    .check(
      z.minLength(1, 'обязательное поле'),
      z.maxLength(STAFF_LOGIN_MAX_LENGTH, `не длиннее ${STAFF_LOGIN_MAX_LENGTH} символов`),
    ),
  password: z
    .string()
    .check(
      z.minLength(1, 'обязательное поле'),
      z.maxLength(STAFF_PASSWORD_MAX_LENGTH, `не длиннее ${STAFF_PASSWORD_MAX_LENGTH} символов`),
    ),
  device: z.optional(
    z
      .string()
      .check(
        z.maxLength(300, 'не длиннее 300 символов'),
        z.describe(
          'The device token the last sign-in of this login on this device answered (staffVerify `device`), if any.',
        ),
      ),
  ),
  captcha_id: z.optional(
    z
      .string()
      .check(
        z.regex(STAFF_CAPTCHA_ID, '32 шестнадцатеричные цифры'),
        z.describe('The id of the captcha image read (GET /api/staff/captcha/{id}).'),
      ),
  ),
  captcha: z.optional(
    z.string().check(z.maxLength(32, 'не длиннее 32 символов'), z.describe('The digits read from that image.')),
  ),
});
export const staffSignInResponse = z.object({
  challenge: z.string().check(z.describe('Names this sign-in for staffVerify; opaque.')),
  email_hint: z.string().check(z.describe('Where the code went, masked: «m***@example.ru».')),
  sent_at: z.string().check(z.describe('When the code was e-mailed (ISO 8601).')),
  new_code: z
    .boolean()
    .check(
      z.describe(
        `false: the code e-mailed at sent_at still stands and no new mail went out (a sign-in again within ${STAFF_CODE_RESEND_SECONDS} s and more, decision 039).`,
      ),
    ),
});

export const staffSignInCall = defineCall({
  name: 'staffSignIn',
  method: 'POST',
  path: '/api/staff/sign-in',
  tag: 'staff',
  summary: 'Staff sign-in, first step: login and password; a 6-digit code is e-mailed (issue 17)',
  description: `A device that signed in as this login before sends its \`device\` token and counts only its own wrong passwords (${STAFF_DEVICE_WRONG_PASSWORDS} in ${STAFF_SIGN_IN_WINDOW_MINUTES} minutes, then it counts as any other client). Any other client: ${STAFF_SIGN_IN_TRIES_PER_ADDRESS} tries per address in ${STAFF_SIGN_IN_WINDOW_MINUTES} minutes, and once the login has had ${STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA} wrong passwords in that time, each try needs a captcha (\`captcha_id\` and \`captcha\`, the image GET /api/staff/captcha/{id}). A right password within the resend wait answers the same challenge and sends no mail (\`new_code: false\`).`,
  auth: 'public',
  personal: true,
  body: staffSignInRequest,
  response: staffSignInResponse,
  errors: {
    wrong_credentials: `no such login, or the password is wrong, or the account is off (401 «${STAFF_TEXTS.wrongCredentials}»)`,
    too_many_attempts: `${STAFF_SIGN_IN_TRIES_PER_ADDRESS} tries from an address in ${STAFF_SIGN_IN_WINDOW_MINUTES} minutes, without a device token (429 «${STAFF_TEXTS.tooManyAttempts}»)`,
    captcha_required: `the login has had ${STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA} wrong passwords in ${STAFF_SIGN_IN_WINDOW_MINUTES} minutes and this client has no device token for it: read a captcha (400 «${STAFF_TEXTS.captchaRequired}»)`,
    captcha: 'the captcha answer is wrong or its image expired or was used (400; a new image is needed)',
    captcha_empty: 'captcha_id without an answer (400)',
    code_wait:
      'the last code, unused, has had its tries and the resend wait is not over (429 with Retry-After, the text names the minutes)',
  },
});

export const staffCaptchaCall = defineCall({
  name: 'staffCaptcha',
  method: 'GET',
  path: '/api/staff/captcha/:id',
  tag: 'staff',
  summary: "A captcha image (PNG) for a staff sign-in the login's wrong passwords put behind one",
  description:
    "The client draws the id (32 hex digits) at random and sends it back as `captcha_id` with the digits read. The same picture and rules as the guests' captcha (GET /captcha/{contact}): single use, 5 minutes, only the latest image of an id counts, answered `Cache-Control: no-store`.",
  auth: 'public',
  params: z.object({ id: z.string().check(z.regex(STAFF_CAPTCHA_ID, '32 шестнадцатеричные цифры')) }),
  response: z.string(),
});

export const staffVerifyRequest = z.object({
  challenge: z.string().check(z.minLength(1, 'обязательное поле'), z.maxLength(200, 'не длиннее 200 символов')),
  code: z.string().check(z.regex(/^\d{6}$/, 'шесть цифр')),
});

export const staffRestaurant = z.object({ id: z.int(), name: z.string() });

/** Who is signed in, and where they may act. */
export const staffMe = z.object({
  id: z.int(),
  login: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** true: a manager of the whole chain (every restaurant, present and future). */
  chain: z.boolean(),
  restaurants: z.array(staffRestaurant),
});
export type StaffMe = z.infer<typeof staffMe>;

export const staffVerifyResponse = z.object({
  token: z.string(),
  staff: staffMe,
  device: z
    .string()
    .check(
      z.describe(
        `This device's token for this login, valid ${STAFF_DEVICE_DAYS} days: kept on the device and sent as \`device\` with the login's next sign-ins, so a stranger's wrong passwords never put it behind a captcha.`,
      ),
    ),
});

export const staffVerifyCall = defineCall({
  name: 'staffVerify',
  method: 'POST',
  path: '/api/staff/verify',
  tag: 'staff',
  summary: 'Staff sign-in, second step: the e-mailed code; answers the staff session token',
  auth: 'public',
  personal: true,
  body: staffVerifyRequest,
  response: staffVerifyResponse,
  errors: {
    wrong_code: `the code does not match (401 «${STAFF_TEXTS.wrongCode}»)`,
    code_expired: `the challenge is older than ${STAFF_CODE_MINUTES} minutes, used, or tried ${STAFF_CODE_ATTEMPTS} times (401 «${STAFF_TEXTS.codeExpired}»)`,
  },
});

export const STAFF_ERRORS = {
  staff_unauthorized: `no live staff session in Authorization: Bearer (401 «${STAFF_TEXTS.signInAgain}»); a guest's token is never one`,
} as const;
export const RESTAURANT_ERRORS = {
  ...STAFF_ERRORS,
  other_restaurant: `the account may not act on this restaurant (403 «${STAFF_TEXTS.otherRestaurant}»)`,
} as const;
export const MANAGER_ERRORS = {
  ...RESTAURANT_ERRORS,
  manager_only: `a kitchen account (403 «${STAFF_TEXTS.managerOnly}»)`,
} as const;

export const staffMeCall = defineCall({
  name: 'staffMe',
  method: 'GET',
  path: '/api/staff/me',
  tag: 'staff',
  summary: 'The signed-in staff member and their restaurants',
  auth: 'staff',
  response: staffMe,
  errors: STAFF_ERRORS,
});

export const staffSignOutCall = defineCall({
  name: 'staffSignOut',
  method: 'POST',
  path: '/api/staff/sign-out',
  tag: 'staff',
  summary: 'Ends this staff session',
  auth: 'staff',
  response: z.object({ ok: z.literal(true) }),
  errors: STAFF_ERRORS,
});

// ---------------------------------------------------------------------------------------------
// The order board

const restaurantParams = z.object({ id: wireId });

export const staffOrderLine = z.object({
  name: z.string(),
  cnt: z.int(),
  /** The chosen options, as the kitchen reads them: «Соус сырный ×2». */
  options: z.array(z.string()),
});

/** An order as the kitchen, the hall and the courier need it. */
export const staffOrder = z.object({
  id: z.int(),
  znumber: z.string(),
  type: orderTypeSchema,
  status: z.int(),
  status_text: z.string(),
  paid: z.boolean(),
  /** Placed (ISO 8601). */
  created_at: z.string(),
  /** The time the guest chose (pre-order, pickup or delivery time; ISO 8601), or null: as soon as ready. */
  due_at: z.nullable(z.string()),
  /** The moves staff may make now, in the order of the buttons: the first is the next step. */
  next: z.array(z.int()),
  sum: kopecks,
  /** Table number ('' when none yet: a pre-order names its number on arrival). */
  table: z.string(),
  kiosk: z.boolean(),
  guest_name: z.string(),
  /** The guest's phone for the courier and the hall ('' for a kiosk). */
  guest_phone: z.string(),
  /** Delivery: the address as the courier reads it, with entrance, floor, flat and intercom. */
  address: z.string(),
  comment: z.string(),
  lines: z.array(staffOrderLine),
  cutlery: z.array(z.object({ name: z.string(), cnt: z.int() })),
});
export type StaffOrder = z.infer<typeof staffOrder>;

export const staffBoardResponse = z.object({
  restaurant: staffRestaurant,
  /** The restaurant's IANA time zone: a card's chosen time is read on its clock, with its calendar day when not today's (issue 30). */
  time_zone: z.string(),
  /**
   * Newest first: every paid unfinished order (the kitchen's work, up to BOARD_LIMITS.kitchen),
   * paid orders finished in the last 2 hours (the newest BOARD_LIMITS.finished), unpaid orders
   * awaiting payment placed in the last 3 hours or cancelled in the last 2 (the newest
   * BOARD_LIMITS.unpaid): unpaid orders never push paid ones off (issue 30).
   */
  orders: z.array(staffOrder),
});
export type StaffBoard = z.infer<typeof staffBoardResponse>;

export const staffBoardCall = defineCall({
  name: 'staffBoard',
  method: 'GET',
  path: '/api/staff/restaurants/:id/orders',
  tag: 'staff',
  summary: 'The order board of a restaurant',
  description: `Newest first, in three parts each bounded on its own (packages/domain BOARD_LIMITS): every paid unfinished order, the kitchen's work, up to ${BOARD_LIMITS.kitchen} (bounded by money; past it the newest, and the server logs a warning); paid orders finished in the last 2 hours, the newest ${BOARD_LIMITS.finished}; unpaid ones, awaiting payment and placed in the last 3 hours or cancelled in the last 2, the newest ${BOARD_LIMITS.unpaid}. However many unpaid orders anyone places, no paid order leaves the board (issue 30). The live stream (staffBoardEvents) brings orders as they change; a client keeps its board within the same limits (withinBoardLimits).`,
  auth: 'staff',
  params: restaurantParams,
  response: staffBoardResponse,
  errors: RESTAURANT_ERRORS,
});

/** The board stream's keep-alive comment, as every live stream's. */
export const STAFF_EVENTS_KEEP_ALIVE_MS = EVENT_STREAM_KEEP_ALIVE_MS;

/**
 * Board streams an instance holds at most per staff session, per account (its sessions
 * together) and per restaurant (issue 30.4): a tablet shows one board, a manager a few tabs, and a
 * stream cut off without a goodbye lingers until its idle limit (50 s) — so room for that, and
 * still one session, account or restaurant cannot take the instance's 500.
 */
export const BOARD_STREAMS_PER_SESSION = 8;
export const BOARD_STREAMS_PER_STAFF = 20;
export const BOARD_STREAMS_PER_RESTAURANT = 40;

export const staffBoardEventsCall = defineCall({
  name: 'staffBoardEvents',
  method: 'GET',
  path: '/api/staff/restaurants/:id/orders/events',
  tag: 'staff',
  summary: 'The order board as it changes: Server-Sent Events',
  description:
    'A `text/event-stream` (read with fetch(): the Bearer header). An event `order` whose `data` is a staffOrder each time an order of the restaurant is created, paid or moved, on any instance (PostgreSQL LISTEN/NOTIFY); the comment `: keep-alive` every 25 s. After a reconnect a client reloads the board once, so nothing is missed.',
  auth: 'staff',
  produces: 'text/event-stream',
  params: restaurantParams,
  response: staffOrder,
  errors: {
    ...RESTAURANT_ERRORS,
    too_many_streams: `the session holds ${BOARD_STREAMS_PER_SESSION} board streams on this instance, or the account ${BOARD_STREAMS_PER_STAFF} (429 «${STAFF_TEXTS.tooManyBoardStreams}»)`,
    too_many_restaurant_streams: `the restaurant's board has ${BOARD_STREAMS_PER_RESTAURANT} streams open on this instance (429 «${STAFF_TEXTS.tooManyRestaurantBoardStreams}»)`,
  },
});

export const staffMoveOrderCall = defineCall({
  name: 'staffMoveOrder',
  method: 'POST',
  path: '/api/staff/orders/:id/status',
  tag: 'staff',
  summary: "Moves an order through the status machine (moveOrderStatus); the guest's screen follows live",
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.object({ to: z.int().check(z.minimum(0, 'ожидается статус'), z.maximum(999, 'ожидается статус')) }),
  response: staffOrder,
  errors: {
    ...STAFF_ERRORS,
    order_not_found:
      'no such order, or an order of a restaurant the account may not act on: the same 404 «Заказ не найден.», so ids tell nothing of other restaurants (issue 30)',
    illegal_status_move: 'the move is not allowed from the current status (409, the text names both)',
  },
});

// ---------------------------------------------------------------------------------------------
// Stop list, options and lock codes

export const staffMenuDish = z.object({
  id: z.int(),
  name: z.string(),
  price: kopecks,
  stopped: z.boolean(),
  reason: z.string(),
  is_locked: z.boolean(),
  /** Shown to managers of the whole chain only ('' for anyone else). */
  lock_code: z.string(),
  /** The dish's version (decision 043): the lock call is saved over it. */
  version: z.int(),
  options: z.array(z.object({ id: z.int(), name: z.string(), stopped: z.boolean() })),
});
export const staffMenuResponse = z.object({
  restaurant: staffRestaurant,
  /**
   * What the restaurant's guests can be offered, by category in menu order: active dishes the
   * restaurant carries, of categories shown to guests (decision 054).
   */
  categories: z.array(z.object({ id: z.int(), name: z.string(), dishes: z.array(staffMenuDish) })),
  /**
   * The restaurant's menus' categories hidden from guests (with active dishes), by name: their
   * dishes are left out of the list, as no guest can order them; a stop set on one stays and
   * holds again when the category is shown.
   */
  hidden_categories: z.array(z.string()),
});
export type StaffMenu = z.infer<typeof staffMenuResponse>;

export const staffMenuCall = defineCall({
  name: 'staffMenu',
  method: 'GET',
  path: '/api/staff/restaurants/:id/menu',
  tag: 'staff',
  summary: "The restaurant's menu with its stop list: the dishes its guests can be offered",
  auth: 'staff',
  params: restaurantParams,
  response: staffMenuResponse,
  errors: RESTAURANT_ERRORS,
});

export const staffStopRequest = z.object({
  dish_id: bodyId,
  /** An option of the dish instead of the whole dish. */
  option_id: z.optional(z.nullable(bodyId)),
  stopped: z.boolean(),
  reason: z.optional(text(STOP_REASON_MAX_LENGTH, 'Why, for the staff (never shown to guests).')),
});

export const staffStopCall = defineCall({
  name: 'staffStop',
  method: 'POST',
  path: '/api/staff/restaurants/:id/stop-list',
  tag: 'staff',
  summary: "Puts a dish or an option on the restaurant's stop list or takes it off; guests' menus follow within 2 s",
  auth: 'staff',
  params: restaurantParams,
  body: staffStopRequest,
  response: staffMenuDish,
  errors: {
    ...RESTAURANT_ERRORS,
    dish_not_found: `no such dish or option in this restaurant's menu (404 «${STAFF_TEXTS.dishNotFound}»)`,
  },
});

export const staffLockCall = defineCall({
  name: 'staffLock',
  method: 'POST',
  path: '/api/staff/restaurants/:id/dishes/:dish/lock',
  tag: 'staff',
  summary: 'Sets or removes the lock code of a dish (SPEC 3 lockCode): managers of the whole chain only',
  description:
    "A lock code is a dish property of the whole chain, so only a manager of the whole chain sets it; it changes it for every restaurant that serves the dish. Saved over the dish's version (decision 043): a dish changed since (its lock code, or the back office's dish form) answers 409 stale_version with the dish as it is now.",
  auth: 'staff',
  params: z.object({ id: wireId, dish: wireId }),
  body: z.object({
    version: rowVersion,
    locked: z.boolean(),
    code: z.optional(
      z
        .string()
        .check(
          z.maxLength(LOCK_CODE_MAX_LENGTH, `не длиннее ${LOCK_CODE_MAX_LENGTH} символов`),
          z.regex(/^[0-9A-Za-z-]*$/, 'цифры, латинские буквы и «-»'),
        ),
    ),
  }),
  response: staffMenuDish,
  errors: {
    ...STAFF_ERRORS,
    chain_manager_only: `not a manager of the whole chain (403 «${STAFF_TEXTS.chainManagerOnly}»)`,
    dish_not_found: `no such dish (404 «${STAFF_TEXTS.dishNotFound}»)`,
    validation: `locked without a code (400 «${STAFF_TEXTS.lockCodeRequired}»)`,
    ...STALE_VERSION_ERROR,
  },
});

// ---------------------------------------------------------------------------------------------
// Load

export const staffLoad = z.object({
  /** What the load screens show now: the staff's figure while one is set, else the computed one. */
  load_percent: z.int(),
  avg_minutes: z.int(),
  /** The staff's figures, or null: computed from orders (decision 014). */
  manual: z.nullable(z.object({ load_percent: z.int(), avg_minutes: z.int(), until: z.string(), set_by: z.string() })),
});
export type StaffLoad = z.infer<typeof staffLoad>;

export const staffLoadCall = defineCall({
  name: 'staffLoad',
  method: 'GET',
  path: '/api/staff/restaurants/:id/load',
  tag: 'staff',
  summary: "The restaurant's load and average time as guests see them",
  auth: 'staff',
  params: restaurantParams,
  response: staffLoad,
  errors: RESTAURANT_ERRORS,
});

export const staffSetLoadCall = defineCall({
  name: 'staffSetLoad',
  method: 'POST',
  path: '/api/staff/restaurants/:id/load',
  tag: 'staff',
  summary:
    'Sets the load level and average time the load screens and the cook time show (for up to 12 hours), or clears them',
  auth: 'staff',
  params: restaurantParams,
  body: z.object({
    /** null clears: the load is computed again. */
    load_percent: z.nullable(z.int().check(z.minimum(0, 'от 0'), z.maximum(100, 'до 100'))),
    avg_minutes: z.optional(z.int().check(z.minimum(1, 'от 1'), z.maximum(240, 'до 240'))),
    /** How long the figures hold; default 4 h. */
    hours: z.optional(z.int().check(z.minimum(1, 'от 1'), z.maximum(12, 'до 12'))),
  }),
  response: staffLoad,
  errors: RESTAURANT_ERRORS,
});

// ---------------------------------------------------------------------------------------------
// Bookings and tables

export const STAFF_BOOKING_STATUSES = ['new', 'active', 'ended', 'cancelled'] as const;

export const staffBooking = z.object({
  id: z.int(),
  booking_num: z.string(),
  status: z.enum(STAFF_BOOKING_STATUSES),
  timefrom: z.string(),
  timeto: z.string(),
  persons: z.int(),
  guest_name: z.string(),
  guest_phone: z.string(),
  comment: z.string(),
  min_sum: kopecks,
  /** The moves staff may make: new → active or cancelled, active → ended. */
  next: z.array(z.enum(STAFF_BOOKING_STATUSES)),
});
export type StaffBooking = z.infer<typeof staffBooking>;

export const staffBookingsResponse = z.object({
  restaurant: staffRestaurant,
  /** The restaurant's IANA time zone: its clock names each booking's calendar day and times. */
  time_zone: z.string(),
  /** The board's span (ISO 8601): the current business day and the next, 06:00 to 06:00 two days on (issue 30). */
  from: z.string(),
  to: z.string(),
  tables: z.array(z.object({ id: z.int(), num: z.string(), seats: z.int(), bookings: z.array(staffBooking) })),
});
export type StaffBookings = z.infer<typeof staffBookingsResponse>;

export const staffBookingsCall = defineCall({
  name: 'staffBookings',
  method: 'GET',
  path: '/api/staff/restaurants/:id/bookings',
  tag: 'staff',
  summary: 'The bookings of the current and the next business day by table',
  auth: 'staff',
  params: restaurantParams,
  response: staffBookingsResponse,
  errors: RESTAURANT_ERRORS,
});

export const staffMoveBookingCall = defineCall({
  name: 'staffMoveBooking',
  method: 'POST',
  path: '/api/staff/bookings/:id/status',
  tag: 'staff',
  summary: 'Moves a booking: new → active (the guest came) or cancelled, active → ended',
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.object({ to: z.enum(STAFF_BOOKING_STATUSES) }),
  response: staffBooking,
  errors: {
    ...STAFF_ERRORS,
    booking_not_found: `no such booking, or a booking of a restaurant the account may not act on: the same 404 «${STAFF_TEXTS.bookingNotFound}» (issue 30)`,
    illegal_booking_move: 'the move is not allowed from the current status (409)',
  },
});

export const staffTablesResponse = z.object({
  restaurant: staffRestaurant,
  tables: z.array(
    z.object({
      id: z.int(),
      num: z.string(),
      seats: z.int(),
      /** The code typed under the QR (SPEC 2 Restaurant option), e.g. T-JQBB-01. */
      code: z.string(),
      /** What the QR holds: the guest app's address with `?table={code}`. */
      link: z.string(),
    }),
  ),
});
export type StaffTables = z.infer<typeof staffTablesResponse>;

export const staffTablesCall = defineCall({
  name: 'staffTables',
  method: 'GET',
  path: '/api/staff/restaurants/:id/tables',
  tag: 'staff',
  summary: "The restaurant's tables with their codes and QR links, for the printable page",
  auth: 'staff',
  params: restaurantParams,
  response: staffTablesResponse,
  errors: RESTAURANT_ERRORS,
});

// ---------------------------------------------------------------------------------------------
// Guests' flags (managers)

export const staffGuest = z.object({
  id: z.int(),
  name: z.string(),
  /** Masked but for the last 4 digits: +7 *** ***-45-67. */
  phone: z.string(),
  email: z.string(),
  booking: z.boolean(),
  stoplist: z.boolean(),
});
export type StaffGuest = z.infer<typeof staffGuest>;

export const staffGuestsCall = defineCall({
  name: 'staffGuests',
  method: 'POST',
  path: '/api/staff/guests/search',
  tag: 'staff',
  summary: 'Finds guests by phone (10 or 11 digits) or e-mail, exactly: managers only',
  auth: 'staff',
  body: z.object({
    query: z.string().check(z.minLength(3, 'не короче 3 символов'), z.maxLength(100, 'не длиннее 100 символов')),
  }),
  response: z.object({ guests: z.array(staffGuest) }),
  errors: { ...STAFF_ERRORS, manager_only: `a kitchen account (403 «${STAFF_TEXTS.managerOnly}»)` },
});

export const staffGuestFlagsCall = defineCall({
  name: 'staffGuestFlags',
  method: 'POST',
  path: '/api/staff/guests/:id/flags',
  tag: 'staff',
  summary: "Turns a guest's booking and stop-list flags on or off: managers only",
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.object({ booking: z.optional(z.boolean()), stoplist: z.optional(z.boolean()) }),
  response: staffGuest,
  errors: {
    ...STAFF_ERRORS,
    manager_only: `a kitchen account (403 «${STAFF_TEXTS.managerOnly}»)`,
    guest_not_found: `no such guest (404 «${STAFF_TEXTS.guestNotFound}»)`,
  },
});

// ---------------------------------------------------------------------------------------------
// The audit log

export const staffAuditEntry = z.object({
  id: z.int(),
  at: z.string(),
  staff: z.object({ id: z.int(), login: z.string(), name: z.string() }),
  /** e.g. 'order.status', 'stop_list.dish', 'stop_list.option', 'dish.lock', 'load.set', 'booking.status', 'guest.flags', 'staff.sign_in'. */
  action: z.string(),
  restaurant_id: z.nullable(z.int()),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntry>;

export const staffAuditCall = defineCall({
  name: 'staffAudit',
  method: 'POST',
  path: '/api/staff/audit',
  tag: 'staff',
  summary: 'The audit log, newest first, 50 a page: managers only, of their restaurants (chain managers: all)',
  auth: 'staff',
  body: z.object({ restaurant_id: z.optional(z.nullable(bodyId)), before_id: z.optional(z.nullable(bodyId)) }),
  response: z.object({ entries: z.array(staffAuditEntry) }),
  errors: MANAGER_ERRORS,
});

/** Every staff call that needs a staff session: the tests refuse a guest token on each. */
export const STAFF_SESSION_CALLS = [
  staffMeCall,
  staffSignOutCall,
  staffBoardCall,
  staffBoardEventsCall,
  staffMoveOrderCall,
  staffMenuCall,
  staffStopCall,
  staffLockCall,
  staffLoadCall,
  staffSetLoadCall,
  staffBookingsCall,
  staffMoveBookingCall,
  staffTablesCall,
  staffGuestsCall,
  staffGuestFlagsCall,
  staffAuditCall,
] as const;
