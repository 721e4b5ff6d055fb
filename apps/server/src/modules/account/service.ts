import type { Kysely, Updateable } from 'kysely';
import {
  ADDRESS_NOT_FOUND_MESSAGE,
  FEEDBACK_TOPIC_CATEGORY_NAMES,
  type AddressInput,
  type FeedbackTopicCategory,
  type SavedAddress,
  type User,
  type UserUpdateRequest,
} from '@chain/contract';
import {
  FEEDBACK_INCOMPLETE,
  formatMoney,
  formatShortDate,
  PHONE_MESSAGE,
  phoneDigits,
  validateFeedback,
  validateProfileEmail,
  wallClockAt,
} from '@chain/domain';
import type { Database, UsersTable } from '../../db/types';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { openSession, revokeSession, toUserResponse, type UserRow } from '../auth';
import {
  contactTaken,
  countAddresses,
  deleteAddress,
  eraseUserData,
  findActiveRestaurantNames,
  findActiveTopics,
  findAddresses,
  findOrderDishes,
  findRecentUserOrders,
  insertAddress,
  insertFeedback,
  restaurantExists,
  sessionPushToken,
  uniqueViolation,
  updateAddress,
  updateUser,
  type AddressRow,
  type AddressValues,
  type TopicOrderRow,
} from './repository';

export const PHONE_TAKEN_MESSAGE = 'Этот телефон уже привязан к другому профилю.';
export const EMAIL_TAKEN_MESSAGE = 'Этот email уже привязан к другому профилю.';
export const CONTACT_REQUIRED_MESSAGE = 'Укажите телефон или email: по ним выполняется вход.';
export const RESTAURANT_NOT_FOUND_MESSAGE = 'Ресторан не найден.';
export const TOO_MANY_ADDRESSES_MESSAGE = 'Сохранено слишком много адресов. Удалите ненужные и попробуйте снова.';

/** How many addresses one user may keep: enough for any guest, a bound for a script. */
export const MAX_ADDRESSES_PER_USER = 50;

// ---------------------------------------------------------------------------------------------
// Profile

/**
 * Saves the profile of SPEC 5 (e-mail checked by the profile rule, phone by the SPEC 5 phone
 * rule, both normalised). A non-empty `passwordNew` rotates the session token (decision 009):
 * the current session ends and the answer carries a new random token.
 */
export async function updateProfile(
  db: Kysely<Database>,
  user: UserRow,
  token: string,
  request: UserUpdateRequest,
): Promise<User> {
  const changes: Updateable<UsersTable> = {};
  if (request.name !== undefined) changes.name = request.name;
  if (request.card !== undefined) changes.card = request.card;
  if (request.city !== undefined) changes.city = request.city;
  if (request.street !== undefined) changes.street = request.street;
  if (request.house !== undefined) changes.house = request.house;
  if (request.room !== undefined) changes.room = request.room;

  if (request.email !== undefined) {
    const message = validateProfileEmail(request.email);
    if (message) throw badRequest(message, 'email');
    changes.email = request.email === '' ? null : request.email.toLowerCase();
  }
  if (request.phone !== undefined) {
    if (request.phone === '') changes.phone = null;
    else {
      const digits = phoneDigits(request.phone);
      if (digits === null) throw badRequest(PHONE_MESSAGE, 'phone');
      changes.phone = digits;
    }
  }
  const nextPhone = changes.phone === undefined ? user.phone : changes.phone;
  const nextEmail = changes.email === undefined ? user.email : changes.email;
  if (nextPhone === null && nextEmail === null) throw badRequest(CONTACT_REQUIRED_MESSAGE, 'contact_required');

  if (changes.phone && changes.phone !== user.phone && (await contactTaken(db, 'phone', changes.phone, user.id))) {
    throw conflict(PHONE_TAKEN_MESSAGE, 'phone_taken');
  }
  if (changes.email && changes.email !== user.email && (await contactTaken(db, 'email', changes.email, user.id))) {
    throw conflict(EMAIL_TAKEN_MESSAGE, 'email_taken');
  }

  const rotate = typeof request.passwordNew === 'string' && request.passwordNew !== '';
  try {
    return await db.transaction().execute(async (trx) => {
      const saved = await updateUser(trx, user.id, changes);
      if (!rotate) return toUserResponse(saved, token);
      const pushToken = await sessionPushToken(trx, token);
      await revokeSession(trx, token);
      return toUserResponse(saved, await openSession(trx, user.id, pushToken));
    });
  } catch (error) {
    // Two guests claiming the same contact at once: the unique index decides, same answer.
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    if (constraint.includes('email')) throw conflict(EMAIL_TAKEN_MESSAGE, 'email_taken');
    throw conflict(PHONE_TAKEN_MESSAGE, 'phone_taken');
  }
}

