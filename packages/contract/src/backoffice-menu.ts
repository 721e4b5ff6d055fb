import * as z from 'zod/mini';
import { DISH_LABELS, MENU_KINDS } from '@chain/domain';
import { rowVersion, STALE_VERSION_ERROR, staleVersionResponse } from './backoffice';
import {
  STAFF_PHOTO_ERRORS,
  STAFF_PHOTO_RULE,
  staffPhotoPath,
  staffPhotoUploadBody,
  staffPhotoUploadResponse,
} from './backoffice-photos';
import { CATALOGUE_LIMITS } from './catalogue';
import { defineCall } from './call';
import { kopecks, MAX_WIRE_ID, wireId } from './common';
import { MANAGER_ERRORS, RESTAURANT_ERRORS, STAFF_TEXTS } from './staff';

// The back office's menu (issue 31, docs/back-office.md «Меню», decision 044): the chain's
// categories, dishes and their options, which restaurants carry each dish, and menu photos.
// The catalogue is the chain's: its managers edit it; a restaurant's manager reads it and chooses
// which of its dishes their restaurants carry.

/** Bounds of every field a manager types into the menu. */
export const MENU_EDIT_LIMITS = {
  categoryName: 60,
  dishName: 120,
  sostav: 1000,
  weight: 40,
  /** 1 000 000 ₽ in kopecks: a price above it is a typing slip. */
  price: 100_000_000,
  /** Minutes. */
  cookTime: 600,
  options: 40,
  optionName: 80,
  optionMax: 99,
  categories: 200,
  /** As many as the catalogue file may hold. */
  dishesInCategory: CATALOGUE_LIMITS.dishes,
} as const;

/** Refusals and words of the menu calls and screen (shown as they are). */
export const MENU_EDIT_TEXTS = {
  categoryNotFound: 'Категория не найдена.',
  dishNotFound: STAFF_TEXTS.dishNotFound,
  name: 'Введите название.',
  optionName: 'Введите название опции.',
  categoryKind: 'Категория из другого меню: блюдо переносится только между категориями одного меню.',
  orderChanged: 'Список категорий изменился: обновите страницу и расставьте их ещё раз.',
  optionUnknown: 'Такой опции у блюда нет: обновите страницу.',
  archivedDish: 'Блюдо в архиве: его уже не изменить.',
  restaurantUnknown: 'Такого ресторана нет.',
  restaurantMenu: 'В этом ресторане нет меню, к которому относится блюдо.',
  archived: 'Блюдо в архиве: его называют заказы, поэтому оно не удалено, а скрыто от гостей.',
  deleted: 'Блюдо удалено.',
  dishOrderStale: 'Порядок блюд уже изменили: на экране он такой, как сейчас. Передвиньте блюдо ещё раз.',
  dishOrderList: 'Порядок должен назвать каждое блюдо категории, кроме архивных, по одному разу: обновите страницу.',
  notArchived: 'Блюдо не в архиве.',
  categoryArchived: 'Категория блюда убрана из каталога: сначала верните её файлом каталога, потом блюдо.',
  restored:
    'Блюдо вернулось из архива в конец категории и пока скрыто от гостей: проверьте его и отметьте «Показывать гостям».',
} as const;

/** The audit log's actions of the menu (staff_audit.action) and how «Журнал» names them. */
export const MENU_AUDIT_ACTIONS = {
  'menu.category.create': 'Меню: новая категория',
  'menu.category.save': 'Меню: категория',
  'menu.category.order': 'Меню: порядок категорий',
  'menu.dish.create': 'Меню: новое блюдо',
  'menu.dish.save': 'Меню: блюдо',
  'menu.dish.archive': 'Меню: блюдо в архив',
  'menu.dish.delete': 'Меню: блюдо удалено',
  'menu.dish.carry': 'Меню: есть ли блюдо в ресторане',
  'menu.dish.order': 'Меню: порядок блюд',
  'menu.dish.restore': 'Меню: блюдо из архива',
} as const;
export type MenuAuditAction = keyof typeof MENU_AUDIT_ACTIONS;

const text = (max: number, describe: string) =>
  z.string().check(z.maxLength(max, `не длиннее ${max} символов`), z.describe(describe));
const bodyId = z.int().check(z.minimum(1, 'ожидается номер больше нуля'), z.maximum(MAX_WIRE_ID, 'такого номера нет'));
const price = kopecks.check(z.maximum(MENU_EDIT_LIMITS.price, `не больше ${MENU_EDIT_LIMITS.price / 100} ₽`));

export const menuKindSchema = z.enum(MENU_KINDS);
export const dishLabelSchema = z.enum(DISH_LABELS);

