import * as z from 'zod/mini';
import { FEEDBACK_SENT } from '@chain/domain';
import { credentialFields, defineCall } from './call';
import {
  optionalWireCoordinate,
  optionalWireId,
  REQUIRED,
  sessionToken,
  successResponse,
  wireId,
  wireText,
} from './common';
import { JSON_TOO_DEEP_MESSAGE, parseJsonText } from './json';
import { userResponse } from './user';

// The account calls of SPEC 7: profile, account deletion, sign-out, saved addresses, feedback.
// Bodies come as JSON or form-urlencoded, so numbers may arrive as their digits in text and
// text fields as numbers; the schemas below accept both and answer in Russian when a field is
// wrong (the message of a 400 names the field: «Некорректное поле «address.house»: …»).

// ---------------------------------------------------------------------------------------------
// Profile (SPEC 3 User, SPEC 5 profile save, SPEC 7 user/update)

/**
 * POST /api/v1/user/update. `id` + `password` are the user id and session token. A field left
 * out keeps its value; an empty phone or e-mail removes it (one of the two must stay).
 * `passwordNew`, when not empty, rotates the session token (decision 009).
 */
export const userUpdateRequest = z.object({
  id: wireId,
  password: sessionToken,
  passwordNew: z.optional(z.nullable(z.string().check(z.maxLength(512, 'не длиннее 512 символов')))),
  name: z.optional(wireText(100)),
  phone: z.optional(wireText(40)),
  email: z.optional(wireText(254)),
  card: z.optional(wireText(50)),
  city: z.optional(wireText(100)),
  street: z.optional(wireText(200)),
  house: z.optional(wireText(20)),
  room: z.optional(wireText(20)),
});
export type UserUpdateRequest = z.output<typeof userUpdateRequest>;

/** The saved user, with the token to use from now on in `password`. */
export const userUpdateResponse = z.object({ success: z.literal(true), user: userResponse });

export const userUpdateCall = defineCall({
  name: 'userUpdate',
  method: 'POST',
  path: '/api/v1/user/update',
  tag: 'account',
  summary: 'Save the profile (SPEC 5 profile save, SPEC 7)',
  description:
    "Saves name, phone, e-mail, loyalty card and the home address fields. A field left out keeps its value. The phone is stored as 11 digits starting with 7, the e-mail lower-cased; an empty e-mail or phone removes it, but one of them must remain (the guest signs in with it). `passwordNew`: the app's password is the session token, so a non-empty passwordNew ends the current session and the answer carries a new random token in `user.password` (the value sent is never used as a token). Success answers `{ success: true, user }`; a refused save answers a 4xx error whose message the app shows (SPEC 5: «Неверный формат email», «Проверьте правильность ввода телефона.»).",
  auth: 'user',
  credentials: credentialFields('id', 'password'),
  body: userUpdateRequest,
  response: userUpdateResponse,
  errors: {
    unauthorized: 'the id and token do not make a live session (401)',
    email: 'the e-mail is not valid (400, «Неверный формат email»)',
    phone: 'the phone is not 11 digits (400, «Проверьте правильность ввода телефона.»)',
    contact_required: 'neither a phone nor an e-mail would remain (400)',
    phone_taken: 'another profile has this phone (409)',
    email_taken: 'another profile has this e-mail (409)',
    validation: 'a field has the wrong type or length (400)',
  },
});

export const dropAccountRequest = z.object({ id: wireId, password: sessionToken });

/** `user` is the signed-out user: the app treats an answer without a user as a failure (SPEC 5). */
export const dropAccountResponse = z.object({ success: z.literal(true), user: userResponse });

export const dropAccountCall = defineCall({
  name: 'userDropAccount',
  method: 'POST',
  path: '/api/v1/user/drop_account',
  tag: 'account',
  summary: 'Delete the account and its personal data (SPEC 5, SPEC 7)',
  description:
    "Deletes the personal data of the signed-in user: name, phone, e-mail, card and address fields, saved addresses, every session and pending sign-in codes; feedback keeps its restaurant, category and text but loses the name, phone and the link to the user. The user's number stays as an empty tombstone so the restaurant's books (orders) keep their reference (decision 009). Answers `{ success: true, user }` with the signed-out user (authorized false, id 0, empty fields).",
  auth: 'user',
  credentials: credentialFields('id', 'password'),
  body: dropAccountRequest,
  response: dropAccountResponse,
  errors: {
    unauthorized: 'the id and token do not make a live session (401)',
    validation: 'a field is missing or of the wrong type (400)',
  },
});

export const logoutRequest = z.object({ user_id: wireId, token: sessionToken });