/**
 * Deletes the personal data of a user (SPEC 7 drop_account, decision 009): the profile and
 * contacts are emptied (the row stays as a tombstone with deleted_at), saved addresses,
 * sessions and sign-in traces are deleted, feedback loses name, phone and the link.
 *
 * Orders join this when they exist (issue 5): they keep their number, sums, basket and
 * restaurant for the books, but lose the name, phone, e-mail, delivery address and comment.
 */
export async function anonymiseUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute((trx) => eraseUserData(trx, userId));
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** What is kept of an address part: the geocoder's id, bare name and name with its type. */
interface AddressPart {
  id: string;
  name: string;
  full: string;
}

/** The structured address as stored in addresses.data (SPEC 3, without the composed texts). */
export interface AddressData {
  region: AddressPart;
  city: AddressPart;
  street: AddressPart;
  house: string;
  podjezd: string;
  domofon: string;
  etaz: string;
  room: string;
  comment: string;
}

const EMPTY_PART: AddressPart = { id: '', name: '', full: '' };

function part(input: { id?: string | undefined; name: string; full?: string | undefined } | undefined): AddressPart {
  return input ? { id: input.id ?? '', name: input.name, full: input.full ?? '' } : EMPTY_PART;
}

/** An address part as a person reads it: with its type when the geocoder gave one. */
function label(value: AddressPart): string {
  return value.full || value.name;
}

/**
 * The three texts of a saved address (SPEC 3 full, short, long; decision 009):
 * - short: street and house — the line in lists and on the cart;
 * - full: region (unless it is the city itself, as Москва), city, street and house — what the
 *   geocoder and the order carry;
 * - long: full plus entrance, intercom, floor and flat — what the courier reads.
 */
export function addressTexts(address: AddressData): { full: string; short: string; long: string } {
  const join = (pieces: string[]) => pieces.filter((piece) => piece !== '').join(', ');
  const city = label(address.city);
  const region = label(address.region);
  const short = join([label(address.street), address.house]);
  const full = join([region === city ? '' : region, city, short]);
  const details = [
    address.podjezd && `подъезд ${address.podjezd}`,
    address.domofon && `домофон ${address.domofon}`,
    address.etaz && `этаж ${address.etaz}`,
    address.room && `кв. ${address.room}`,
  ];
  return { full, short, long: join([full, ...details]) };
}

function addressData(input: AddressInput): AddressData {
  return {
    region: part(input.region),
    city: part(input.city),
    street: part(input.street),
    house: input.house,
    podjezd: input.podjezd ?? '',
    domofon: input.domofon ?? '',
    etaz: input.etaz ?? '',
    room: input.room ?? '',
    comment: input.comment ?? '',
  };
}

/** Creates the address, or updates it when `address.id` names one of the user's own. */
export async function saveAddress(db: Kysely<Database>, userId: number, input: AddressInput): Promise<number> {
  const data = addressData(input);
  const texts = addressTexts(data);
  const values: AddressValues = {
    data,
    fullText: texts.full,
    shortText: texts.short,
    lat: input.lat ?? null,
    lon: input.lon ?? null,
  };
  if (input.id !== undefined) {
    if (!(await updateAddress(db, userId, input.id, values))) throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
    return input.id;
  }
  if ((await countAddresses(db, userId)) >= MAX_ADDRESSES_PER_USER) {
    throw conflict(TOO_MANY_ADDRESSES_MESSAGE, 'too_many_addresses');
  }
  return insertAddress(db, userId, values);
}

/** The user's addresses; with an id, that one, or 404 when it is not theirs (SPEC 7). */
export async function listAddresses(db: Kysely<Database>, userId: number, addressId?: number): Promise<SavedAddress[]> {
  const rows = await findAddresses(db, userId, addressId);
  if (addressId !== undefined && rows.length === 0) throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
  return rows.map(toSavedAddress);
}

/** Deletes one of the user's addresses; another user's or an unknown id is the same 404. */
export async function removeAddress(db: Kysely<Database>, userId: number, addressId: number): Promise<void> {
  if (!(await deleteAddress(db, userId, addressId))) throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
}

function storedPart(value: unknown): AddressPart {
  if (typeof value !== 'object' || value === null) return EMPTY_PART;
  const { id, name, full } = value as Record<string, unknown>;
  return { id: storedText(id), name: storedText(name), full: storedText(full) };
}

