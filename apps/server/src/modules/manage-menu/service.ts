import type { Kysely, Transaction } from 'kysely';
import {
  MENU_EDIT_TEXTS,
  type CallBody,
  type createDishCall,
  type DishOrder,
  type ManageCategory,
  type ManageDish,
  type ManageMenu,
  type ManageOption,
  type MenuAuditAction,
} from '@chain/contract';
import type { Database, MenuKind } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { savedOrStale, StaleVersionError } from '../../http/versioned';
import { checkedStaffPhoto } from '../photos';
import { mayActOn, type StaffPrincipal, writeAudit } from '../staff';
import * as repo from './repository';

// The rules of the back office's menu (issue 31, decision 044).

type Db = Kysely<Database> | Transaction<Database>;
export type DishFields = CallBody<typeof createDishCall>;

/** Writes the menu's audit row, its action one of MENU_AUDIT_ACTIONS. */
const audit = (
  trx: Db,
  staff: StaffPrincipal,
  entry: Omit<Parameters<typeof writeAudit>[2], 'action'> & { action: MenuAuditAction },
) => writeAudit(trx, staff, entry);

const DISH_MISSING = { message: MENU_EDIT_TEXTS.dishNotFound, code: 'dish_not_found' };
const CATEGORY_MISSING = { message: MENU_EDIT_TEXTS.categoryNotFound, code: 'category_not_found' };

/** Which restaurants offer each menu. */
async function restaurantsByKind(db: Db): Promise<Map<MenuKind, number[]>> {
  const byKind = new Map<MenuKind, number[]>();
  for (const restaurant of await repo.listRestaurants(db)) {
    for (const kind of restaurant.menu_kinds) byKind.set(kind, [...(byKind.get(kind) ?? []), restaurant.id]);
  }
  return byKind;
}

/** The dishes (all, or of `ids`) in the back office's shape. */
export async function manageDishes(db: Db, ids: number[] | null = null): Promise<ManageDish[]> {
  const dishes = await repo.listDishes(db, ids);
  const dishIds = ids ?? dishes.map((dish) => dish.id);
  const options = await repo.listOptions(db, ids === null ? null : dishIds);
  const notCarried = await repo.listNotCarried(db, ids === null ? null : dishIds);
  const offering = await restaurantsByKind(db);
  return dishes.map((dish) => {
    const off = new Set(notCarried.filter((row) => row.dish_id === dish.id).map((row) => row.restaurant_id));
    return {
      id: dish.id,
      version: dish.version,
      category_id: dish.category_id,
      name: dish.name,
      sostav: dish.sostav,
      weight: dish.weight,
      price: dish.price,
      cook_time: dish.cook_time,
      img: dish.img,
      labels: dish.labels,
      active: dish.active,
      restaurant_ids: (offering.get(dish.menu_kind) ?? []).filter((id) => !off.has(id)),
      options: options
        .filter((option) => option.dish_id === dish.id)
        .map((option) => ({
          id: option.id,
          name: option.name,
          price: option.price,
          disabled: option.disabled,
          multicheck: option.multicheck,
          max: option.max_cnt,
        })),
      archived: dish.archived_at !== null,
    };
  });
}

/** One dish in the back office's shape, or undefined. */
export async function manageDish(db: Db, id: number): Promise<ManageDish | undefined> {
  return (await manageDishes(db, [id]))[0];
}

/** The whole menu as the back office shows it to this manager. */
export async function manageMenu(db: Db, staff: StaffPrincipal): Promise<ManageMenu> {
  const restaurants = await repo.listRestaurants(db);
  return {
    can_edit: staff.chain,
    restaurants: restaurants.map((restaurant) => ({ ...restaurant, mine: mayActOn(staff, restaurant.id) })),
    categories: await repo.listCategories(db),
    dishes: await manageDishes(db),
  };
}

/** A name trimmed, or 400 with the field's words when nothing is left. */
function requiredName(value: string, field: string, message: string = MENU_EDIT_TEXTS.name): string {
  const name = value.trim();
  if (name === '') throw badRequest(`${field}: ${message}`, 'validation');
  return name;
}

