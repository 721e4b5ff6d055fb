/**
 * Loads the demo chain (demo-chain.ts) into an empty database: `npm start` calls
 * seedDemoChain once the migrations have run. A database that already has restaurants keeps
 * its catalogue, so the chain's real data is never overwritten; the demo texts and feedback
 * topics (demo-content.ts, decision 024) are added only where they are missing.
 */
import { readFileSync } from 'node:fs';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { SETTINGS_KEYS } from '@chain/contract';
import type { Database } from '../db/types';
import {
  DEMO_CATEGORIES,
  DEMO_COUPONS,
  DEMO_CUTLERY,
  DEMO_DISH_LABELS,
  DEMO_DISHES,
  DEMO_KIOSK_CODE,
  DEMO_RATING_SECTIONS,
  DEMO_RECOMMENDED,
  DEMO_RESTAURANTS,
  DEMO_SETTINGS,
  DEMO_STOP_LIST,
  DEMO_ZONES,
} from './demo-chain';
import { DEMO_FEEDBACK_TOPICS, demoPages } from './demo-content';
import { hashKioskCode } from '../modules/kiosk';
import { importCatalogueIn } from '../modules/catalogue';
import { mediaUrl, picturePaths } from './pictures';
import { DEMO_CATALOGUE_PATH } from '../paths';

type Rows<T extends keyof Database> = Array<Insertable<Database[T]>>;

/** Every row the demo chain inserts, table by table, in an order that satisfies the foreign keys. */
export interface DemoChainRows {
  settings: Rows<'settings'>;
  restaurants: Rows<'restaurants'>;
  restaurant_schedule: Rows<'restaurant_schedule'>;
  delivery_zones: Rows<'delivery_zones'>;
  restaurant_tables: Rows<'restaurant_tables'>;
  categories: Rows<'categories'>;
  dishes: Rows<'dishes'>;
  dish_options: Rows<'dish_options'>;
  stop_list: Rows<'stop_list'>;
  cutlery_items: Rows<'cutlery_items'>;
  recommended_items: Rows<'recommended_items'>;
  coupons: Rows<'coupons'>;
  rating_sections: Rows<'rating_sections'>;
  rating_items: Rows<'rating_items'>;
}

/** The demo chain's catalogue file (written by demo-catalogue.ts from the definitions above). */
export { DEMO_CATALOGUE_PATH };

/** Tables whose ids the seed sets itself; their identity sequences must move past them. */
const TABLES_WITH_IDS = [
  'restaurants',
  'delivery_zones',
  'restaurant_tables',
  'categories',
  'dishes',
  'dish_options',
  'cutlery_items',
  'recommended_items',
  'coupons',
  'rating_sections',
  'rating_items',
] as const satisfies ReadonlyArray<keyof DemoChainRows>;

