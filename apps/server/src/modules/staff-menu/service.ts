import type { Kysely } from 'kysely';
import {
  STAFF_TEXTS,
  type CallBody,
  type StaffLoad,
  type StaffMenu,
  type staffLockCall,
  type staffSetLoadCall,
  type staffStopCall,
} from '@chain/contract';
import type { Database } from '../../db/types';
import { badRequest, notFound } from '../../http/errors';
import { savedOrStale } from '../../http/versioned';
import { restaurantLoads } from '../load';
import { findActiveRestaurant } from '../restaurants';
import { type StaffPrincipal, staffRestaurant, writeAudit } from '../staff';
import {
  clearLoadOverride,
  dishStops,
  hiddenCategories,
  loadOverride,
  menuDishes,
  optionStops,
  optionsOf,
  releaseDish,
  releaseOption,
  saveLoadOverride,
  setDishLock,
  stopDish,
  stopOption,
} from './repository';

// The staff's stop list, lock codes and load (issue 17, docs/staff.md): what the screens show,
// and every change saved with its audit row in one transaction.

/** How long staff load figures hold when they name no time. */
const DEFAULT_LOAD_HOURS = 4;

type MenuDish = StaffMenu['categories'][number]['dishes'][number];

type Restaurant = Awaited<ReturnType<typeof staffRestaurant>>;

/**
 * The restaurant's dishes as the staff screen shows them — each with its stop state and reason,
 * its options' stops and, for a chain manager, its lock code — those its guests can be offered
 * (the list), or one active dish of its menus (`dishId`: the stop and lock calls act on any).
 */
async function staffDishes(db: Kysely<Database>, restaurant: Restaurant, staff: StaffPrincipal, dishId: number | null) {
  const dishes = await menuDishes(
    db,
    restaurant.menu_kinds,
    dishId === null ? { offeredIn: restaurant.id } : { dishId },
  );
  const options = await optionsOf(
    db,
    dishes.map((dish) => dish.id),
  );
  const stops = new Map((await dishStops(db, restaurant.id)).map((stop) => [stop.dish_id, stop.reason]));
  const stoppedOptions = new Set((await optionStops(db, restaurant.id)).map((stop) => stop.option_id));
  return dishes.map((dish) => ({
    category: { id: dish.category_id, name: dish.category_name },
    dish: {
      id: dish.id,
      name: dish.name,
      price: dish.price,
      stopped: stops.has(dish.id),
      reason: stops.get(dish.id) ?? '',
      is_locked: dish.is_locked,
      lock_code: staff.chain ? (dish.lock_code ?? '') : '',
      version: dish.version,
      options: options
        .filter((option) => option.dish_id === dish.id)
        .map((option) => ({ id: option.id, name: option.name, stopped: stoppedOptions.has(option.id) })),
    } satisfies MenuDish,
  }));
}

/**
 * The restaurant's menus with its stop list, by category: only what its guests can be offered
 * (decision 054), and the hidden categories left out, by name.
 */
async function staffMenuOf(db: Kysely<Database>, restaurant: Restaurant, staff: StaffPrincipal): Promise<StaffMenu> {
  const categories: StaffMenu['categories'] = [];
  for (const { category, dish } of await staffDishes(db, restaurant, staff, null)) {
    const last = categories.at(-1);
    if (last?.id === category.id) last.dishes.push(dish);
    else categories.push({ ...category, dishes: [dish] });
  }
  return {
    restaurant: { id: restaurant.id, name: restaurant.name },
    categories,
    hidden_categories: await hiddenCategories(db, restaurant.menu_kinds, restaurant.id),
  };
}

/** One dish of the restaurant's menus as the staff screen shows it; 404 «Блюдо не найдено.» for none. */
async function staffDish(
  db: Kysely<Database>,
  restaurant: Restaurant,
  staff: StaffPrincipal,
  dishId: number,
): Promise<MenuDish> {
  const [found] = await staffDishes(db, restaurant, staff, dishId);
  if (!found) throw notFound(STAFF_TEXTS.dishNotFound, 'dish_not_found');
  return found.dish;
}

export async function staffLoadOf(db: Kysely<Database>, restaurantId: number): Promise<StaffLoad> {
  const restaurant = await findActiveRestaurant(db, restaurantId);
  const [load] = await restaurantLoads(db, [restaurant], { at: new Date(), forecast: false });
  const manual = await loadOverride(db, restaurantId);
  return {
    load_percent: load?.zagruzkaPerc ?? 0,
    avg_minutes: load?.timeSredn ?? 0,
    manual: manual
      ? {
          load_percent: manual.load_percent,
          avg_minutes: manual.avg_minutes,
          until: manual.until.toISOString(),
          set_by: manual.set_by,
        }
      : null,
  };
}