export async function createCategory(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  body: { menu_kind: MenuKind; name: string; hidden: boolean },
): Promise<ManageCategory> {
  const name = requiredName(body.name, 'Название категории');
  return db.transaction().execute(async (trx) => {
    const made = await repo.insertCategory(trx, { menu_kind: body.menu_kind, name, hidden: body.hidden });
    await audit(trx, staff, {
      action: 'menu.category.create',
      restaurantId: null,
      target: `категория «${name}»`,
      before: null,
      after: made,
    });
    return made;
  });
}

export async function saveCategory(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  body: { version: number; name: string; hidden: boolean },
): Promise<ManageCategory> {
  const name = requiredName(body.name, 'Название категории');
  return db.transaction().execute(async (trx) => {
    const before = await repo.findCategory(trx, id);
    const saved = await savedOrStale(
      await repo.updateCategory(trx, id, body.version, { name, hidden: body.hidden }),
      () => repo.findCategory(trx, id),
      CATEGORY_MISSING,
    );
    await audit(trx, staff, {
      action: 'menu.category.save',
      restaurantId: null,
      target: `категория «${name}»`,
      before,
      after: saved,
    });
    return saved;
  });
}

/** One menu's categories in the order given: the list must be exactly that menu's categories. */
export async function orderCategories(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  body: { menu_kind: MenuKind; ids: number[] },
): Promise<ManageCategory[]> {
  return db.transaction().execute(async (trx) => {
    const present = (await repo.categoryIdsOfKind(trx, body.menu_kind)).map((row) => row.id);
    const named = new Set(body.ids);
    if (named.size !== body.ids.length || named.size !== present.length || present.some((id) => !named.has(id))) {
      throw conflict(MENU_EDIT_TEXTS.orderChanged, 'order_changed');
    }
    const before = (await repo.listCategories(trx))
      .filter((category) => category.menu_kind === body.menu_kind)
      .map((category) => category.id);
    await repo.setCategoryOrder(trx, body.ids);
    await audit(trx, staff, {
      action: 'menu.category.order',
      restaurantId: null,
      target: `порядок категорий (${body.menu_kind})`,
      before,
      after: body.ids,
    });
    return (await repo.listCategories(trx)).filter((category) => category.menu_kind === body.menu_kind);
  });
}

/**
 * The categories whose dish lists a change is about to move (a dish archived, deleted or moved),
 * locked in id order before any dish row. A reorder (orderDishes) takes the category first and
 * then its dishes, and the dishes' trigger (migration 034) updates the category after the dish:
 * taken the other way round, a reorder and an archive of one category would wait on each other
 * until PostgreSQL ended one of them (a deadlock).
 */
async function lockListsOf(trx: Transaction<Database>, categoryIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(categoryIds)].sort((a, b) => a - b)) await repo.lockCategory(trx, id);
}

/**
 * A category's dishes in the order given, over the version of the order the screen showed (the
 * category's dish_order_version, which every change of its list moves): the list must be every
 * dish of the category but the archived ones, each once.
 */
export async function orderDishes(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  categoryId: number,
  body: { version: number; ids: number[] },
): Promise<DishOrder> {
  return db.transaction().execute(async (trx) => {
    const locked = await repo.lockCategory(trx, categoryId);
    if (!locked) throw notFound(CATEGORY_MISSING.message, CATEGORY_MISSING.code);
    const { archived_at: _archived, ...category } = locked;
    const before = await repo.liveDishIds(trx, categoryId);
    if (category.dish_order_version !== body.version)
      throw new StaleVersionError({ category, ids: before } satisfies DishOrder);
    const named = new Set(body.ids);
    if (named.size !== body.ids.length || named.size !== before.length || before.some((id) => !named.has(id)))
      throw badRequest(MENU_EDIT_TEXTS.dishOrderList, 'validation');
    await repo.setDishOrder(trx, body.ids);
    await audit(trx, staff, {
      action: 'menu.dish.order',
      restaurantId: null,
      target: `порядок блюд категории «${category.name}»`,
      before,
      after: body.ids,
    });
    return {
      category: (await repo.findCategory(trx, categoryId)) as ManageCategory,
      ids: await repo.liveDishIds(trx, categoryId),
    };
  });
}

