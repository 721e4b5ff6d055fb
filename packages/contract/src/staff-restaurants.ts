import * as z from 'zod/mini';
import { CLOSED_TEXT_MAX_LENGTH, KIOSK_CODE_PATTERN, MENU_KINDS } from '@chain/domain';
import { rowVersion, STALE_VERSION_ERROR, staleVersionResponse } from './backoffice';
import {
  STAFF_PHOTO_ERRORS,
  STAFF_PHOTO_RULE,
  staffPhotoPath,
  staffPhotoUploadBody,
  staffPhotoUploadResponse,
} from './backoffice-photos';
import { defineCall } from './call';
import { kopecks, latitude, longitude, wireId } from './common';
import { MANAGER_ERRORS, STAFF_TEXTS } from './staff';

// Restaurants in the back office (issue 31, docs/back-office.md «Рестораны», decision 046): a
// manager of the whole chain creates and archives restaurants; a restaurant's manager edits their
// own — names, the address and its point, the time zone, the week's hours and holidays, order
// types and services, contacts, the photo guests see, «закрыть на время» and the kiosk staff code.

/** The words the restaurants area says (server and screen). */
export const RESTAURANT_MANAGE_TEXTS = {
  title: 'Рестораны',
  notFound: 'Ресторан не найден.',
  badTimeZone: 'Часовой пояс — название из базы IANA, например Europe/Moscow.',
  closedUntilPast: 'Время «закрыто до» уже прошло: укажите время позже текущего.',
  closedUntilTooFar: 'Закрыть на время можно не дольше чем на 30 дней. Надолго — снимите ресторан с показа.',
  holidayTwice: 'Эта дата уже есть среди особых дней.',
  archivedNotEditable: 'Ресторан в архиве. Верните его из архива, чтобы изменить.',
  noMenuKind: 'Выберите хотя бы одно меню.',
  kioskCodeSet: 'Код киоска задан.',
  kioskCodeRemoved: 'Код киоска удалён.',
} as const;

/** The longest «закрыть на время». */
export const CLOSED_FOR_MAX_DAYS = 30;
/** The most holidays a restaurant keeps. */
export const MAX_HOLIDAYS = 60;

const text = (max: number, min = 0) =>
  z.string({ error: (issue) => (issue.input === undefined ? 'обязательное поле' : 'ожидается текст') }).check(
    z.trim(),
    z.minLength(min, min > 0 ? 'заполните это поле' : 'слишком короткое'),
    z.maxLength(max, `не длиннее ${max} символов`),
    z.refine((value) => !/\p{Cc}/u.test(value), 'недопустимые символы'),
  );
const clock = z.string().check(z.regex(/^\d{1,2}:\d{2}$/, 'время — в виде ЧЧ:ММ, например 10:00'));
const smallCount = (max: number) =>
  z.int('ожидается целое число').check(z.minimum(0, 'не меньше 0'), z.maximum(max, `не больше ${max}`));
const money = kopecks.check(z.maximum(100_000_000, 'не больше 1 000 000 ₽'));

/** One open day of the week as the form types it: 'HH:MM' to 'HH:MM'; a closing time at or before the opening reaches past midnight (10:00–02:00, until 06:00). A day absent is a day off. */
export const manageHoursDay = z.object({
  day: z.int().check(z.minimum(1, 'день — от 1 (пн) до 7 (вс)'), z.maximum(7, 'день — от 1 (пн) до 7 (вс)')),
  from: clock,
  to: clock,
});

/** A date whose hours differ from its weekday's: closed (from and to null) or other hours. */
export const manageHoliday = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'дата — в виде ГГГГ-ММ-ДД')),
  from: z.nullable(clock),
  to: z.nullable(clock),
  note: text(100),
});

/** What a manager edits of a restaurant (create and save). Money in kopecks. */
export const manageRestaurantFields = z.object({
  name: text(120, 1),
  name_short: text(40, 1),
  address: text(300, 1),
  lat: latitude,
  lon: longitude,
  about: text(2000),
  phone: text(40),
  email: text(120),
  seating: smallCount(10_000),
  time_zone: text(64, 1),
  active: z.boolean(),
  delivery_rest: z.boolean().check(z.describe('takes orders at a table (inrest)')),
  delivery_self: z.boolean().check(z.describe('takes pickup orders')),
  delivery_courier: z.boolean().check(z.describe('delivers by courier (its zones are edited apart)')),
  delivery_days: smallCount(60),
  delivery_days_true: smallCount(60),
  sbp: z.boolean(),
  winecard: z.boolean(),
  menu_kinds: z.array(z.enum(MENU_KINDS)).check(z.maxLength(MENU_KINDS.length)),
  min_order_sum_inrest: money,
  min_order_sum_self: money,
  min_order_sum_shop_inrest: money,
  min_order_sum_shop_self: money,
  hours: z.array(manageHoursDay).check(z.maxLength(7, 'не больше семи дней')),
  holidays: z.array(manageHoliday).check(z.maxLength(MAX_HOLIDAYS, `не больше ${MAX_HOLIDAYS} особых дней`)),
  img: z.optional(
    staffPhotoPath(
      "The photo guests see (decision 052): '' removes it, a picture under /media/ sets it — an uploaded one as manageUploadRestaurantPhoto answered. Absent: the photo stays as it is (a form that does not know it cannot remove it).",
    ),
  ),
});
export type ManageRestaurantFields = z.infer<typeof manageRestaurantFields>;