export const logoutCall = defineCall({
  name: 'userLogout',
  method: 'POST',
  path: '/api/v1/user/logout',
  tag: 'account',
  summary: 'Sign out: end this session (not in SPEC 7; SPEC 4 logout)',
  description:
    "Ends the session of this token only; the user's other sessions (other phones) stay signed in. A second call with the same token answers 401. The SPEC has no sign-out call: without it a token copied from a device would stay valid after the guest signs out.",
  auth: 'user',
  credentials: credentialFields('user_id', 'token'),
  body: logoutRequest,
  response: successResponse,
  errors: {
    unauthorized: 'the id and token do not make a live session (401)',
    validation: 'a field is missing or of the wrong type (400)',
  },
});

// ---------------------------------------------------------------------------------------------
// Saved addresses (SPEC 3 Address, SPEC 7 user/address/*)

/** One level of an address as the geocoder names it: `name` bare (Ленина), `full` with its type (улица Ленина). */
export const addressPartInput = z.object({
  id: z.optional(wireText(100)),
  name: wireText(200),
  full: z.optional(wireText(300)),
});

const optionalAddressPart = z.pipe(
  z.transform((value: unknown) => (value === null || value === '' ? undefined : value)),
  z.optional(addressPartInput),
);

/**
 * The address the app saves (SPEC 3): region, city and street from the geocoder, the house, and
 * what the courier needs. `id` updates a saved address of the same user. The texts `full`,
 * `short` and `long` are composed by the server, so anything sent under those names is ignored.
 */
export const addressInput = z
  .object(
    {
      id: optionalWireId,
      region: optionalAddressPart,
      city: optionalAddressPart,
      street: z.object(
        {
          id: z.optional(wireText(100)),
          name: wireText(200).check(z.minLength(1, 'укажите улицу')),
          full: z.optional(wireText(300)),
        },
        { error: (issue) => (issue.input === undefined ? 'укажите улицу' : 'ожидается объект { id, name, full }') },
      ),
      house: wireText(20).check(z.minLength(1, 'укажите номер дома')),
      podjezd: z.optional(wireText(20)),
      domofon: z.optional(wireText(20)),
      etaz: z.optional(wireText(20)),
      room: z.optional(wireText(20)),
      comment: z.optional(wireText(500)),
      lat: optionalWireCoordinate(90, 'широта'),
      lon: optionalWireCoordinate(180, 'долгота'),
    },
    { error: (issue) => (issue.input === undefined ? REQUIRED : 'ожидается адрес: объект { street, house, … }') },
  )
  .check(
    z.refine((address) => (address.lat === undefined) === (address.lon === undefined), {
      message: 'широта и долгота указываются вместе',
      path: ['lat'],
    }),
  );
export type AddressInput = z.output<typeof addressInput>;

/**
 * The address may come as an object (JSON) or as its JSON text (a form field); the text is
 * measured for nesting before it is parsed (issue 11, point 9).
 */
const addressField = z.pipe(
  z.transform((value: unknown, context) => {
    if (typeof value !== 'string') return value;
    const parsed = parseJsonText(value);
    if (parsed.ok) return parsed.value;
    const message = parsed.reason === 'too_deep' ? JSON_TOO_DEEP_MESSAGE : 'ожидается адрес (объект или его JSON)';
    context.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  }),
  addressInput,
);

export const addressPart = z.object({ id: z.string(), name: z.string(), full: z.string() });

/**
 * A saved address (SPEC 3, saved form). `short`: street and house, for lists; `full`: region
 * (when not the city itself), city, street and house, for the geocoder and the order; `long`:
 * `full` and the entrance, intercom, floor and flat, what the courier reads (decision 009).
 */
export const savedAddress = z.object({
  id: z.int(),
  region: addressPart,
  city: addressPart,
  street: addressPart,
  house: z.string(),
  podjezd: z.string(),
  domofon: z.string(),
  etaz: z.string(),
  room: z.string(),
  comment: z.string(),
  full: z.string(),
  short: z.string(),
  long: z.string(),
  lat: z.nullable(z.number()),
  lon: z.nullable(z.number()),
});
export type SavedAddress = z.infer<typeof savedAddress>;

export const ADDRESS_NOT_FOUND_MESSAGE = 'Адрес не найден';

const addressErrors = {
  unauthorized: 'the user id and token do not make a live session (401)',
  not_found: "no address with this id among the user's own (404, «Адрес не найден»)",
  validation: 'a field is missing, of the wrong type or too long (400)',
};

export const addressSaveRequest = z.object({ address: addressField, user_id: wireId, user_token: sessionToken });
export const addressSaveResponse = z.object({ success: z.literal(true), result: z.object({ id: z.int() }) });