function storedText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function toSavedAddress(row: AddressRow): SavedAddress {
  const stored = (typeof row.data === 'object' && row.data !== null ? row.data : {}) as Record<string, unknown>;
  const data: AddressData = {
    region: storedPart(stored.region),
    city: storedPart(stored.city),
    street: storedPart(stored.street),
    house: storedText(stored.house),
    podjezd: storedText(stored.podjezd),
    domofon: storedText(stored.domofon),
    etaz: storedText(stored.etaz),
    room: storedText(stored.room),
    comment: storedText(stored.comment),
  };
  const { long } = addressTexts(data);
  return { id: row.id, ...data, full: row.full_text, short: row.short_text, long, lat: row.lat, lon: row.lon };
}

// ---------------------------------------------------------------------------------------------
// Feedback

export interface FeedbackSubmission {
  user: UserRow | null;
  name: string;
  phone: string;
  message: string;
  restaurantId: number | null;
  category: string;
}

/** Stores feedback after the SPEC 5 check (message non-empty, phone of 11 digits). */
export async function addFeedback(db: Kysely<Database>, submission: FeedbackSubmission): Promise<void> {
  if (validateFeedback({ phone: submission.phone, message: submission.message })) {
    throw new AppError(400, 'feedback_incomplete', FEEDBACK_INCOMPLETE.message);
  }
  if (submission.restaurantId !== null && !(await restaurantExists(db, submission.restaurantId))) {
    throw notFound(RESTAURANT_NOT_FOUND_MESSAGE, 'restaurant_not_found');
  }
  const digits = submission.phone.replace(/\D/g, '');
  await insertFeedback(db, {
    userId: submission.user?.id ?? null,
    name: submission.name,
    phone: phoneDigits(digits) ?? digits,
    message: submission.message,
    restaurantId: submission.restaurantId,
    category: submission.category,
  });
}

// ---------------------------------------------------------------------------------------------
// Feedback topics (SPEC 5 «Обратная связь», decision 024)

/** How many of the guest's latest orders «Мой заказ» offers. */
export const FEEDBACK_TOPIC_ORDERS = 10;

/** «№ К-001 от 20.11.2026, 1250,00 ₽»: the order's number, its date on the restaurant's clock, its sum (SPEC 9). */
export function orderTopicName(
  order: Pick<TopicOrderRow, 'znumber' | 'sum' | 'created_at' | 'restaurant_time_zone'>,
): string {
  return `№ ${order.znumber} от ${formatShortDate(wallClockAt(order.created_at, order.restaurant_time_zone).date)}, ${formatMoney(order.sum)}`;
}

/**
 * What feedback may be about: the chain's own topics (a category left without active items is
 * left out), then for a signed-in guest their last orders and those orders' dishes (each dish
 * once, with the restaurant of the latest order it was in), then the active restaurants.
 */
export async function feedbackTopics(db: Kysely<Database>, user: UserRow | null): Promise<FeedbackTopicCategory[]> {
  const topics = await findActiveTopics(db);
  const categories: FeedbackTopicCategory[] = topics
    .filter((topic) => topic.parent_id === null)
    .map((category) => ({
      id: `category:${category.id}`,
      name: category.name,
      items: topics
        .filter((topic) => topic.parent_id === category.id)
        .map((topic) => ({ id: `topic:${topic.id}`, name: topic.name, restoran: null })),
    }));

  if (user) {
    const orders = await findRecentUserOrders(db, user.id, FEEDBACK_TOPIC_ORDERS);
    categories.push({
      id: 'orders',
      name: FEEDBACK_TOPIC_CATEGORY_NAMES.order,
      items: orders.map((order) => ({
        id: `order:${order.id}`,
        name: orderTopicName(order),
        restoran: order.restaurant_id,
      })),
    });
    const restaurantOf = new Map(orders.map((order) => [order.id, order.restaurant_id]));
    const dishes = new Map<number, FeedbackTopicCategory['items'][number]>();
    for (const line of await findOrderDishes(
      db,
      orders.map((order) => order.id),
    )) {
      if (!dishes.has(line.item_id))
        dishes.set(line.item_id, {
          id: `dish:${line.item_id}`,
          name: line.name,
          restoran: restaurantOf.get(line.order_id) ?? null,
        });
    }
    categories.push({ id: 'dishes', name: FEEDBACK_TOPIC_CATEGORY_NAMES.dish, items: [...dishes.values()] });
  }

  const restaurants = await findActiveRestaurantNames(db);
  categories.push({
    id: 'restaurants',
    name: FEEDBACK_TOPIC_CATEGORY_NAMES.restaurant,
    items: restaurants.map((restaurant) => ({
      id: `restaurant:${restaurant.id}`,
      name: restaurant.name,
      restoran: restaurant.id,
    })),
  });
  return categories.filter((category) => category.items.length > 0);
}
