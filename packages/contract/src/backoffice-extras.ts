import * as z from 'zod/mini';
import { defineCall } from './call';
import { kopecks, MAX_WIRE_ID, wireId } from './common';
import { STALE_VERSION_ERROR, rowVersion } from './backoffice';
import { orderTypeSchema } from './menu';
import { MANAGER_ERRORS, STAFF_ERRORS, STAFF_TEXTS } from './staff';

// The back office's cutlery and recommended items (issue 31; SPEC 3 Cutlery item, Recommended
// item; SPEC 5 free counts): what the cart offers beside the dishes (cartPribors, cartRecommends).
// Both lists are the chain's — one for every restaurant — so any manager reads them and a manager
// of the whole chain edits them (decision 045). docs/back-office.md tells the calls.

/** The bounds of every field and list (every input bounded). */
export const EXTRAS_LIMITS = {
  nameMax: 100,
  /** Kopecks: 10 000 ₽ for one piece. */
  priceMax: 1_000_000,
  countMax: 99,
  sortMax: 9999,
  cutleryItems: 50,
  recommendedItems: 100,
} as const;

/** The screen's and the calls' words. */
export const EXTRAS_TEXTS = {
  title: 'Приборы и рекомендации',
  cutlery: 'Приборы',
  recommended: 'Рекомендации',
  cutleryNotFound: 'Прибор не найден.',
  recommendedNotFound: 'Рекомендация не найдена.',
  dishNotFound: 'Такого блюда нет в меню.',
  dishRecommended: 'Это блюдо уже есть в рекомендациях.',
  freeAboveMax: 'Бесплатно — не больше, чем можно взять.',
  orderTypesRequired: 'Выберите хотя бы один вид заказа.',
  tooManyCutlery: `Приборов не может быть больше ${EXTRAS_LIMITS.cutleryItems}.`,
  tooManyRecommended: `Рекомендаций не может быть больше ${EXTRAS_LIMITS.recommendedItems}.`,
} as const;

const count = (max: number) =>
  z.int('ожидается целое число').check(z.minimum(0, 'не меньше 0'), z.maximum(max, `не больше ${max}`));
const orderTypes = z
  .array(orderTypeSchema)
  .check(z.minLength(1, EXTRAS_TEXTS.orderTypesRequired), z.maxLength(3, 'не больше трёх видов заказа'));

/** A cutlery item as the back office shows it (SPEC 3 Cutlery item). */
export const cutleryItem = z.object({
  id: z.int(),
  name: z.string(),
  price: kopecks.check(z.describe('Kopecks a piece above the free count (SPEC 5).')),
  free_cnt: z.int().check(z.describe('Pieces given free (SPEC 5).')),
  max: z.int().check(z.describe('The most pieces a guest may take.')),
  order_types: z.array(orderTypeSchema).check(z.describe('The order types whose cart offers it.')),
  sort: z.int(),
  archived: z.boolean().check(z.describe('Archived: offered to no guest, kept for the orders that name it.')),
  version: z.int(),
});
export type CutleryItem = z.infer<typeof cutleryItem>;

/** What a manager sets on a cutlery item; a save also names the version it was based on. */
export const cutleryFields = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Введите название.'),
      z.maxLength(EXTRAS_LIMITS.nameMax, `не длиннее ${EXTRAS_LIMITS.nameMax} символов`),
      z.regex(/^[^\p{Cc}]*$/u, 'без управляющих символов'),
    ),
  price: kopecks.check(z.maximum(EXTRAS_LIMITS.priceMax, `не больше ${EXTRAS_LIMITS.priceMax / 100} ₽`)),
  free_cnt: count(EXTRAS_LIMITS.countMax),
  max: count(EXTRAS_LIMITS.countMax).check(z.minimum(1, 'не меньше 1')),
  order_types: orderTypes,
  sort: count(EXTRAS_LIMITS.sortMax),
  archived: z._default(z.boolean(), false),
});
export type CutleryFields = z.input<typeof cutleryFields>;

/** A recommended item as the back office shows it (SPEC 3 Recommended item): a dish of the menu offered in the cart. */
export const recommendedItem = z.object({
  id: z.int(),
  dish_id: z.int(),
  dish_name: z.string(),
  /** The dish's price, kopecks: what a piece above the free count costs. */
  price: kopecks,
  free_cnt: z.int(),
  separated: z
    .boolean()
    .check(z.describe('Shown apart from the sauces, under its own heading (cartRecommends `separated`).')),
  order_types: z.array(orderTypeSchema),
  sort: z.int(),
  archived: z.boolean(),
  version: z.int(),
});
export type RecommendedItem = z.infer<typeof recommendedItem>;

export const recommendedFields = z.object({
  dish_id: z
    .int('выберите блюдо')
    .check(z.minimum(1, 'выберите блюдо'), z.maximum(MAX_WIRE_ID, EXTRAS_TEXTS.dishNotFound)),
  free_cnt: count(EXTRAS_LIMITS.countMax),
  separated: z.boolean(),
  order_types: orderTypes,
  sort: count(EXTRAS_LIMITS.sortMax),
  archived: z._default(z.boolean(), false),
});
export type RecommendedFields = z.input<typeof recommendedFields>;

