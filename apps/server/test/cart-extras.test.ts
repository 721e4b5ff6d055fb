import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartPriborsAction, cartRecommendsAction, errorResponse } from '@chain/contract';
import { DEMO_CUTLERY, DEMO_DISHES, DEMO_RECOMMENDED, DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { action } from './support/rest';

const PATRIKI = DEMO_RESTAURANTS[0]!;
const dishOf = (slug: string) => DEMO_DISHES.find((dish) => dish.slug === slug)!;
const recommendation = (slug: string) => DEMO_RECOMMENDED.find((item) => item.dishSlug === slug)!;

describe.each(databaseKinds())('the cart’s extras on %s (SPEC 2 Cart, SPEC 3, 5, 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const rest = (name: string, fields: unknown) => action(t.app, name, fields);
  const recommends = async (fields: Record<string, unknown>) => {
    const res = await rest('cartRecommends', fields);
    expect(res.statusCode, res.body).toBe(200);
    return cartRecommendsAction.response.parse(res.json());
  };
  const askCutlery = async (fields: Record<string, unknown>) => {
    const res = await rest('cartPribors', fields);
    expect(res.statusCode, res.body).toBe(200);
    return cartPriborsAction.response.parse(res.json());
  };

  describe('cartRecommends', () => {
    it('suggests the recommendations for the order type with their dish, price and free count', async () => {
      const body = await recommends({ order_type: 'self', restoran_id: PATRIKI.id, cart_items: [] });
      expect(body.items.map((item) => item.id)).toEqual(DEMO_RECOMMENDED.map((item) => item.id));
      expect(body.show_separated).toBe(1);
      const soy = recommendation('soy-sauce');
      const offered = body.items.find((item) => item.id === soy.id);
      expect(offered?.img).toMatch(/^\/media\//);
      expect(offered).toEqual({
        id: soy.id,
        dish_id: dishOf('soy-sauce').id,
        name: dishOf('soy-sauce').name,
        cnt: 0,
        price: dishOf('soy-sauce').price,
        free_cnt: 1,
        separated: 0,
        img: offered?.img,
        weight: dishOf('soy-sauce').weight,
      });
    });

    it('keeps only the recommendations of the order type (SPEC 3)', async () => {
      const inrest = await recommends({ order_type: 'inrest', restoran_id: PATRIKI.fsUid });
      const expected = DEMO_RECOMMENDED.filter((item) => item.orderTypes.includes('inrest')).map((item) => item.id);
      expect(inrest.items.map((item) => item.id)).toEqual(expected);
      expect(inrest.items.map((item) => item.id)).not.toContain(recommendation('soy-sauce').id);
    });

    it('never suggests what is already in the cart', async () => {
      const cheese = dishOf('cheese-sauce');
      const body = await recommends({
        order_type: 'self',
        restoran_id: PATRIKI.id,
        cart_items: [
          { token: 'abc', item: cheese.id, cnt: 1, comment: '', spec: '', specs: [] },
          { item: String(DEMO_DISHES[0]!.id), cnt: '2' },
        ],
      });
      expect(body.items.map((item) => item.dish_id)).not.toContain(cheese.id);
      expect(body.items).toHaveLength(DEMO_RECOMMENDED.length - 1);
    });

    it('never suggests a dish stopped at this restaurant, and still does at another', async () => {
      const lemonade = dishOf('tarragon-lemonade');
      await t.database.db
        .insertInto('stop_list')
        .values({ restaurant_id: PATRIKI.id, dish_id: lemonade.id, reason: 'Нет эстрагона' })
        .execute();
      expect(
        (await recommends({ order_type: 'self', restoran_id: PATRIKI.id })).items.map((item) => item.dish_id),
      ).not.toContain(lemonade.id);
      expect((await recommends({ order_type: 'self', restoran_id: 2 })).items.map((item) => item.dish_id)).toContain(
        lemonade.id,
      );
    });

    it('never suggests a dish that is not sold or not on this restaurant’s menus', async () => {
      const mors = dishOf('cranberry-mors');
      await t.database.db.updateTable('dishes').set({ active: false }).where('id', '=', mors.id).execute();
      expect(
        (await recommends({ order_type: 'self', restoran_id: 3 })).items.map((item) => item.dish_id),
      ).not.toContain(mors.id);
      await t.database.db.updateTable('dishes').set({ active: true }).where('id', '=', mors.id).execute();
      await t.database.db
        .updateTable('restaurants')
        .set({ menu_kinds: ['bar'] })
        .where('id', '=', 3)
        .execute();
      expect(await recommends({ order_type: 'self', restoran_id: 3 })).toEqual({ items: [], show_separated: 0 });
      await t.database.db
        .updateTable('restaurants')
        .set({ menu_kinds: ['restaurant', 'shop'] })
        .where('id', '=', 3)
        .execute();
    });

    it('splits the separated items on request and keeps the counts chosen so far', async () => {
      const separated = await recommends({
        order_type: 'delivery',
        restoran_id: 3,
        separated: 1,
        items: [{ id: recommendation('honey-cake').id, cnt: 2 }],
      });
      expect(separated.items.every((item) => item.separated === 1)).toBe(true);
      expect(separated.items.map((item) => item.id)).toEqual(
        DEMO_RECOMMENDED.filter((item) => item.separated && item.orderTypes.includes('delivery')).map(
          (item) => item.id,
        ),
      );
      expect(separated.items.find((item) => item.id === recommendation('honey-cake').id)?.cnt).toBe(2);
      expect(separated.show_separated).toBe(1);
      const together = await recommends({ order_type: 'delivery', restoran_id: 3, separated: '0' });
      expect(together.items.every((item) => item.separated === 0)).toBe(true);
      expect(together.show_separated).toBe(1);
    });

    it('answers an unknown or inactive restaurant with 404 and malformed fields with 400', async () => {
      expect((await rest('cartRecommends', { order_type: 'self', restoran_id: 9 })).statusCode).toBe(404);
      expect((await rest('cartRecommends', { order_type: 'self', restoran_id: 'nope' })).statusCode).toBe(404);
      for (const [fields, field] of [
        [{ restoran_id: 1 }, 'order_type'],
        [{ order_type: 'kiosk', restoran_id: 1 }, 'order_type'],
        [{ order_type: 'self' }, 'restoran_id'],
        [{ order_type: 'self', restoran_id: 1, cart_items: 'pizza' }, 'cart_items'],
        [{ order_type: 'self', restoran_id: 1, cart_items: [{ item: 'x', cnt: 1 }] }, 'cart_items.0.item'],
        [{ order_type: 'self', restoran_id: 1, cart_items: [{ item: 101, cnt: 0 }] }, 'cart_items.0.cnt'],
        [{ order_type: 'self', restoran_id: 1, separated: 2 }, 'separated'],
        [{ order_type: 'self', restoran_id: 1, items: [{ id: 1, cnt: -1 }] }, 'items.0.cnt'],
      ] as const) {
        const res = await rest('cartRecommends', fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(
          new RegExp(`^Некорректное поле «fields\\.${field.replaceAll('.', '\\.')}»`),
        );
      }
    });
  });

  describe('cartPribors', () => {
    it('offers the cutlery of the order type with free counts and maxima (SPEC 3, 5)', async () => {
      const body = await askCutlery({
        order_type: 'delivery',
        restoran_id: PATRIKI.id,
        cart_items: [{ item: 101, cnt: 1 }],
      });
      expect(body.items).toEqual(
        DEMO_CUTLERY.filter((item) => item.orderTypes.includes('delivery')).map((item) => ({
          id: item.id,
          name: item.name,
          cnt: 0,
          price: item.price,
          free_cnt: item.freeCnt,
          max: item.max,
        })),
      );
      const inrest = await askCutlery({ order_type: 'inrest', restoran_id: PATRIKI.fsUid });
      expect(inrest.items.map((item) => item.id)).toEqual(
        DEMO_CUTLERY.filter((item) => item.orderTypes.includes('inrest')).map((item) => item.id),
      );
    });

    it('keeps the counts chosen so far within 0..max (SPEC 5)', async () => {
      const wipes = DEMO_CUTLERY.find((item) => item.id === 3)!;
      const body = await askCutlery({
        order_type: 'self',
        restoran_id: PATRIKI.id,
        items: [
          { id: 3, cnt: 99 },
          { id: 1, cnt: '4' },
        ],
      });
      expect(body.items.find((item) => item.id === 3)?.cnt).toBe(wipes.max);
      expect(body.items.find((item) => item.id === 1)?.cnt).toBe(4);
      expect(body.items.find((item) => item.id === 2)?.cnt).toBe(0);
    });

    it('answers an unknown restaurant with 404 and malformed fields with 400', async () => {
      expect((await rest('cartPribors', { order_type: 'self', restoran_id: 12345 })).statusCode).toBe(404);
      for (const fields of [
        { restoran_id: 1 },
        { order_type: 'self' },
        { order_type: 1, restoran_id: 1 },
        { order_type: 'self', restoran_id: 1, items: [{ id: 'fork' }] },
        { order_type: 'self', restoran_id: 1, items: {} },
      ]) {
        const res = await rest('cartPribors', fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(/^Некорректное поле «fields\./);
      }
    });
  });

  it('takes fields as JSON text in a form body too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        action: 'cartPribors',
        fields: JSON.stringify({ order_type: 'self', restoran_id: '1' }),
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(cartPriborsAction.response.parse(res.json()).items.length).toBeGreaterThan(0);
  });
});