export const addressSaveCall = defineCall({
  name: 'userAddressSave',
  method: 'POST',
  path: '/api/v2/user/address/save',
  tag: 'account',
  summary: 'Save a delivery address (SPEC 7)',
  description:
    'Creates an address, or updates the one whose `address.id` is given when it belongs to the user. Street and house are required; coordinates go together (lat −90…90, lon −180…180). Answers `{ success: true, result: { id } }`.',
  auth: 'user',
  credentials: credentialFields('user_id', 'user_token'),
  body: addressSaveRequest,
  response: addressSaveResponse,
  errors: { ...addressErrors, too_many_addresses: 'the user already keeps the most addresses allowed (409)' },
});

export const addressListRequest = z.object({ id: optionalWireId, user_id: wireId, user_token: sessionToken });
export const addressListResponse = z.object({ success: z.literal(true), result: z.array(savedAddress) });

export const addressListCall = defineCall({
  name: 'userAddressList',
  method: 'POST',
  path: '/api/v2/user/address/list',
  tag: 'account',
  summary: "The user's saved addresses (SPEC 7)",
  description:
    "Without `id`: every saved address of the user, newest first. With `id`: that one address in the array, or 404 when it is not the user's.",
  auth: 'user',
  credentials: credentialFields('user_id', 'user_token'),
  body: addressListRequest,
  response: addressListResponse,
  errors: addressErrors,
});

export const addressDeleteRequest = z.object({ id: wireId, user_id: wireId, user_token: sessionToken });

export const addressDeleteCall = defineCall({
  name: 'userAddressDelete',
  method: 'POST',
  path: '/api/v2/user/address/delete',
  tag: 'account',
  summary: 'Delete a saved address (SPEC 7)',
  description:
    "Answers `{ success: true }`; another user's address and an unknown id both answer 404 «Адрес не найден».",
  auth: 'user',
  credentials: credentialFields('user_id', 'user_token'),
  body: addressDeleteRequest,
  response: successResponse,
  errors: addressErrors,
});

// ---------------------------------------------------------------------------------------------
// Feedback (SPEC 2 Feedback, SPEC 5, SPEC 7 feedback/add)

/** The longest `type` feedbackAdd keeps: the topic as «<category>: <item>». */
export const FEEDBACK_TYPE_MAX_LENGTH = 100;
/** The longest text a guest writes in the feedback form. */
export const FEEDBACK_TEXT_MAX_LENGTH = 2000;
/** The longest first line `Тема: <category> — <item>` put before the guest's text. */
export const FEEDBACK_TOPIC_LINE_MAX_LENGTH = 300;
/** The longest `message` feedbackAdd takes: the topic line, a blank line and the guest's text. */
export const FEEDBACK_MESSAGE_MAX_LENGTH = FEEDBACK_TOPIC_LINE_MAX_LENGTH + 2 + FEEDBACK_TEXT_MAX_LENGTH;

/**
 * POST /api/v1/feedback/add. Phone and message are checked by the SPEC 5 rule (a missing one
 * gets its message, not a field error). `restoran` is the restaurant the feedback is about
 * (none when absent or 0), `type` its category. `user_id` + `token` link a signed-in user.
 */
export const feedbackAddRequest = z.object({
  name: z.optional(wireText(100)),
  phone: z._default(wireText(40), ''),
  message: z._default(wireText(FEEDBACK_MESSAGE_MAX_LENGTH), ''),
  restoran: optionalWireId,
  type: z.optional(wireText(FEEDBACK_TYPE_MAX_LENGTH)),
  user_id: optionalWireId,
  token: z.optional(z.nullable(sessionToken)),
});

export const feedbackAddResponse = z.object({ success: z.literal(true), title: z.string(), message: z.string() });

/** The answer to sent feedback: SPEC 5's 'Спасибо' / 'Ваше сообщение успешно отправлено!'. */
export const FEEDBACK_ADDED = { success: true, title: FEEDBACK_SENT.title, message: FEEDBACK_SENT.message } as const;