/** The restaurant's menus with its stop list, for a staff member of that restaurant. */
export async function staffMenu(db: Kysely<Database>, staff: StaffPrincipal, restaurantId: number): Promise<StaffMenu> {
  return staffMenuOf(db, await staffRestaurant(db, staff, restaurantId), staff);
}

/** Puts a dish or one of its options on the restaurant's stop list or takes it off; answers the dish as it is then. */
export async function saveStop(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  restaurantId: number,
  body: CallBody<typeof staffStopCall>,
): Promise<MenuDish> {
  const restaurant = await staffRestaurant(db, staff, restaurantId);
  const before = await staffDish(db, restaurant, staff, body.dish_id);
  const reason = body.reason?.trim() ?? '';
  const optionId = body.option_id ?? null;
  await db.transaction().execute(async (trx) => {
    if (optionId === null) {
      if (body.stopped) await stopDish(trx, restaurantId, body.dish_id, reason);
      else await releaseDish(trx, restaurantId, body.dish_id);
      await writeAudit(trx, staff, {
        action: 'stop_list.dish',
        restaurantId,
        target: `блюдо «${before.name}»`,
        before: { stopped: before.stopped, reason: before.reason },
        after: { stopped: body.stopped, reason: body.stopped ? reason : '' },
      });
      return;
    }
    const option = before.options.find((candidate) => candidate.id === optionId);
    if (!option) throw notFound(STAFF_TEXTS.dishNotFound, 'dish_not_found');
    if (body.stopped) await stopOption(trx, restaurantId, optionId, reason);
    else await releaseOption(trx, restaurantId, optionId);
    await writeAudit(trx, staff, {
      action: 'stop_list.option',
      restaurantId,
      target: `опция «${option.name}» блюда «${before.name}»`,
      before: { stopped: option.stopped },
      after: { stopped: body.stopped },
    });
  });
  return staffDish(db, restaurant, staff, body.dish_id);
}

/** Sets or removes a dish's lock code (a chain manager's: the route checks); answers the dish as it is then. */
export async function saveDishLock(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  restaurantId: number,
  dishId: number,
  body: CallBody<typeof staffLockCall>,
): Promise<MenuDish> {
  const restaurant = await staffRestaurant(db, staff, restaurantId);
  const before = await staffDish(db, restaurant, staff, dishId);
  const code = body.code?.trim() ?? '';
  if (body.locked && code === '') throw badRequest(STAFF_TEXTS.lockCodeRequired, 'validation');
  await db.transaction().execute(async (trx) => {
    // Over the version the screen read: a lock code or a dish form saved since is a 409 with the dish now.
    await savedOrStale(
      await setDishLock(trx, dishId, body.version, body.locked ? code : null),
      () => staffDish(trx, restaurant, staff, dishId),
      {
        message: STAFF_TEXTS.dishNotFound,
        code: 'dish_not_found',
      },
    );
    await writeAudit(trx, staff, {
      action: 'dish.lock',
      restaurantId,
      target: `блюдо «${before.name}»`,
      before: { locked: before.is_locked, code: before.lock_code },
      after: { locked: body.locked, code: body.locked ? code : '' },
    });
  });
  return staffDish(db, restaurant, staff, dishId);
}

/** Sets the restaurant's load figures for some hours, or clears them (`load_percent` null); answers the load as it is then. */
export async function saveLoad(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  restaurantId: number,
  body: CallBody<typeof staffSetLoadCall>,
): Promise<StaffLoad> {
  const restaurant = await staffRestaurant(db, staff, restaurantId);
  const before = await staffLoadOf(db, restaurantId);
  await db.transaction().execute(async (trx) => {
    if (body.load_percent === null) await clearLoadOverride(trx, restaurantId);
    else {
      await saveLoadOverride(trx, {
        restaurantId,
        loadPercent: body.load_percent,
        avgMinutes: body.avg_minutes ?? Math.max(1, before.avg_minutes),
        hours: body.hours ?? DEFAULT_LOAD_HOURS,
        staffId: staff.id,
      });
    }
    await writeAudit(trx, staff, {
      action: 'load.set',
      restaurantId,
      target: `ресторан «${restaurant.name}»`,
      before: before.manual,
      after: body,
    });
  });
  return staffLoadOf(db, restaurantId);
}