/** A restaurant as the back office shows it. */
export const manageRestaurant = z.object({
  ...manageRestaurantFields.shape,
  img: z.string().check(z.describe("The photo guests see: '' for none, else a picture under /media/.")),
  id: z.int(),
  fs_uid: z.string(),
  version: z.int(),
  archived_at: z.nullable(z.string()),
  closed_until: z.nullable(
    z.string().check(z.describe('ISO instant; null: not closed for now. Past: open again (it reopens by itself).')),
  ),
  closed_text: z.string(),
  kiosk_code_set: z.boolean(),
  kiosks_connected: z.int(),
  /** Whether orders name it: then it can only be archived. */
  has_orders: z.boolean(),
});
export type ManageRestaurant = z.infer<typeof manageRestaurant>;

export const manageRestaurantListItem = z.object({
  id: z.int(),
  name: z.string(),
  address: z.string(),
  active: z.boolean(),
  archived_at: z.nullable(z.string()),
  closed_until: z.nullable(z.string()),
  closed_text: z.string(),
  version: z.int(),
});

const restaurantParams = z.object({ id: wireId });
const NOT_FOUND = { restaurant_not_found: `no such restaurant (404 «${RESTAURANT_MANAGE_TEXTS.notFound}»)` } as const;
const CHAIN_ONLY = {
  chain_manager_only: `not a manager of the whole chain (403 «${STAFF_TEXTS.chainManagerOnly}»)`,
} as const;
const VALIDATION = {
  validation:
    '400 naming the field in Russian: a field out of bounds, a time zone not of IANA, hours of a day typed twice or reaching past 06:00 of the next morning or opening before 06:00, a holiday twice, no menu, a photo that is not a picture under /media/ or an upload not kept («Фото: …»)',
} as const;

export const manageRestaurantsCall = defineCall({
  name: 'manageRestaurants',
  method: 'GET',
  path: '/api/staff/manage/restaurants',
  tag: 'back office',
  summary: 'The restaurants this manager runs (a chain manager: all, archived too), in the chain order',
  auth: 'staff',
  response: z.object({ restaurants: z.array(manageRestaurantListItem), may_create: z.boolean() }),
  errors: MANAGER_ERRORS,
});

export const manageRestaurantCall = defineCall({
  name: 'manageRestaurant',
  method: 'GET',
  path: '/api/staff/manage/restaurants/:id',
  tag: 'back office',
  summary: 'One restaurant with its hours, holidays, services, «closed for now» and kiosk state, at its version',
  auth: 'staff',
  params: restaurantParams,
  response: manageRestaurant,
  errors: { ...MANAGER_ERRORS, ...NOT_FOUND },
});

export const manageCreateRestaurantCall = defineCall({
  name: 'manageCreateRestaurant',
  method: 'POST',
  path: '/api/staff/manage/restaurants',
  tag: 'back office',
  summary: 'Creates a restaurant with its hours and holidays (managers of the whole chain); audited',
  description:
    'Guests see it at once when active (the catalogue version moves in the same transaction). Answers the new restaurant at version 1.',
  auth: 'staff',
  body: manageRestaurantFields,
  response: manageRestaurant,
  errors: { ...MANAGER_ERRORS, ...CHAIN_ONLY, ...VALIDATION },
});

export const manageSaveRestaurantCall = defineCall({
  name: 'manageSaveRestaurant',
  method: 'POST',
  path: '/api/staff/manage/restaurants/:id',
  tag: 'back office',
  summary: 'Saves a restaurant with its week of hours and holidays over the version it was based on; audited',
  description:
    "The hours and holidays are replaced by the ones sent and the restaurant's version bumps, in one transaction with the audit row. A save over a newer version is 409 with the current restaurant.",
  auth: 'staff',
  params: restaurantParams,
  body: z.object({ ...manageRestaurantFields.shape, version: rowVersion }),
  response: manageRestaurant,
  errors: {
    ...MANAGER_ERRORS,
    ...NOT_FOUND,
    ...VALIDATION,
    ...STALE_VERSION_ERROR,
    restaurant_archived: `the restaurant is archived (409 «${RESTAURANT_MANAGE_TEXTS.archivedNotEditable}»)`,
  },
});
export const manageSaveRestaurantStale = staleVersionResponse(manageRestaurant);