export function demoChainRows(): DemoChainRows {
  const dishIdBySlug = new Map(DEMO_DISHES.map((dish) => [dish.slug, dish.id]));
  const dishId = (slug: string): number => {
    const id = dishIdBySlug.get(slug);
    if (id === undefined) throw new Error(`demo chain: no dish with slug "${slug}"`);
    return id;
  };
  const menuKindOf = new Map(DEMO_CATEGORIES.map((category) => [category.id, category.menuKind]));

  let nextTableId = 1;
  let nextOptionId = 1;

  return {
    // jsonb is sent as JSON text (the column types in db/types.ts say so).
    settings: SETTINGS_KEYS.map((key) => ({ key, value: JSON.stringify(DEMO_SETTINGS[key]) })),
    restaurants: DEMO_RESTAURANTS.map((r, index) => ({
      id: r.id,
      fs_uid: r.fsUid,
      name: r.name,
      name_short: r.nameShort,
      address: r.address,
      about: r.about,
      phone: r.phone,
      email: r.email,
      seating: r.seating,
      lat: r.lat,
      lon: r.lon,
      active: r.active,
      delivery_rest: r.deliveryRest,
      delivery_self: r.deliverySelf,
      delivery_courier: r.deliveryCourier,
      delivery_days: r.deliveryDays,
      delivery_days_true: r.deliveryDaysTrue,
      winecard: r.winecard,
      sbp: r.sbp,
      congestion_text: r.congestionText,
      menu_kinds: r.menuKinds,
      min_order_sum_inrest: r.minOrderSum.inrest,
      min_order_sum_self: r.minOrderSum.self,
      min_order_sum_shop_inrest: r.minOrderSum.shopInrest,
      min_order_sum_shop_self: r.minOrderSum.shopSelf,
      sort: index + 1,
    })),
    restaurant_schedule: DEMO_RESTAURANTS.flatMap((r) =>
      r.schedule.map((day) => ({
        restaurant_id: r.id,
        weekday: day.weekday,
        from_minute: day.fromMinute,
        to_minute: day.toMinute,
      })),
    ),
    delivery_zones: DEMO_ZONES.map((zone, index) => ({
      id: zone.id,
      restaurant_id: zone.restaurantId,
      name: zone.name,
      active: zone.active,
      polygon: JSON.stringify(zone.polygon),
      color: zone.color,
      periods: JSON.stringify(zone.periods),
      time_limit: zone.timeLimit,
      min_order_sum_rest: zone.minOrderSumRest,
      min_order_sum_shop: zone.minOrderSumShop,
      delivery_price: zone.deliveryPrice,
      free_delivery_from: zone.freeDeliveryFrom,
      sort: index + 1,
    })),
    restaurant_tables: DEMO_RESTAURANTS.flatMap((r) =>
      r.tables.map((t) => ({
        id: nextTableId++,
        restaurant_id: r.id,
        num: t.num,
        code: t.code,
        seats: t.seats,
        bookable: t.bookable,
      })),
    ),
    categories: DEMO_CATEGORIES.map((category, index) => ({
      id: category.id,
      menu_kind: category.menuKind,
      name: category.name,
      img: mediaUrl(picturePaths.category(category.slug)),
      sort: index + 1,
    })),
    dishes: DEMO_DISHES.map((dish, index) => {
      const picture = mediaUrl(picturePaths.dish(dish.slug));
      return {
        id: dish.id,
        category_id: dish.categoryId,
        name: dish.name,
        // A vector picture is sharp at any size, so the thumbnail and the full picture are one file.
        thumb: picture,
        img: picture,
        price: dish.price,
        weight: dish.weight,
        sostav: dish.sostav,
        more_ingredients: dish.moreIngredients ?? '',
        is_shop: menuKindOf.get(dish.categoryId) === 'shop',
        is_locked: dish.lockCode !== undefined,
        lock_code: dish.lockCode ?? null,
        cook_time: dish.cookTime,
        labels: [...(DEMO_DISH_LABELS[dish.slug] ?? [])],
        active: dish.active ?? true,
        sort: index + 1,
      };
    }),
    dish_options: DEMO_DISHES.flatMap((dish) =>
      (dish.options ?? []).map((option, index) => ({
        id: nextOptionId++,
        dish_id: dish.id,
        name: option.name,
        price: option.price,
        disabled: option.disabled,
        multicheck: option.multicheck,
        max_cnt: option.maxCnt,
        sort: index + 1,
      })),
    ),
    stop_list: DEMO_STOP_LIST.map((entry) => ({
      restaurant_id: entry.restaurantId,
      dish_id: dishId(entry.dishSlug),
      reason: entry.reason,
    })),
    cutlery_items: DEMO_CUTLERY.map((item, index) => ({
      id: item.id,
      name: item.name,
      price: item.price,
      free_cnt: item.freeCnt,
      max: item.max,
      order_types: item.orderTypes,
      sort: index + 1,
    })),
    recommended_items: DEMO_RECOMMENDED.map((item, index) => ({
      id: item.id,
      dish_id: dishId(item.dishSlug),
      free_cnt: item.freeCnt,
      separated: item.separated,
      order_types: item.orderTypes,
      sort: index + 1,
    })),
    coupons: DEMO_COUPONS.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      title: coupon.title,
      percent: coupon.percent,
      active_from: coupon.activeFrom,
      active_to: coupon.activeTo,
      order_types: coupon.orderTypes,
      restaurant_ids: coupon.restaurantIds,
      min_sum: coupon.minSum,
      once_per_user: coupon.oncePerUser,
      active: coupon.active,
    })),
    rating_sections: DEMO_RATING_SECTIONS.map((section, index) => ({
      id: section.id,
      name: section.name,
      sort: index + 1,
    })),
    rating_items: DEMO_RATING_SECTIONS.flatMap((section) =>
      section.items.map((item, index) => ({
        id: item.id,
        section_id: section.id,
        name: item.name,
        sort: index + 1,
      })),
    ),
  };
}