/** A category as the back office edits it. */
export const manageCategory = z.object({
  id: z.int(),
  menu_kind: menuKindSchema,
  name: z.string(),
  /** Hidden from guests, with all its dishes. */
  hidden: z.boolean(),
  version: z.int(),
  /**
   * The version of the order of its dishes, apart from `version` (its name and hiding): it moves with
   * every change of which dishes it holds or their order, and a reorder names it.
   */
  dish_order_version: z.int(),
});
export type ManageCategory = z.infer<typeof manageCategory>;

/** An option of a dish as the form edits it; `id` null for one the save adds. */
export const manageOption = z.object({
  id: z.nullable(bodyId),
  name: text(MENU_EDIT_LIMITS.optionName, 'The option as the guest reads it.'),
  price,
  /** Shown, but not chosen (SPEC 3 disabled). */
  disabled: z.boolean(),
  /** Counted extras (true) or one of the single choices (false). */
  multicheck: z.boolean(),
  /** The most a counted option may be taken (1 for a single choice). */
  max: z
    .int()
    .check(
      z.minimum(1, 'не меньше 1'),
      z.maximum(MENU_EDIT_LIMITS.optionMax, `не больше ${MENU_EDIT_LIMITS.optionMax}`),
    ),
});
export type ManageOption = z.infer<typeof manageOption>;

/** What a dish's form sends (a new dish: without `version`). */
const dishFields = {
  category_id: bodyId,
  name: text(MENU_EDIT_LIMITS.dishName, 'The dish as the guest reads it.'),
  sostav: text(MENU_EDIT_LIMITS.sostav, 'What it is made of (SPEC 3 sostav).'),
  weight: text(MENU_EDIT_LIMITS.weight, 'As the menu prints it: «250 г», «0,5 л».'),
  price,
  cook_time: z
    .int()
    .check(
      z.minimum(0, 'не меньше 0'),
      z.maximum(MENU_EDIT_LIMITS.cookTime, `не больше ${MENU_EDIT_LIMITS.cookTime} минут`),
    ),
  /** A picture under /media/ (an uploaded one: the answer of the photo call); '' for none. */
  img: staffPhotoPath('The photo: /media/… as the photo upload answered.'),
  labels: z.array(dishLabelSchema).check(z.maxLength(DISH_LABELS.length)),
  /** Shown to guests (false: hidden, kept). */
  active: z.boolean(),
  /** The restaurants carrying it, among those offering its category's menu. */
  restaurant_ids: z.array(bodyId).check(z.maxLength(1000)),
  options: z
    .array(manageOption)
    .check(z.maxLength(MENU_EDIT_LIMITS.options, `не больше ${MENU_EDIT_LIMITS.options} опций`)),
};

/** A dish as the back office edits it: the form's fields, its version and whether it is archived. */
export const manageDish = z.object({
  id: z.int(),
  version: z.int(),
  ...dishFields,
  /** Archived: named by orders, hidden from guests, kept (read only). */
  archived: z.boolean(),
});
export type ManageDish = z.infer<typeof manageDish>;

export const manageMenuResponse = z.object({
  /** A manager of the whole chain edits the catalogue; a restaurant's manager only what their restaurants carry. */
  can_edit: z.boolean(),
  restaurants: z.array(
    z.object({ id: z.int(), name: z.string(), menu_kinds: z.array(menuKindSchema), mine: z.boolean() }),
  ),
  categories: z.array(manageCategory),
  dishes: z.array(manageDish),
});
export type ManageMenu = z.infer<typeof manageMenuResponse>;

const CHAIN_ERRORS = {
  ...MANAGER_ERRORS,
  chain_manager_only: `a restaurant's manager: the catalogue is the chain's (403 «${STAFF_TEXTS.chainManagerOnly}»)`,
} as const;
const DISH_NOT_FOUND = { dish_not_found: `no such dish (404 «${MENU_EDIT_TEXTS.dishNotFound}»)` } as const;
const VALIDATION = { validation: 'a field out of bounds or empty: 400 naming the field in Russian' } as const;

export const manageMenuCall = defineCall({
  name: 'manageMenu',
  method: 'GET',
  path: '/api/staff/manage/menu',
  tag: 'staff',
  summary:
    "The chain's menu as the back office edits it: every category of the three menus, every dish with its options, and the restaurants",
  description: 'Managers only. Archived dishes are listed (archived: true) for history; archived options are not.',
  auth: 'staff',
  response: manageMenuResponse,
  errors: MANAGER_ERRORS,
});