/** The dish's fields checked and made ready to save: the category's menu, the picture, the restaurants, the options. */
async function checkedDish(trx: Transaction<Database>, body: DishFields) {
  const name = requiredName(body.name, 'Название блюда');
  const category = await repo.findCategory(trx, body.category_id);
  if (!category) throw notFound(MENU_EDIT_TEXTS.categoryNotFound, 'category_not_found');
  const img = await checkedStaffPhoto(trx, body.img);
  const offering = (await restaurantsByKind(trx)).get(category.menu_kind) ?? [];
  const known = new Set((await repo.listRestaurants(trx)).map((restaurant) => restaurant.id));
  for (const id of body.restaurant_ids) {
    if (!known.has(id)) throw badRequest(`Рестораны: ${MENU_EDIT_TEXTS.restaurantUnknown}`, 'validation');
    if (!offering.includes(id)) throw badRequest(`Рестораны: ${MENU_EDIT_TEXTS.restaurantMenu}`, 'validation');
  }
  const carried = new Set(body.restaurant_ids);
  const options = body.options.map((option, index) => ({
    id: option.id,
    values: {
      name: requiredName(option.name, `Опция ${index + 1}`, MENU_EDIT_TEXTS.optionName),
      price: option.price,
      // A disabled option stays disabled; a single choice is taken once.
      disabled: option.disabled,
      multicheck: option.multicheck,
      max_cnt: option.multicheck ? option.max : 1,
      sort: index + 1,
    },
  }));
  return {
    values: {
      category_id: category.id,
      name,
      sostav: body.sostav.trim(),
      weight: body.weight.trim(),
      price: body.price,
      cook_time: body.cook_time,
      img,
      labels: [...new Set(body.labels)],
      active: body.active,
      is_shop: category.menu_kind === 'shop',
    },
    notCarried: offering.filter((id) => !carried.has(id)),
    options,
  };
}

/** The dish's options become the list: ids kept are changed, null ids added, the rest archived (orders name them) or deleted. */
async function saveOptions(
  trx: Transaction<Database>,
  dishId: number,
  existing: ManageOption[],
  options: Awaited<ReturnType<typeof checkedDish>>['options'],
): Promise<void> {
  const existingIds = new Set(existing.map((option) => option.id));
  const kept = new Set<number>();
  for (const option of options) {
    if (option.id === null) continue;
    if (!existingIds.has(option.id) || kept.has(option.id))
      throw badRequest(`Опции: ${MENU_EDIT_TEXTS.optionUnknown}`, 'validation');
    kept.add(option.id);
  }
  const gone = [...existingIds].filter((id): id is number => id !== null && !kept.has(id));
  const named = await repo.optionsNamedByOrders(trx, dishId, gone);
  await repo.archiveOptions(
    trx,
    gone.filter((id) => named.has(id)),
  );
  await repo.deleteOptions(
    trx,
    gone.filter((id) => !named.has(id)),
  );
  for (const option of options) {
    if (option.id === null) await repo.insertOption(trx, dishId, option.values);
    else await repo.updateOption(trx, option.id, option.values);
  }
}

export async function createDish(db: Kysely<Database>, staff: StaffPrincipal, body: DishFields): Promise<ManageDish> {
  return db.transaction().execute(async (trx) => {
    const checked = await checkedDish(trx, body);
    if (checked.options.some((option) => option.id !== null))
      throw badRequest(`Опции: ${MENU_EDIT_TEXTS.optionUnknown}`, 'validation');
    const id = await repo.insertDish(trx, checked.values);
    await saveOptions(trx, id, [], checked.options);
    await repo.replaceNotCarried(trx, id, checked.notCarried);
    const made = (await manageDish(trx, id)) as ManageDish;
    await audit(trx, staff, {
      action: 'menu.dish.create',
      restaurantId: null,
      target: `блюдо «${made.name}»`,
      before: null,
      after: made,
    });
    return made;
  });
}

export async function saveDish(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  body: DishFields & { version: number },
): Promise<ManageDish> {
  return db.transaction().execute(async (trx) => {
    const before = await manageDish(trx, id);
    if (!before) throw notFound(DISH_MISSING.message, DISH_MISSING.code);
    if (before.archived) throw conflict(MENU_EDIT_TEXTS.archivedDish, 'archived');
    const checked = await checkedDish(trx, body);
    // A dish moved to another category changes both lists: their rows before the dish's.
    if (checked.values.category_id !== before.category_id)
      await lockListsOf(trx, [before.category_id, checked.values.category_id]);
    // The dish's row first: of two saves from one version, the second waits here and finds it moved.
    await savedOrStale(
      await repo.updateDish(trx, id, body.version, checked.values),
      () => manageDish(trx, id),
      DISH_MISSING,
    );
    await saveOptions(trx, id, before.options, checked.options);
    await repo.replaceNotCarried(trx, id, checked.notCarried);
    const saved = (await manageDish(trx, id)) as ManageDish;
    await audit(trx, staff, {
      action: 'menu.dish.save',
      restaurantId: null,
      target: `блюдо «${saved.name}»`,
      before,
      after: saved,
    });
    return saved;
  });
}