/** Puts the demo chain's menu, cutlery and recommendations into the database. */
export type CatalogueLoader = (trx: Transaction<Database>, rows: DemoChainRows) => Promise<void>;

/**
 * The menu, cutlery and recommendations from the shipped catalogue file, through the import a real
 * chain's catalogue takes (issue 31). (A test of older migrations, whose schema the import does not
 * fit, passes a loader of its own.)
 */
export const importDemoCatalogue: CatalogueLoader = async (trx) => {
  const catalogue = await importCatalogueIn(
    trx,
    { format: 'json', content: readFileSync(DEMO_CATALOGUE_PATH, 'utf8') },
    { dryRun: false },
  );
  if (!catalogue.applied)
    throw new Error(
      `the demo catalogue file is refused: ${catalogue.problems.map((problem) => `${problem.place}: ${problem.message}`).join('; ')}`,
    );
};

/**
 * Loads the demo chain in one transaction when the restaurants table is empty.
 * Returns { seeded: false } and changes nothing otherwise. `kioskCode`: the staff code every demo
 * restaurant's kiosk leaves kiosk mode with (DEMO_KIOSK_CODE); null sets none, for a database
 * migrated only up to before migration 015 (a test of older migrations over demo data).
 */
export async function seedDemoChain(
  db: Kysely<Database>,
  {
    kioskCode = DEMO_KIOSK_CODE,
    loadCatalogue = importDemoCatalogue,
  }: { kioskCode?: string | null; loadCatalogue?: CatalogueLoader } = {},
): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('restaurants').select('id').limit(1).executeTakeFirst();
    await seedDemoContent(trx);
    if (existing) return { seeded: false };

    const rows = demoChainRows();
    // Each restaurant's kiosk code hashed with a salt of its own, as an operator's would be.
    const restaurants =
      kioskCode === null
        ? rows.restaurants
        : await Promise.all(
            rows.restaurants.map(async (row) => ({ ...row, kiosk_code_hash: await hashKioskCode(kioskCode) })),
          );
    // Settings may have been written by hand before the first start; the seed fills the rest.
    await trx
      .insertInto('settings')
      .values(rows.settings)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await trx.insertInto('restaurants').values(restaurants).execute();
    await trx.insertInto('restaurant_schedule').values(rows.restaurant_schedule).execute();
    await trx.insertInto('delivery_zones').values(rows.delivery_zones).execute();
    await trx.insertInto('restaurant_tables').values(rows.restaurant_tables).execute();
    await loadCatalogue(trx, rows);
    await trx.insertInto('stop_list').values(rows.stop_list).execute();
    await trx.insertInto('coupons').values(rows.coupons).execute();
    await trx.insertInto('rating_sections').values(rows.rating_sections).execute();
    await trx.insertInto('rating_items').values(rows.rating_items).execute();

    // Explicit ids leave the identity sequences behind; move each past the largest id so
    // that the next row added by the app does not collide.
    for (const table of TABLES_WITH_IDS) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        trx,
      );
    }
    return { seeded: true };
  });
}

/**
 * The demo texts and feedback topics (decision 024), where they are missing: a page a manager
 * has edited is kept (a slug already there is not touched), and the topics are added only to an
 * empty table. A database migrated only up to before migration 016 (a test of older migrations
 * over demo data) has no such tables and gets none.
 */
export async function seedDemoContent(db: Kysely<Database>): Promise<void> {
  const tables = await sql<{ pages: string | null }>`select to_regclass('chain_pages')::text as pages`.execute(db);
  if (!tables.rows[0]?.pages) return;
  await db
    .insertInto('chain_pages')
    .values(demoPages())
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const topic = await db.selectFrom('feedback_topics').select('id').limit(1).executeTakeFirst();
  if (topic) return;
  for (const [index, category] of DEMO_FEEDBACK_TOPICS.entries()) {
    const { id } = await db
      .insertInto('feedback_topics')
      .values({ name: category.name, sort: index + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('feedback_topics')
      .values(category.items.map((name, itemIndex) => ({ parent_id: id, name, sort: itemIndex + 1 })))
      .execute();
  }
}