export const createCategoryCall = defineCall({
  name: 'manageCreateCategory',
  method: 'POST',
  path: '/api/staff/manage/menu/categories',
  tag: 'staff',
  summary: 'Adds a category at the end of its menu (chain managers)',
  auth: 'staff',
  body: z.object({
    menu_kind: menuKindSchema,
    name: text(MENU_EDIT_LIMITS.categoryName, 'As guests read it.'),
    hidden: z.boolean(),
  }),
  response: manageCategory,
  errors: { ...CHAIN_ERRORS, ...VALIDATION },
});

export const saveCategoryCall = defineCall({
  name: 'manageSaveCategory',
  method: 'POST',
  path: '/api/staff/manage/menu/categories/:id',
  tag: 'staff',
  summary: 'Renames a category or hides it from guests (chain managers), over the version it names',
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.object({
    version: rowVersion,
    name: text(MENU_EDIT_LIMITS.categoryName, 'As guests read it.'),
    hidden: z.boolean(),
  }),
  response: manageCategory,
  errors: {
    ...CHAIN_ERRORS,
    ...VALIDATION,
    ...STALE_VERSION_ERROR,
    category_not_found: `no such category (404 «${MENU_EDIT_TEXTS.categoryNotFound}»)`,
  },
});
export const saveCategoryConflict = staleVersionResponse(manageCategory);

export const orderCategoriesCall = defineCall({
  name: 'manageOrderCategories',
  method: 'POST',
  path: '/api/staff/manage/menu/categories/order',
  tag: 'staff',
  summary: "Puts one menu's categories in the order given (chain managers)",
  description: `\`ids\` must be exactly the menu's categories, each once; a list that misses one added meanwhile (or names another) is 409 \`order_changed\` «${MENU_EDIT_TEXTS.orderChanged}». The order is the whole list, so a later order replaces an earlier one; it does not change the categories' versions.`,
  auth: 'staff',
  body: z.object({ menu_kind: menuKindSchema, ids: z.array(bodyId).check(z.maxLength(MENU_EDIT_LIMITS.categories)) }),
  response: z.object({ categories: z.array(manageCategory) }),
  errors: {
    ...CHAIN_ERRORS,
    order_changed: `the list is not the menu's categories as they are now (409 «${MENU_EDIT_TEXTS.orderChanged}»)`,
  },
});

/** A category's dishes in their order (archived ones left out), and the category with the order's version. */
export const dishOrder = z.object({ category: manageCategory, ids: z.array(z.int()) });
export type DishOrder = z.infer<typeof dishOrder>;

export const orderDishesCall = defineCall({
  name: 'manageOrderDishes',
  method: 'POST',
  path: '/api/staff/manage/menu/categories/:id/dishes/order',
  tag: 'staff',
  summary:
    "Puts a category's dishes in the order given (chain managers), over the order's version; guests' menus and the stop list follow",
  description: `\`version\` is the category's \`dish_order_version\`; \`ids\` every dish of the category but the archived ones, each once (400 \`validation\` «${MENU_EDIT_TEXTS.dishOrderList}» otherwise). An order over an older version — another manager's order, a dish added, moved, archived or brought back since — is 409 \`stale_version\` with the order as it is now. It does not change the dishes' own versions.`,
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.object({
    version: rowVersion,
    ids: z
      .array(bodyId)
      .check(z.maxLength(MENU_EDIT_LIMITS.dishesInCategory, `не больше ${MENU_EDIT_LIMITS.dishesInCategory} блюд`)),
  }),
  response: dishOrder,
  errors: {
    ...CHAIN_ERRORS,
    ...VALIDATION,
    ...STALE_VERSION_ERROR,
    category_not_found: `no such category (404 «${MENU_EDIT_TEXTS.categoryNotFound}»)`,
  },
});

export const createDishCall = defineCall({
  name: 'manageCreateDish',
  method: 'POST',
  path: '/api/staff/manage/menu/dishes',
  tag: 'staff',
  summary: 'Adds a dish with its options at the end of its category (chain managers); guests see it at once',
  auth: 'staff',
  body: z.object(dishFields),
  response: manageDish,
  errors: {
    ...CHAIN_ERRORS,
    ...VALIDATION,
    category_not_found: `no such category (404 «${MENU_EDIT_TEXTS.categoryNotFound}»)`,
  },
});