/** A dish the recommendations may name: every active dish of the chain's menus. */
export const extrasDish = z.object({ id: z.int(), name: z.string(), price: kopecks });

export const staffExtrasResponse = z.object({
  cutlery: z.array(cutleryItem),
  recommended: z.array(recommendedItem),
  dishes: z.array(extrasDish).check(z.describe('The active dishes a recommendation may name, by name.')),
  /** Whether this account may edit them (a manager of the whole chain). */
  may_edit: z.boolean(),
});
export type StaffExtras = z.infer<typeof staffExtrasResponse>;

const CHAIN_EDIT_ERRORS = {
  ...STAFF_ERRORS,
  manager_only: `a kitchen account (403 «${STAFF_TEXTS.managerOnly}»)`,
  chain_manager_only: `a manager of some restaurants only: the lists are the chain's (403 «${STAFF_TEXTS.chainManagerOnly}»)`,
  validation:
    'a field out of its bounds, free above the maximum, no order type, an unknown dish (400, naming the field)',
} as const;

export const staffExtrasCall = defineCall({
  name: 'staffExtras',
  method: 'GET',
  path: '/api/staff/manage/extras',
  tag: 'staff',
  summary:
    'The cutlery and the recommended items, archived ones too, with the dishes a recommendation may name: managers',
  description:
    "One list for the whole chain: every restaurant's cart offers the same cutlery and recommendations (by order type). `may_edit` is true for a manager of the whole chain, the one who may change them (decision 045).",
  auth: 'staff',
  response: staffExtrasResponse,
  errors: { ...STAFF_ERRORS, manager_only: MANAGER_ERRORS.manager_only },
});

export const staffCreateCutleryCall = defineCall({
  name: 'staffCreateCutlery',
  method: 'POST',
  path: '/api/staff/manage/cutlery',
  tag: 'staff',
  summary: 'Adds a cutlery item: managers of the whole chain',
  description: `Audited (cutlery.create). At most ${EXTRAS_LIMITS.cutleryItems} items, archived ones counted. Guests' carts offer it at once (the catalogue version).`,
  auth: 'staff',
  body: cutleryFields,
  response: cutleryItem,
  errors: CHAIN_EDIT_ERRORS,
});

export const staffSaveCutleryCall = defineCall({
  name: 'staffSaveCutlery',
  method: 'POST',
  path: '/api/staff/manage/cutlery/:id',
  tag: 'staff',
  summary:
    'Saves a cutlery item over the version it was based on; `archived` true archives it, false brings it back: managers of the whole chain',
  description:
    'Audited (cutlery.save, before and after). Orders name cutlery items, so they are archived, never deleted.',
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.extend(cutleryFields, { version: rowVersion }),
  response: cutleryItem,
  errors: {
    ...CHAIN_EDIT_ERRORS,
    ...STALE_VERSION_ERROR,
    cutlery_not_found: `no such item (404 «${EXTRAS_TEXTS.cutleryNotFound}»)`,
  },
});

export const staffCreateRecommendedCall = defineCall({
  name: 'staffCreateRecommended',
  method: 'POST',
  path: '/api/staff/manage/recommended',
  tag: 'staff',
  summary: 'Recommends a dish in the cart: managers of the whole chain',
  description: `Audited (recommended.create). One live recommendation per dish; at most ${EXTRAS_LIMITS.recommendedItems}, archived ones counted. A recommended dish is offered only where it is on sale (its menu, not stopped, not locked).`,
  auth: 'staff',
  body: recommendedFields,
  response: recommendedItem,
  errors: {
    ...CHAIN_EDIT_ERRORS,
    dish_recommended: `the dish has a live recommendation already (409 «${EXTRAS_TEXTS.dishRecommended}»)`,
  },
});

export const staffSaveRecommendedCall = defineCall({
  name: 'staffSaveRecommended',
  method: 'POST',
  path: '/api/staff/manage/recommended/:id',
  tag: 'staff',
  summary:
    'Saves a recommended item over the version it was based on; `archived` true archives it: managers of the whole chain',
  description:
    'Audited (recommended.save, before and after). Orders name recommended items, so they are archived, never deleted.',
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.extend(recommendedFields, { version: rowVersion }),
  response: recommendedItem,
  errors: {
    ...CHAIN_EDIT_ERRORS,
    ...STALE_VERSION_ERROR,
    recommended_not_found: `no such item (404 «${EXTRAS_TEXTS.recommendedNotFound}»)`,
    dish_recommended: `another live recommendation names the dish (409 «${EXTRAS_TEXTS.dishRecommended}»)`,
  },
});

/** The back office's extras calls: each needs a staff session. */
export const EXTRAS_CALLS = [
  staffExtrasCall,
  staffCreateCutleryCall,
  staffSaveCutleryCall,
  staffCreateRecommendedCall,
  staffSaveRecommendedCall,
] as const;