/** Deletes a dish no order names; archives one that orders name. */
export async function removeDish(db: Kysely<Database>, staff: StaffPrincipal, id: number, version: number) {
  return db.transaction().execute(async (trx) => {
    const before = await manageDish(trx, id);
    if (!before) throw notFound(DISH_MISSING.message, DISH_MISSING.code);
    if (before.archived) throw conflict(MENU_EDIT_TEXTS.archivedDish, 'archived');
    const named = await repo.dishNamedByOrders(trx, id);
    const current = () => manageDish(trx, id);
    await lockListsOf(trx, [before.category_id]);
    if (!named) {
      await savedOrStale(await repo.deleteDish(trx, id, version), current, DISH_MISSING);
      await audit(trx, staff, {
        action: 'menu.dish.delete',
        restaurantId: null,
        target: `блюдо «${before.name}»`,
        before,
        after: null,
      });
      return { outcome: 'deleted' as const, message: MENU_EDIT_TEXTS.deleted, dish: null };
    }
    await savedOrStale(await repo.archiveDish(trx, id, version), current, DISH_MISSING);
    const archived = (await manageDish(trx, id)) as ManageDish;
    await audit(trx, staff, {
      action: 'menu.dish.archive',
      restaurantId: null,
      target: `блюдо «${before.name}»`,
      before,
      after: archived,
    });
    return { outcome: 'archived' as const, message: MENU_EDIT_TEXTS.archived, dish: archived };
  });
}

/**
 * Brings an archived dish back over its version: last in its category, hidden from guests until a
 * manager shows it (its options and restaurants as they were). Not for a dish of a category the
 * catalogue no longer holds: guests could never see it, and the catalogue file could not name it.
 */
export async function restoreDish(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  version: number,
): Promise<ManageDish> {
  return db.transaction().execute(async (trx) => {
    const before = await manageDish(trx, id);
    if (!before) throw notFound(DISH_MISSING.message, DISH_MISSING.code);
    if (!before.archived) throw conflict(MENU_EDIT_TEXTS.notArchived, 'not_archived');
    const category = await repo.lockCategory(trx, before.category_id);
    if (!category || category.archived_at !== null)
      throw conflict(MENU_EDIT_TEXTS.categoryArchived, 'category_archived');
    await savedOrStale(await repo.restoreDish(trx, id, version), () => manageDish(trx, id), DISH_MISSING);
    const restored = (await manageDish(trx, id)) as ManageDish;
    await audit(trx, staff, {
      action: 'menu.dish.restore',
      restaurantId: null,
      target: `блюдо «${before.name}»`,
      before,
      after: restored,
    });
    return restored;
  });
}

/** Whether one restaurant carries the dish, over the dish's version. */
export async function carryDish(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  restaurantId: number,
  body: { version: number; carried: boolean },
): Promise<ManageDish> {
  return db.transaction().execute(async (trx) => {
    const before = await manageDish(trx, id);
    if (!before) throw notFound(DISH_MISSING.message, DISH_MISSING.code);
    if (before.archived) throw conflict(MENU_EDIT_TEXTS.archivedDish, 'archived');
    const dish = (await repo.listDishes(trx, [id]))[0];
    const offering = dish ? ((await restaurantsByKind(trx)).get(dish.menu_kind) ?? []) : [];
    if (!offering.includes(restaurantId))
      throw badRequest(`Рестораны: ${MENU_EDIT_TEXTS.restaurantMenu}`, 'validation');
    await savedOrStale(await repo.bumpDish(trx, id, body.version), () => manageDish(trx, id), DISH_MISSING);
    await repo.setCarried(trx, id, restaurantId, body.carried);
    const saved = (await manageDish(trx, id)) as ManageDish;
    await audit(trx, staff, {
      action: 'menu.dish.carry',
      restaurantId,
      target: `блюдо «${before.name}»`,
      before: { carried: before.restaurant_ids.includes(restaurantId) },
      after: { carried: body.carried },
    });
    return saved;
  });
}