export const saveDishCall = defineCall({
  name: 'manageSaveDish',
  method: 'POST',
  path: '/api/staff/manage/menu/dishes/:id',
  tag: 'staff',
  summary: 'Saves a dish with its options and restaurants over the version it names (chain managers)',
  description:
    "The options are saved with the dish, under the dish's one version (decision 044): an option with an id is changed, one with id null added, and one of the dish the list leaves out is archived when orders name it, else deleted. A price changed here reaches a guest's order/create as 409 sum_changed when the guest's expected_sum was quoted before.",
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.object({ version: rowVersion, ...dishFields }),
  response: manageDish,
  errors: {
    ...CHAIN_ERRORS,
    ...VALIDATION,
    ...DISH_NOT_FOUND,
    ...STALE_VERSION_ERROR,
    archived: `the dish is archived (409 «${MENU_EDIT_TEXTS.archivedDish}»)`,
    category_not_found: `no such category (404 «${MENU_EDIT_TEXTS.categoryNotFound}»)`,
  },
});
export const saveDishConflict = staleVersionResponse(manageDish);

export const removeDishCall = defineCall({
  name: 'manageRemoveDish',
  method: 'POST',
  path: '/api/staff/manage/menu/dishes/:id/remove',
  tag: 'staff',
  summary: 'Deletes a dish no order names, or archives one that orders name (chain managers)',
  description: `Answers \`outcome\`: \`deleted\` («${MENU_EDIT_TEXTS.deleted}») or \`archived\` («${MENU_EDIT_TEXTS.archived}») with the archived dish.`,
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.object({ version: rowVersion }),
  response: z.object({ outcome: z.enum(['deleted', 'archived']), message: z.string(), dish: z.nullable(manageDish) }),
  errors: {
    ...CHAIN_ERRORS,
    ...DISH_NOT_FOUND,
    ...STALE_VERSION_ERROR,
    archived: `already archived (409 «${MENU_EDIT_TEXTS.archivedDish}»)`,
  },
});

export const restoreDishCall = defineCall({
  name: 'manageRestoreDish',
  method: 'POST',
  path: '/api/staff/manage/menu/dishes/:id/restore',
  tag: 'staff',
  summary:
    'Brings an archived dish back to the menu (chain managers), over its version: last in its category, hidden from guests until shown',
  description: `The dish comes back with its options and restaurants as they were, \`active: false\` («${MENU_EDIT_TEXTS.restored}»), so nothing reaches guests before a manager has looked at it.`,
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.object({ version: rowVersion }),
  response: manageDish,
  errors: {
    ...CHAIN_ERRORS,
    ...DISH_NOT_FOUND,
    ...STALE_VERSION_ERROR,
    not_archived: `the dish is not archived (409 «${MENU_EDIT_TEXTS.notArchived}»)`,
    category_archived: `its category left the catalogue (409 «${MENU_EDIT_TEXTS.categoryArchived}»)`,
  },
});

export const carryDishCall = defineCall({
  name: 'manageCarryDish',
  method: 'POST',
  path: '/api/staff/manage/menu/dishes/:id/restaurants/:restaurant',
  tag: 'staff',
  summary:
    "Whether one restaurant carries a dish: a restaurant's manager for their restaurants, a chain manager for any",
  description: "Saved over the dish's version like any change of the dish (it bumps it).",
  auth: 'staff',
  params: z.object({ id: wireId, restaurant: wireId }),
  body: z.object({ version: rowVersion, carried: z.boolean() }),
  response: manageDish,
  errors: {
    ...RESTAURANT_ERRORS,
    manager_only: MANAGER_ERRORS.manager_only,
    ...DISH_NOT_FOUND,
    ...STALE_VERSION_ERROR,
    archived: `the dish is archived (409 «${MENU_EDIT_TEXTS.archivedDish}»)`,
    validation: `the restaurant does not offer the dish's menu (400 «${MENU_EDIT_TEXTS.restaurantMenu}»)`,
  },
});

export const uploadMenuPhotoCall = defineCall({
  name: 'manageUploadMenuPhoto',
  method: 'POST',
  path: '/api/staff/manage/menu/photos',
  tag: 'staff',
  summary:
    "Takes a dish's photo (a data URL of JPEG, PNG or GIF) and answers where the server's own copy of it is (chain managers)",
  description: `${STAFF_PHOTO_RULE} The dish names it when saved.`,
  auth: 'staff',
  body: staffPhotoUploadBody,
  response: staffPhotoUploadResponse,
  errors: { ...CHAIN_ERRORS, ...STAFF_PHOTO_ERRORS },
});

/** Every call of the menu's back office (the tests refuse a guest token on each). */
export const MANAGE_MENU_CALLS = [
  manageMenuCall,
  createCategoryCall,
  saveCategoryCall,
  orderCategoriesCall,
  createDishCall,
  saveDishCall,
  removeDishCall,
  carryDishCall,
  uploadMenuPhotoCall,
  orderDishesCall,
  restoreDishCall,
] as const;