export const manageCloseRestaurantCall = defineCall({
  name: 'manageCloseRestaurant',
  method: 'POST',
  path: '/api/staff/manage/restaurants/:id/close',
  tag: 'back office',
  summary: '«Закрыть на время»: closed until a time, with the words guests read; null opens it now',
  description:
    'While closed, guests read the text (or «Закрыто до HH:MM») where the restaurant is shown and order/create refuses with it (409 closed_for_now). It opens again by itself once the time passes. Versioned and audited like a save.',
  auth: 'staff',
  params: restaurantParams,
  body: z.object({
    version: rowVersion,
    closed_until: z.nullable(z.iso.datetime({ offset: true, error: 'ожидается время ISO 8601' })),
    closed_text: text(CLOSED_TEXT_MAX_LENGTH),
  }),
  response: manageRestaurant,
  errors: {
    ...MANAGER_ERRORS,
    ...NOT_FOUND,
    ...STALE_VERSION_ERROR,
    validation: `the time has passed (400 «${RESTAURANT_MANAGE_TEXTS.closedUntilPast}») or is more than ${CLOSED_FOR_MAX_DAYS} days ahead`,
  },
});

export const manageArchiveRestaurantCall = defineCall({
  name: 'manageArchiveRestaurant',
  method: 'POST',
  path: '/api/staff/manage/restaurants/:id/archive',
  tag: 'back office',
  summary:
    'Archives a restaurant (hidden from guests, kept for orders and reports) or brings it back: managers of the whole chain',
  description:
    'A restaurant is never deleted. Archiving switches it off for guests; bringing it back leaves it off until a manager switches it on.',
  auth: 'staff',
  params: restaurantParams,
  body: z.object({ version: rowVersion, archived: z.boolean() }),
  response: manageRestaurant,
  errors: { ...MANAGER_ERRORS, ...CHAIN_ONLY, ...NOT_FOUND, ...STALE_VERSION_ERROR },
});

export const manageKioskCodeCall = defineCall({
  name: 'manageKioskCode',
  method: 'POST',
  path: '/api/staff/manage/restaurants/:id/kiosk',
  tag: 'back office',
  summary: "Sets or removes the restaurant's kiosk staff code, or ends its connected kiosks; audited",
  description:
    'code: 4 to 8 digits sets it (kept hashed), null removes it (no device enters or leaves kiosk mode by a code then); end_kiosks: every connected kiosk of the restaurant asks staff for the code again before its next guest (decision 038). The code is never answered back.',
  auth: 'staff',
  params: restaurantParams,
  body: z.object({
    code: z.optional(z.nullable(z.string().check(z.regex(KIOSK_CODE_PATTERN, 'код — от 4 до 8 цифр')))),
    end_kiosks: z.optional(z.boolean()),
  }),
  response: z.object({ kiosk_code_set: z.boolean(), kiosks_connected: z.int(), ended: z.int() }),
  errors: { ...MANAGER_ERRORS, ...NOT_FOUND, validation: 'a code that is not 4 to 8 digits (400)' },
});

export const manageUploadRestaurantPhotoCall = defineCall({
  name: 'manageUploadRestaurantPhoto',
  method: 'POST',
  path: '/api/staff/manage/restaurants/photos',
  tag: 'back office',
  summary:
    "Takes a restaurant's photo (a data URL of JPEG, PNG or GIF) and answers where the server's own copy of it is (managers)",
  description: `${STAFF_PHOTO_RULE} The restaurant shows it once its form is saved with \`img\` (versioned and audited, like every field); the dish photo upload takes the same path.`,
  auth: 'staff',
  body: staffPhotoUploadBody,
  response: staffPhotoUploadResponse,
  errors: { ...MANAGER_ERRORS, ...STAFF_PHOTO_ERRORS },
});

/** The back office's restaurant calls: each needs a staff session. */
export const RESTAURANT_MANAGE_CALLS = [
  manageRestaurantsCall,
  manageRestaurantCall,
  manageCreateRestaurantCall,
  manageSaveRestaurantCall,
  manageCloseRestaurantCall,
  manageArchiveRestaurantCall,
  manageKioskCodeCall,
  manageUploadRestaurantPhotoCall,
] as const;
