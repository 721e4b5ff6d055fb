import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFileText, SETTINGS_KEYS, settingsResponse } from '@chain/contract';
import { zoneContainsPoint } from '@chain/domain';
import type { Database } from '../db/types';
import {
  DEMO_CATEGORIES,
  DEMO_COUPONS,
  DEMO_CUTLERY,
  DEMO_DISHES,
  DEMO_RATING_SECTIONS,
  DEMO_RECOMMENDED,
  DEMO_RESTAURANTS,
  DEMO_SETTINGS,
  DEMO_STOP_LIST,
  DEMO_ZONES,
} from './demo-chain';
import { demoCatalogueFile } from './demo-catalogue';
import { DEMO_CATALOGUE_PATH, demoChainRows, seedDemoChain } from './load';
import { MEDIA_DIR, demoPictures } from './write-pictures';

const rows = demoChainRows();
const activeRestaurants = DEMO_RESTAURANTS.filter((r) => r.active);
const restaurantIds = new Set(DEMO_RESTAURANTS.map((r) => r.id));
const dishSlugs = new Set(DEMO_DISHES.map((d) => d.slug));

/** Moscow within the MKAD ring, roughly. */
const isInMoscow = (lat: number, lon: number) => lat > 55.57 && lat < 55.92 && lon > 37.36 && lon < 37.85;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('demo chain: restaurants (SPEC 3 Restaurant)', () => {
  it('has at least six Moscow restaurants with real-looking contacts and uuid v4 fs_uids', () => {
    expect(DEMO_RESTAURANTS.length).toBeGreaterThanOrEqual(6);
    for (const r of DEMO_RESTAURANTS) {
      expect(r.address).toMatch(/^Москва, .+\d/);
      expect(isInMoscow(r.lat, r.lon), r.name).toBe(true);
      expect(r.phone).toMatch(/^\+7 \d{3} \d{3}-\d{2}-\d{2}$/);
      expect(r.phone.replace(/\D/g, '')).toHaveLength(11); // SPEC 5: 11 digits
      expect(r.email).toMatch(/^[a-z0-9.-]+@[a-z0-9.-]+\.[a-z]{2,}$/);
      expect(r.fsUid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(r.name.length).toBeGreaterThan(r.nameShort.length);
      expect(r.about.length).toBeGreaterThan(20);
      expect(r.seating).toBeGreaterThanOrEqual(0);
      expect(r.menuKinds.length).toBeGreaterThan(0);
    }
    expect(new Set(DEMO_RESTAURANTS.map((r) => r.id)).size).toBe(DEMO_RESTAURANTS.length);
    expect(new Set(DEMO_RESTAURANTS.map((r) => r.fsUid)).size).toBe(DEMO_RESTAURANTS.length);
  });

  it('covers all eight combinations of deliveryRest, deliverySelf and deliveryCourier among active restaurants', () => {
    const combinations = new Set(
      activeRestaurants.map((r) => `${+r.deliveryRest}${+r.deliverySelf}${+r.deliveryCourier}`),
    );
    expect([...combinations].sort()).toEqual(['000', '001', '010', '011', '100', '101', '110', '111']);
  });

  it('takes table orders around the clock somewhere, so the table path can be tried at any hour (SPEC 5)', () => {
    const allDay = activeRestaurants.filter(
      (r) =>
        r.deliveryRest &&
        r.tables.length > 0 &&
        r.schedule.length === 7 &&
        r.schedule.every((day) => day.toMinute - day.fromMinute === 24 * 60),
    );
    expect(allDay.map((r) => r.nameShort)).toEqual(['Тверская']);
  });

  it('has an inactive restaurant whose flags are on, so that active=false must win (SPEC 5)', () => {
    const inactive = DEMO_RESTAURANTS.filter((r) => !r.active);
    expect(inactive).toHaveLength(1);
    expect(inactive[0]).toMatchObject({ deliveryRest: true, deliverySelf: true, deliveryCourier: true });
  });

  it('varies menu kinds, wine cards, sbp, congestion texts, day limits and minimum sums', () => {
    expect(
      DEMO_RESTAURANTS.some((r) => ['restaurant', 'shop', 'bar'].every((k) => r.menuKinds.includes(k as never))),
    ).toBe(true);
    expect(DEMO_RESTAURANTS.some((r) => r.menuKinds.length === 1)).toBe(true);
    expect(DEMO_RESTAURANTS.some((r) => r.menuKinds.length === 2)).toBe(true);
    expect(new Set(DEMO_RESTAURANTS.map((r) => r.winecard))).toEqual(new Set([true, false]));
    expect(new Set(DEMO_RESTAURANTS.map((r) => r.sbp))).toEqual(new Set([true, false]));
    expect(DEMO_RESTAURANTS.filter((r) => r.congestionText !== '').length).toBeGreaterThanOrEqual(4);
    expect(DEMO_RESTAURANTS.some((r) => r.deliveryDays > 0)).toBe(true);
    expect(DEMO_RESTAURANTS.some((r) => r.deliveryDaysTrue > 0)).toBe(true);
    for (const r of DEMO_RESTAURANTS) {
      for (const sum of Object.values(r.minOrderSum)) expect(Number.isInteger(sum) && sum >= 0).toBe(true);
    }
    expect(DEMO_RESTAURANTS.some((r) => r.minOrderSum.self > 0 && r.minOrderSum.shopSelf > r.minOrderSum.self)).toBe(
      true,
    );
  });
});

describe('demo chain: schedules (SPEC 4 open now, SPEC 9 06:00 day boundary)', () => {
  it('keeps every day within the table constraints, one row per weekday', () => {
    for (const r of DEMO_RESTAURANTS) {
      const weekdays = r.schedule.map((d) => d.weekday);
      expect(new Set(weekdays).size, r.name).toBe(weekdays.length);
      for (const day of r.schedule) {
        expect(day.weekday).toBeGreaterThanOrEqual(1);
        expect(day.weekday).toBeLessThanOrEqual(7);
        expect(day.fromMinute).toBeGreaterThanOrEqual(0);
        expect(day.toMinute).toBeGreaterThan(day.fromMinute);
        expect(day.toMinute).toBeLessThanOrEqual(1800);
      }
    }
  });

  it('has a restaurant open past midnight (12:00–02:00 is 720–1560)', () => {
    const pokrovka = DEMO_RESTAURANTS.find((r) => r.schedule.some((d) => d.fromMinute === 720 && d.toMinute === 1560));
    expect(pokrovka).toBeDefined();
    expect(pokrovka!.schedule.every((d) => d.toMinute >= 1440)).toBe(true);
  });

  it('has an active restaurant closed on one weekday only (no row for it)', () => {
    const closedOneDay = activeRestaurants.filter((r) => r.schedule.length === 6);
    expect(closedOneDay.length).toBeGreaterThanOrEqual(1);
    expect(closedOneDay[0]!.schedule.map((d) => d.weekday)).not.toContain(1);
  });

  it('has restaurants open around the clock: 06:00 to 06:00 every day', () => {
    const allDay = DEMO_RESTAURANTS.filter(
      (r) => r.schedule.length === 7 && r.schedule.every((d) => d.fromMinute === 360 && d.toMinute === 1800),
    );
    expect(allDay.map((r) => r.nameShort)).toEqual(['Курский', 'Тверская']);
  });
});

describe('demo chain: delivery zones (SPEC 3 Delivery zone, SPEC 5 zone test)', () => {
  it('gives every active courier restaurant an active zone, and zones only to courier restaurants', () => {
    for (const r of activeRestaurants.filter((r) => r.deliveryCourier)) {
      expect(
        DEMO_ZONES.some((z) => z.restaurantId === r.id && z.active),
        r.name,
      ).toBe(true);
    }
    for (const zone of DEMO_ZONES) {
      expect(DEMO_RESTAURANTS.find((r) => r.id === zone.restaurantId)?.deliveryCourier).toBe(true);
    }
  });

  it('draws each polygon as closed rings of [lon, lat] inside Moscow', () => {
    for (const zone of DEMO_ZONES) {
      expect(zone.polygon.length).toBeGreaterThanOrEqual(1);
      for (const ring of zone.polygon) {
        expect(ring.length, zone.name).toBeGreaterThanOrEqual(4);
        expect(ring.at(-1)).toEqual(ring[0]);
        for (const [lon, lat] of ring) expect(isInMoscow(lat, lon), `${zone.name} ${lon},${lat}`).toBe(true);
      }
    }
  });

  it('puts each courier restaurant inside one of its own zones', () => {
    for (const r of DEMO_RESTAURANTS.filter((r) => r.deliveryCourier)) {
      const own = DEMO_ZONES.filter((z) => z.restaurantId === r.id);
      expect(
        own.some((z) => zoneContainsPoint(z.polygon, { lat: r.lat, lon: r.lon })),
        r.name,
      ).toBe(true);
    }
  });

  it('never lets two zones overlap, so an address finds at most one zone', () => {
    const overlaps: string[] = [];
    for (let lat = 55.69; lat < 55.81; lat += 0.0008) {
      for (let lon = 37.53; lon < 37.74; lon += 0.0012) {
        const hits = DEMO_ZONES.filter((z) => zoneContainsPoint(z.polygon, { lat, lon }));
        if (hits.length > 1) overlaps.push(hits.map((z) => z.name).join(' + '));
      }
    }
    expect(overlaps).toEqual([]);
  });

  it('uses 9-character #AARRGGBB colours (SPEC 9 moves the alpha pair)', () => {
    for (const zone of DEMO_ZONES) expect(zone.color).toMatch(/^#[0-9A-F]{8}$/);
  });

  it('has well-formed periods, a zone without periods and an inactive zone', () => {
    for (const zone of DEMO_ZONES) {
      for (const period of zone.periods) {
        expect(period.from).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(period.to).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(minutesOf(period.to)).toBeGreaterThan(minutesOf(period.from));
        expect(period.days).toHaveLength(7);
        expect(period.days.every((d) => d === 0 || d === 1)).toBe(true);
        expect(period.days).toContain(1);
      }
    }
    expect(DEMO_ZONES.filter((z) => z.periods.length === 0)).toHaveLength(1);
    expect(DEMO_ZONES.filter((z) => !z.active)).toHaveLength(1);
    expect(DEMO_ZONES.some((z) => z.periods.some((p) => p.days.includes(0)))).toBe(true);
  });

  it('has time limits, minimum sums for restaurant and shop, prices and free-delivery thresholds', () => {
    for (const zone of DEMO_ZONES) {
      expect(zone.timeLimit).toBeGreaterThan(0);
      expect(zone.minOrderSumRest).toBeGreaterThan(0);
      expect(zone.minOrderSumShop).toBeGreaterThan(0);
      expect(zone.deliveryPrice).toBeGreaterThan(0);
      if (zone.freeDeliveryFrom !== null) expect(zone.freeDeliveryFrom).toBeGreaterThan(zone.minOrderSumRest);
    }
    expect(DEMO_ZONES.some((z) => z.freeDeliveryFrom === null)).toBe(true);
    expect(DEMO_ZONES.some((z) => z.minOrderSumShop !== z.minOrderSumRest)).toBe(true);
  });
});

describe('demo chain: menu (SPEC 3 Category, Dish, Option)', () => {
  it('has at least 60 dishes in at least 10 categories across the restaurant, shop and bar menus', () => {
    expect(DEMO_DISHES.length).toBeGreaterThanOrEqual(60);
    expect(DEMO_CATEGORIES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(DEMO_CATEGORIES.map((c) => c.menuKind))).toEqual(new Set(['restaurant', 'shop', 'bar']));
    for (const category of DEMO_CATEGORIES) {
      expect(DEMO_DISHES.filter((d) => d.categoryId === category.id).length, category.name).toBeGreaterThanOrEqual(4);
    }
  });

  it('gives every dish a unique id and slug, a realistic price in kopecks, a weight and a composition', () => {
    expect(new Set(DEMO_DISHES.map((d) => d.id)).size).toBe(DEMO_DISHES.length);
    expect(dishSlugs.size).toBe(DEMO_DISHES.length);
    for (const dish of DEMO_DISHES) {
      expect(dish.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(DEMO_CATEGORIES.some((c) => c.id === dish.categoryId)).toBe(true);
      expect(Number.isInteger(dish.price)).toBe(true);
      expect(dish.price, dish.name).toBeGreaterThanOrEqual(5_000); // 50 ₽
      expect(dish.price, dish.name).toBeLessThanOrEqual(500_000); // 5000 ₽
      expect(dish.weight).toMatch(/^[\d ×,]+ (г|кг|л|мл)$/);
      expect(dish.sostav.length).toBeGreaterThan(3);
      expect(dish.cookTime).toBeGreaterThanOrEqual(0);
    }
    expect(DEMO_DISHES.filter((d) => d.moreIngredients).length).toBeGreaterThanOrEqual(10);
    expect(DEMO_DISHES.some((d) => d.weight.endsWith(' л'))).toBe(true);
  });

  it('has single options, counted multi options with max_cnt, and disabled options', () => {
    const options = DEMO_DISHES.flatMap((d) => d.options ?? []);
    expect(options.some((o) => !o.multicheck)).toBe(true);
    expect(options.some((o) => o.multicheck && o.maxCnt > 1)).toBe(true);
    expect(options.some((o) => o.disabled && !o.multicheck)).toBe(true);
    expect(options.some((o) => o.disabled && o.multicheck)).toBe(true);
    for (const option of options) {
      expect(option.maxCnt).toBeGreaterThanOrEqual(1);
      if (!option.multicheck) expect(option.maxCnt).toBe(1);
      expect(Number.isInteger(option.price) && option.price >= 0).toBe(true);
    }
    // A dish with single options offers at least two and at least one enabled.
    for (const dish of DEMO_DISHES) {
      const singles = (dish.options ?? []).filter((o) => !o.multicheck);
      if (singles.length > 0) {
        expect(singles.length, dish.name).toBeGreaterThanOrEqual(2);
        expect(
          singles.some((o) => !o.disabled),
          dish.name,
        ).toBe(true);
      }
    }
  });

  it('marks exactly the shop menu dishes as is_shop', () => {
    const shopCategories = new Set(DEMO_CATEGORIES.filter((c) => c.menuKind === 'shop').map((c) => c.id));
    for (const dish of rows.dishes) expect(dish.is_shop).toBe(shopCategories.has(dish.category_id));
    expect(rows.dishes.filter((d) => d.is_shop).length).toBeGreaterThanOrEqual(10);
  });

  it('has exactly one locked dish, and it has a lock code (SPEC 4)', () => {
    const locked = rows.dishes.filter((d) => d.is_locked);
    expect(locked).toHaveLength(1);
    expect(locked[0]!.lock_code).toMatch(/^\d{4}$/);
    expect(rows.dishes.filter((d) => d.lock_code !== null)).toHaveLength(1);
  });

  it('has an inactive dish', () => {
    expect(rows.dishes.filter((d) => d.active === false)).toHaveLength(1);
  });

  it('stop-lists existing dishes in existing restaurants, with a reason', () => {
    expect(new Set(DEMO_STOP_LIST.map((e) => e.restaurantId)).size).toBeGreaterThanOrEqual(3);
    for (const entry of DEMO_STOP_LIST) {
      expect(restaurantIds.has(entry.restaurantId)).toBe(true);
      expect(dishSlugs.has(entry.dishSlug), entry.dishSlug).toBe(true);
      expect(entry.reason.length).toBeGreaterThan(5);
    }
    const keys = DEMO_STOP_LIST.map((e) => `${e.restaurantId}/${e.dishSlug}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('demo chain: cutlery, recommendations, coupons, ratings, tables', () => {
  it('has cutlery items with a free count and a maximum (SPEC 5)', () => {
    expect(DEMO_CUTLERY.length).toBeGreaterThanOrEqual(3);
    for (const item of DEMO_CUTLERY) {
      expect(item.max).toBeGreaterThan(item.freeCnt);
      expect(item.price).toBeGreaterThan(0);
      expect(item.orderTypes.length).toBeGreaterThan(0);
    }
    expect(DEMO_CUTLERY.some((i) => i.freeCnt > 0)).toBe(true);
    expect(DEMO_CUTLERY.some((i) => i.freeCnt === 0)).toBe(true);
  });

  it('recommends existing active dishes, some of them shown separately', () => {
    for (const item of DEMO_RECOMMENDED) {
      const dish = DEMO_DISHES.find((d) => d.slug === item.dishSlug);
      expect(dish, item.dishSlug).toBeDefined();
      expect(dish!.active ?? true).toBe(true);
    }
    expect(DEMO_RECOMMENDED.some((i) => i.separated)).toBe(true);
    expect(DEMO_RECOMMENDED.some((i) => !i.separated)).toBe(true);
    expect(DEMO_RECOMMENDED.some((i) => i.freeCnt > 0)).toBe(true);
  });

  it('has coupons with valid dates and one for every way a coupon can apply or fail', () => {
    const isDate = (s: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
    for (const coupon of DEMO_COUPONS) {
      expect(isDate(coupon.activeFrom) && isDate(coupon.activeTo), coupon.code).toBe(true);
      expect(coupon.activeTo >= coupon.activeFrom).toBe(true);
      expect(coupon.percent).not.toBe(0);
      expect(Math.abs(coupon.percent)).toBeLessThanOrEqual(100);
      expect(coupon.code).toMatch(/^[A-Z0-9]+$/);
      for (const id of coupon.restaurantIds ?? []) expect(restaurantIds.has(id)).toBe(true);
    }
    expect(new Set(DEMO_COUPONS.map((c) => c.code)).size).toBe(DEMO_COUPONS.length);
    const plain = DEMO_COUPONS.find((c) => c.code === 'ZHAR10')!;
    expect(plain).toMatchObject({
      percent: 10,
      activeFrom: '2025-01-01',
      activeTo: '2030-12-31',
      active: true,
      minSum: 0,
    });
    expect(DEMO_COUPONS.some((c) => c.activeTo < '2026-01-01')).toBe(true); // expired
    expect(DEMO_COUPONS.some((c) => c.minSum > 0)).toBe(true);
    expect(DEMO_COUPONS.some((c) => c.oncePerUser)).toBe(true);
    expect(DEMO_COUPONS.some((c) => c.restaurantIds !== null && c.restaurantIds.length > 0)).toBe(true);
    expect(DEMO_COUPONS.some((c) => c.percent < 0)).toBe(true);
    expect(DEMO_COUPONS.some((c) => c.orderTypes.length === 1)).toBe(true);
    expect(DEMO_COUPONS.some((c) => !c.active)).toBe(true);
  });

  it('has rating sections with items', () => {
    expect(DEMO_RATING_SECTIONS.map((s) => s.name)).toEqual(expect.arrayContaining(['Кухня', 'Сервис']));
    for (const section of DEMO_RATING_SECTIONS) expect(section.items.length).toBeGreaterThanOrEqual(2);
    const itemIds = DEMO_RATING_SECTIONS.flatMap((s) => s.items.map((i) => i.id));
    expect(new Set(itemIds).size).toBe(itemIds.length);
  });

  it('gives tables unique, random-looking codes, numbers unique per restaurant and 2–8 seats', () => {
    const codes = rows.restaurant_tables.map((t) => t.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const r of DEMO_RESTAURANTS) {
      const nums = r.tables.map((t) => t.num);
      expect(new Set(nums).size).toBe(nums.length);
      if (r.tables.length > 0) expect(r.deliveryRest, r.name).toBe(true);
      for (const t of r.tables) {
        expect(t.code).toMatch(/^T-[2-9A-HJ-NP-Z]{4}-\d{2}$/);
        expect([2, 4, 6, 8]).toContain(t.seats);
      }
    }
    // Every restaurant that takes orders at the table has tables (SPEC 5 table ordering).
    for (const r of DEMO_RESTAURANTS.filter((r) => r.deliveryRest)) expect(r.tables.length, r.name).toBeGreaterThan(0);
    expect(rows.restaurant_tables.some((t) => t.bookable === false)).toBe(true);
  });
});

describe('demo chain: settings (SPEC 3 Settings)', () => {
  it('provides every settings key, and the assembled object passes the contract', () => {
    expect(rows.settings.map((s) => s.key)).toEqual(SETTINGS_KEYS);
    const assembled = Object.fromEntries(rows.settings.map((s) => [s.key, JSON.parse(s.value as string)]));
    expect(settingsResponse.parse(assembled)).toEqual(DEMO_SETTINGS);
  });

  it('turns every service on and carries the brand', () => {
    const flags = [
      'delivery',
      'allow_email_auth',
      'allow_inbound_auth',
      'allow_phone_auth',
      'allow_predzakaz',
      'allow_delayed',
      'show_zagruzka',
      'show_restmap',
    ] as const;
    for (const flag of flags) expect(DEMO_SETTINGS[flag], flag).toBe(1);
    expect(DEMO_SETTINGS.hotline).toMatch(/^\+7 495 \d{3}-\d{2}-\d{2}$/);
    expect(DEMO_SETTINGS.tips_volume.length).toBeGreaterThanOrEqual(3);
    for (const tip of DEMO_SETTINGS.tips_volume) expect(tip.text).toBe(`${tip.sum / 100} ₽`);
    expect(DEMO_SETTINGS.brand_color).toMatch(/^#[0-9A-F]{6}$/);
    expect(DEMO_SETTINGS.logo).toBe('/media/brand/logo.svg');
    for (const url of [DEMO_SETTINGS.app_store_url, DEMO_SETTINGS.google_play_url, DEMO_SETTINGS.tips_url]) {
      expect(url).toMatch(/^https:\/\/([a-z]+\.)?zharpech\.ru\//);
    }
    for (const text of [DEMO_SETTINGS.textNoTime, DEMO_SETTINGS.text_stoplist, DEMO_SETTINGS.text_info]) {
      expect(text).toMatch(/[а-яё]/i);
    }
  });
});

describe('demo chain: pictures', () => {
  const pictures = demoPictures();

  it('points every dish and category at a local /media/ picture that exists', () => {
    const urls = [
      ...rows.dishes.flatMap((d) => [d.thumb, d.img]),
      ...rows.categories.map((c) => c.img),
      DEMO_SETTINGS.logo,
    ];
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/(dishes|categories|brand)\/[a-z0-9-]+\.svg$/);
      expect(existsSync(join(MEDIA_DIR, url.slice('/media/'.length))), url).toBe(true);
    }
  });

  it('ships the demo catalogue file as demo-catalogue.ts writes it from the definitions (issue 31: the seed loads it through the import)', () => {
    expect(
      readFileSync(DEMO_CATALOGUE_PATH, 'utf8'),
      'run node --import tsx apps/server/src/seed/demo-catalogue.ts',
    ).toBe(catalogueFileText(demoCatalogueFile()));
  });

  it('keeps the files on disk identical to what write-pictures.ts draws, with no stray files', () => {
    for (const [path, text] of pictures) expect(readFileSync(join(MEDIA_DIR, path), 'utf8'), path).toBe(text);
    const onDisk = ['brand', 'categories', 'dishes'].flatMap((folder) =>
      readdirSync(join(MEDIA_DIR, folder)).map((file) => `${folder}/${file}`),
    );
    expect(onDisk.sort()).toEqual([...pictures.keys()].sort());
  });

  it('keeps pictures small, scalable and free of external URLs', () => {
    let total = 0;
    for (const [path, text] of pictures) {
      const size = statSync(join(MEDIA_DIR, path)).size;
      total += size;
      expect(size, path).toBeLessThan(6 * 1024);
      const root = text.slice(0, text.indexOf('>'));
      expect(root).toMatch(/viewBox="0 0 \d+ \d+"/);
      expect(root).not.toMatch(/\s(width|height)=/);
      // The only URL-shaped text allowed is the SVG namespace name, which is never fetched.
      expect(text.replaceAll('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|xlink|<image|<text/);
    }
    expect(total).toBeLessThan(512 * 1024);
  });

  it('draws different dishes differently', () => {
    const dishTexts = DEMO_DISHES.map((d) => pictures.get(`dishes/${d.slug}.svg`));
    expect(new Set(dishTexts).size).toBe(DEMO_DISHES.length);
  });
});

describe('seedDemoChain against PGlite', () => {
  let pg: PGlite;
  let db: Kysely<Database>;

  beforeAll(async () => {
    pg = new PGlite();
    // Every migration: the seed writes the catalogue through the catalogue import (issue 31).
    for (const file of readdirSync(new URL('../db/migrations/', import.meta.url))
      .filter((name) => name.endsWith('.sql'))
      .sort()) {
      await pg.exec(readFileSync(new URL(`../db/migrations/${file}`, import.meta.url), 'utf8'));
    }
    // A minimal pool over PGlite; the app's own dialect lives in src/db.
    const pool = {
      connect: async () => ({
        query: async (text: string, params: unknown[]) => {
          const result = params.length ? await pg.query(text, params) : (await pg.exec(text)).at(-1)!;
          return {
            rows: result.rows,
            rowCount: result.affectedRows ?? 0,
            command: text.trim().split(/\s+/)[0]!.toUpperCase(),
          };
        },
        release() {},
      }),
      end: async () => {},
    };
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await pg?.close();
  });

  const count = async (table: keyof Database) =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('loads every table into an empty database, then refuses to load twice', async () => {
    expect(await seedDemoChain(db)).toEqual({ seeded: true });
    const expected: Array<[keyof Database, number]> = [
      ['settings', SETTINGS_KEYS.length],
      ['restaurants', DEMO_RESTAURANTS.length],
      ['restaurant_schedule', rows.restaurant_schedule.length],
      ['delivery_zones', DEMO_ZONES.length],
      ['restaurant_tables', rows.restaurant_tables.length],
      ['categories', DEMO_CATEGORIES.length],
      ['dishes', DEMO_DISHES.length],
      ['dish_options', rows.dish_options.length],
      ['stop_list', DEMO_STOP_LIST.length],
      ['cutlery_items', DEMO_CUTLERY.length],
      ['recommended_items', DEMO_RECOMMENDED.length],
      ['coupons', DEMO_COUPONS.length],
      ['rating_sections', DEMO_RATING_SECTIONS.length],
      ['rating_items', rows.rating_items.length],
    ];
    for (const [table, n] of expected) expect(await count(table), table).toBe(n);

    expect(await seedDemoChain(db)).toEqual({ seeded: false });
    expect(await count('dishes')).toBe(DEMO_DISHES.length);
  });

  it('stores jsonb and arrays as structured values', async () => {
    const zone = await db.selectFrom('delivery_zones').selectAll().where('id', '=', 2).executeTakeFirstOrThrow();
    expect(zone.polygon).toEqual(DEMO_ZONES[1]!.polygon);
    expect(zone.periods).toEqual(DEMO_ZONES[1]!.periods);
    const flagship = await db.selectFrom('restaurants').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(flagship.menu_kinds).toEqual(['restaurant', 'shop', 'bar']);
    const coupon = await db.selectFrom('coupons').selectAll().where('code', '=', 'BAR12').executeTakeFirstOrThrow();
    expect(coupon.restaurant_ids).toEqual([1, 2]);
    const settings = await db.selectFrom('settings').selectAll().execute();
    expect(settingsResponse.parse(Object.fromEntries(settings.map((s) => [s.key, s.value])))).toEqual(DEMO_SETTINGS);
  });

  it('moves the identity sequences past the seeded ids', async () => {
    const added = await db
      .insertInto('coupons')
      .values({ code: 'TEST1', title: 'Проверка', percent: 5, active_from: '2026-01-01', active_to: '2026-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(DEMO_COUPONS.length + 1);
    const dish = await db
      .insertInto('dishes')
      .values({ category_id: 1, name: 'Новая', thumb: '/media/x.svg', img: '/media/x.svg', price: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(dish.id).toBe(Math.max(...DEMO_DISHES.map((d) => d.id)) + 1);
  });
});
