import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorResponse,
  feedbackTopicMessage,
  feedbackTopicsResponse,
  feedbackTopicType,
  FEEDBACK_TEXT_MAX_LENGTH,
  type FeedbackTopicCategory,
} from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import { signedInUser } from './support/users';

// SPEC 5 «Обратная связь» (category select, item select) and decision 024: what feedback may be
// about. POST /api/v1/feedback/topics, then feedback/add with the chosen topic.
const TOPICS = '/api/v1/feedback/topics';
const FEEDBACK = '/api/v1/feedback/add';

describe.each(databaseKinds())('feedback/topics on %s (SPEC 5, decision 024)', (kind) => {
  let t: TestApp;
  let nextAddress = 1;
  const from = () => ({ remoteAddress: `10.1.0.${nextAddress++}` });
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function topics(body: unknown): Promise<FeedbackTopicCategory[]> {
    const res = await post(t.app, TOPICS, body);
    expect(res.statusCode, res.body).toBe(200);
    return feedbackTopicsResponse.parse(res.json()).categories;
  }

  /** «№ T-1 от 23.11.2026, 1500,00 ₽» as the guest reads it: the date on the restaurant's clock. */
  async function expectedOrderName(orderId: number): Promise<string> {
    const row = await t.database.db
      .selectFrom('orders')
      .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
      .select(['orders.znumber', 'orders.sum', 'orders.created_at', 'restaurants.time_zone'])
      .where('orders.id', '=', orderId)
      .executeTakeFirstOrThrow();
    const date = new Intl.DateTimeFormat('ru-RU', {
      timeZone: row.time_zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(row.created_at);
    const roubles = `${Math.floor(row.sum / 100)},${String(row.sum % 100).padStart(2, '0')}`;
    return `№ ${row.znumber} от ${date}, ${roubles} ₽`;
  }

  it("answers a guest without credentials with the chain's topics, then the active restaurants only", async () => {
    const categories = await topics({});
    expect(categories.map((category) => category.name)).toEqual([
      'Качество блюд',
      'Обслуживание',
      'Доставка',
      'Приложение и оплата',
      'Предложение',
      'Ресторан',
    ]);
    const quality = categories[0];
    expect(quality?.id).toMatch(/^category:\d+$/);
    expect(quality?.items.map((item) => item.name)).toEqual([
      'Вкус',
      'Температура подачи',
      'Порция и вес',
      'Свежесть продуктов',
      'Посторонний предмет в блюде',
    ]);
    for (const item of quality?.items ?? []) {
      expect(item.id).toMatch(/^topic:\d+$/);
      expect(item.restoran).toBeNull();
    }
    const active = await t.database.db
      .selectFrom('restaurants')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    expect(categories.at(-1)).toEqual({
      id: 'restaurants',
      name: 'Ресторан',
      items: active.map((restaurant) => ({
        id: `restaurant:${restaurant.id}`,
        name: restaurant.name,
        restoran: restaurant.id,
      })),
    });
    // The demo's inactive restaurant (Ленинский, id 9) is not offered.
    expect(categories.at(-1)?.items.map((item) => item.restoran)).not.toContain(9);
    // Empty credentials are no credentials; a form of the same is the same answer.
    expect(await topics({ user_id: null, token: '' })).toEqual(categories);
    expect(await topics({ user_id: 0 })).toEqual(categories);
  });

  it('gives ids unique within the answer, stable from call to call', async () => {
    const first = await topics({});
    const ids = first.flatMap((category) => category.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(first.map((category) => category.id)).size).toBe(first.length);
    expect((await topics({})).flatMap((category) => category.items.map((item) => item.id))).toEqual(ids);
  });

  it("adds a signed-in guest's own last 10 orders, newest first, and their dishes once each — never another guest's", async () => {
    const guest = await signedInUser(t.database);
    const other = await signedInUser(t.database);
    const otherOrder = await insertTestOrder(t.database, { userId: other.id, restaurantId: 2, sum: 99_900 });
    const anonymousOrder = await insertTestOrder(t.database, { userId: null, restaurantId: 2 });
    const own: Array<{ id: number }> = [];
    for (let i = 0; i < 12; i += 1)
      own.push(
        await insertTestOrder(t.database, {
          userId: guest.id,
          restaurantId: i === 11 ? 3 : 1,
          sum: 100_000 + i * 1_050,
        }),
      );
    const newest = own.slice(-10).reverse();

    const res = await post(t.app, TOPICS, { user_id: guest.id, token: guest.token });
    expect(res.statusCode).toBe(200);
    // Personal: no cache keeps it.
    expect(res.headers['cache-control']).toBe('no-store');
    const categories = feedbackTopicsResponse.parse(res.json()).categories;
    expect(categories.map((category) => category.name)).toEqual([
      'Качество блюд',
      'Обслуживание',
      'Доставка',
      'Приложение и оплата',
      'Предложение',
      'Мой заказ',
      'Блюдо из заказа',
      'Ресторан',
    ]);
    const orders = categories.find((category) => category.name === 'Мой заказ');
    expect(orders?.id).toBe('orders');
    expect(orders?.items).toEqual(
      await Promise.all(
        newest.map(async (order, index) => ({
          id: `order:${order.id}`,
          name: await expectedOrderName(order.id),
          restoran: index === 0 ? 3 : 1,
        })),
      ),
    );
    expect(orders?.items[0]?.name).toMatch(/^№ T-[0-9a-f]+ от \d{2}\.\d{2}\.\d{4}, 1115,50 ₽$/);
    const ids = orders?.items.map((item) => item.id) ?? [];
    expect(ids).not.toContain(`order:${otherOrder.id}`);
    expect(ids).not.toContain(`order:${anonymousOrder.id}`);

    // The test orders hold dishes 101 and 102; each is offered once, with the restaurant of the latest order it was in.
    const dishNames = await t.database.db
      .selectFrom('dishes')
      .select(['id', 'name'])
      .where('id', 'in', [101, 102])
      .orderBy('id')
      .execute();
    const dishes = categories.find((category) => category.name === 'Блюдо из заказа');
    expect(dishes?.id).toBe('dishes');
    expect(dishes?.items).toEqual(dishNames.map((dish) => ({ id: `dish:${dish.id}`, name: dish.name, restoran: 3 })));

    // The other guest sees their one order and not this guest's.
    const theirs = (await topics({ user_id: other.id, token: other.token })).find(
      (category) => category.name === 'Мой заказ',
    );
    expect(theirs?.items).toEqual([
      { id: `order:${otherOrder.id}`, name: await expectedOrderName(otherOrder.id), restoran: 2 },
    ]);
  });

  it('leaves out «Мой заказ» and «Блюдо из заказа» for a signed-in guest without orders', async () => {
    const guest = await signedInUser(t.database);
    const names = (await topics({ user_id: guest.id, token: guest.token })).map((category) => category.name);
    expect(names).toEqual([
      'Качество блюд',
      'Обслуживание',
      'Доставка',
      'Приложение и оплата',
      'Предложение',
      'Ресторан',
    ]);
  });

  it('offers only active topics, and leaves out a category without active items', async () => {
    const category = await t.database.db
      .insertInto('feedback_topics')
      .values({ name: 'Временная тема', sort: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await t.database.db
      .insertInto('feedback_topics')
      .values({ name: 'Пункт', parent_id: category.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await topics({})).find((c) => c.id === `category:${category.id}`)?.items).toEqual([
        { id: `topic:${item.id}`, name: 'Пункт', restoran: null },
      ]);
      await t.database.db.updateTable('feedback_topics').set({ active: false }).where('id', '=', item.id).execute();
      expect((await topics({})).map((c) => c.id)).not.toContain(`category:${category.id}`);
    } finally {
      await t.database.db.deleteFrom('feedback_topics').where('id', '=', category.id).execute();
    }
  });

  it("refuses a wrong token, another guest's id or half a pair with 401, not a quiet anonymous answer", async () => {
    const guest = await signedInUser(t.database);
    const other = await signedInUser(t.database);
    for (const body of [
      { user_id: guest.id, token: 'x'.repeat(43) },
      { user_id: other.id, token: guest.token },
      { user_id: guest.id },
      { token: guest.token },
    ]) {
      const res = await post(t.app, TOPICS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(errorResponse.parse(res.json()).error).toBe('unauthorized');
    }
  });

  it('answers a field of the wrong type or size with a readable 400', async () => {
    for (const body of [
      { user_id: 'abc', token: 'x' },
      { user_id: 1, token: 'x'.repeat(513) },
      { user_id: -1, token: 'x' },
    ]) {
      const res = await post(t.app, TOPICS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorResponse.parse(res.json()).message).toMatch(/[а-я]/i);
    }
  });

  it('lets feedback/add keep the chosen topic: type up to 100 characters, the topic line and a 2000-character text', async () => {
    const guest = await signedInUser(t.database);
    await insertTestOrder(t.database, { userId: guest.id, restaurantId: 3 });
    const categories = await topics({ user_id: guest.id, token: guest.token });
    const dishes = categories.find((category) => category.name === 'Блюдо из заказа');
    const item = dishes?.items[0];
    if (!dishes || !item) throw new Error('no dish topic');
    const text = 'я'.repeat(FEEDBACK_TEXT_MAX_LENGTH);
    // A long item name: the type is cut to 100, the topic line to 300 characters.
    const longName = `${item.name} ${'очень длинное название '.repeat(20)}`;
    const type = feedbackTopicType(dishes.name, longName);
    const message = feedbackTopicMessage(dishes.name, longName, text);
    expect(type.length).toBe(100);
    expect(message.startsWith(`Тема: ${dishes.name} — ${item.name}`)).toBe(true);
    const res = await post(
      t.app,
      FEEDBACK,
      { phone: '79162223344', message, type, restoran: item.restoran, user_id: guest.id, token: guest.token },
      from(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('user_id', '=', guest.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ category: type, restaurant_id: 3, message });
    expect(stored.message.split('\n')[1]).toBe('');
    expect(stored.message.endsWith(text)).toBe(true);

    const tooLongType = await post(
      t.app,
      FEEDBACK,
      { phone: '79162223344', message: 'Текст', type: 'я'.repeat(101) },
      from(),
    );
    expect(tooLongType.statusCode).toBe(400);
    const tooLongMessage = await post(t.app, FEEDBACK, { phone: '79162223344', message: `${message}я` }, from());
    expect(tooLongMessage.statusCode).toBe(400);
  });
});