export const feedbackAddCall = defineCall({
  name: 'feedbackAdd',
  method: 'POST',
  path: '/api/v1/feedback/add',
  tag: 'account',
  summary: 'Send feedback (SPEC 5, SPEC 7)',
  description:
    "Stores the message with its restaurant and category. Phone (11 digits) and message are required (SPEC 5: «Не заполнены поля Телефон или Сообщение!»). Limited to 10 messages per 10 minutes from one address. `type` takes up to 100 characters, `message` up to 2302. With a topic chosen from feedback/topics (decision 024) the app sends `type` = «<category name>: <item name>» cut to 100 characters (feedbackTopicType), `restoran` = the item's restoran when not null, and `message` = the line «Тема: <category name> — <item name>» (cut to 300 characters), a blank line, then the guest's text of at most 2000 characters (feedbackTopicMessage). Answers `{ success: true, title: «Спасибо», message: «Ваше сообщение успешно отправлено!» }`.",
  auth: 'optional-user',
  credentials: credentialFields('user_id', 'token'),
  body: feedbackAddRequest,
  response: feedbackAddResponse,
  errors: {
    feedback_incomplete: 'phone or message missing (400, «Не заполнены поля Телефон или Сообщение!»)',
    restaurant_not_found: 'no restaurant with this id (404)',
    unauthorized: 'user_id or token given, but they do not make a live session (401)',
    rate_limited: 'too many messages from this address (429)',
    validation: 'a field of the wrong type or too long (400)',
  },
});

// ---------------------------------------------------------------------------------------------
// Feedback topics (SPEC 5 «Обратная связь»: what the message is about)

/** The categories the server adds after the chain's own topics (their names, shown to the guest). */
export const FEEDBACK_TOPIC_CATEGORY_NAMES = {
  order: 'Мой заказ',
  dish: 'Блюдо из заказа',
  restaurant: 'Ресторан',
} as const;

/** The `type` feedbackAdd stores for a chosen topic: «<category>: <item>», cut to 100 characters. */
export function feedbackTopicType(categoryName: string, itemName: string): string {
  return `${categoryName}: ${itemName}`.slice(0, FEEDBACK_TYPE_MAX_LENGTH);
}

/**
 * The `message` feedbackAdd gets for a chosen topic: the first line `Тема: <category> — <item>`
 * (cut to 300 characters), a blank line, then the guest's text.
 */
export function feedbackTopicMessage(categoryName: string, itemName: string, text: string): string {
  const line = `Тема: ${categoryName} — ${itemName}`.slice(0, FEEDBACK_TOPIC_LINE_MAX_LENGTH);
  return `${line}\n\n${text}`;
}

export const feedbackTopicsRequest = z.object({
  user_id: optionalWireId,
  token: z.optional(z.nullable(sessionToken)),
});

export const feedbackTopicItem = z.object({
  id: z.string().check(z.describe("A stable id: 'topic:3', 'order:123', 'dish:45', 'restaurant:2'.")),
  name: z.string(),
  restoran: z
    .nullable(z.int())
    .check(z.describe('The restaurant the item is about: send it as feedbackAdd `restoran`; null for none.')),
});
export type FeedbackTopicItem = z.infer<typeof feedbackTopicItem>;

export const feedbackTopicCategory = z.object({
  id: z
    .string()
    .check(
      z.describe(
        "'category:1' for the chain's own topics; 'orders', 'dishes', 'restaurants' for the ones made of the guest's orders and the restaurants.",
      ),
    ),
  name: z.string(),
  items: z.array(feedbackTopicItem),
});
export type FeedbackTopicCategory = z.infer<typeof feedbackTopicCategory>;

export const feedbackTopicsResponse = z.object({
  success: z.literal(true),
  categories: z.array(feedbackTopicCategory),
});

export const feedbackTopicsCall = defineCall({
  name: 'feedbackTopics',
  method: 'POST',
  path: '/api/v1/feedback/topics',
  tag: 'account',
  summary: "What feedback may be about: the chain's topics, the guest's orders and dishes, the restaurants (SPEC 5)",
  description:
    "Answers `{ success: true, categories }`, each category `{ id, name, items: [{ id, name, restoran }] }`, in this order: the chain's own topics (kept in the database, e.g. «Качество блюд», «Обслуживание», «Доставка»); for a signed-in guest (user_id + token) «Мой заказ» — the guest's own last 10 orders, named «№ К-001 от 20.11.2026, 1250,00 ₽» (the date on the restaurant's clock, the sum as SPEC 9 writes money), restoran = the order's restaurant — and «Блюдо из заказа» — the distinct dishes of those orders; then «Ресторан» — the active restaurants. A category without items is left out. Without credentials only the chain's topics and the restaurants. The app sends the choice with feedbackAdd: `type` = «<category name>: <item name>» cut to 100 characters (feedbackTopicType), `restoran` = the item's restoran when not null, and `message` = the line «Тема: <category name> — <item name>», a blank line, then the guest's text (feedbackTopicMessage).",
  auth: 'optional-user',
  credentials: credentialFields('user_id', 'token'),
  body: feedbackTopicsRequest,
  response: feedbackTopicsResponse,
  errors: {
    unauthorized: 'user_id or token given, but they do not make a live session (401)',
    validation: 'a field of the wrong type or too long (400)',
  },
});
