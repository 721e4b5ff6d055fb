import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, orderListUserResponse, type OrderView } from '@chain/contract';
import { ORDER_LIST_PAGE_SIZE, ORDER_STATUS, showsPayButton, showsRatingControls, showsTipsLink } from '@chain/domain';
import { moveOrderStatus } from '../src/modules/order-history/status';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import { insertRichOrder, RICH_ORDER } from './support/rich-order';
import { signedInUser } from './support/users';

type Session = { id: number; token: string };

describe.each(databaseKinds())(
  'order/listUser on %s (SPEC 2 OrderList and OrderDetail, SPEC 3 Order, SPEC 7)',
  (kind) => {
    let t: TestApp;
    let owner: Session;
    let intruder: Session;
    let ownerOrders: number[];
    let richId: number;

    beforeAll(async () => {
      t = await buildTestApp(kind);
      owner = await signedInUser(t.database, { name: 'Анна' });
      intruder = await signedInUser(t.database, { name: 'Чужой' });
      ownerOrders = [];
      for (let i = 0; i < 24; i++) ownerOrders.push((await insertTestOrder(t.database, { userId: owner.id })).id);
      richId = (await insertRichOrder(t.database, { userId: owner.id })).id;
      ownerOrders.push(richId);
      await insertTestOrder(t.database, { userId: intruder.id });
    });
    afterAll(() => t.close());

    const list = (user: Session, body: Record<string, unknown> = {}, pathId: number | string = user.id) =>
      post(t.app, `/api/v1/order/listUser/${pathId}`, { user_id: user.id, user_token: user.token, ...body });
    const items = (res: { json: () => unknown }) => orderListUserResponse.parse(res.json()).items;

    it('pages the list newest first, 20 at a time, offset = number loaded, until an empty page (SPEC 8, 9)', async () => {
      const first = await list(owner);
      expect(first.statusCode).toBe(200);
      const page1 = items(first);
      expect(page1).toHaveLength(ORDER_LIST_PAGE_SIZE);
      const newest = [...ownerOrders].sort((a, b) => b - a);
      expect(page1.map((o) => o.id)).toEqual(newest.slice(0, 20));
      const page2 = items(await list(owner, { offset: page1.length }));
      expect(page2.map((o) => o.id)).toEqual(newest.slice(20));
      expect(items(await list(owner, { offset: page1.length + page2.length }))).toEqual([]);
    });

    it('takes limit and offset as numbers or digits, and never gives more than 20 in a page (SPEC 9)', async () => {
      expect(items(await list(owner, { limit: 5 }))).toHaveLength(5);
      expect(items(await list(owner, { limit: '3', offset: '1' })).map((o) => o.id)).toEqual(
        [...ownerOrders].sort((a, b) => b - a).slice(1, 4),
      );
      expect(items(await list(owner, { limit: 500 }))).toHaveLength(20);
      expect(items(await list(owner, { limit: '', offset: '' }))).toHaveLength(20);
    });

    it('gives one order by id in the same shape as the list (SPEC 2 OrderDetail)', async () => {
      const res = await list(owner, { id: richId });
      expect(res.statusCode).toBe(200);
      const [detail] = items(res);
      const fromList = items(await list(owner)).find((o) => o.id === richId);
      expect(detail).toEqual(fromList);
    });

    it('describes an order with the SPEC 3 fields: number, time, status, sums, basket, props, receipt, tips, restaurant', async () => {
      const [order] = items(await list(owner, { id: richId })) as [OrderView];
      expect(order).toMatchObject({
        id: richId,
        time: '2026-11-21T11:05:00.000Z',
        time_text: '21.11.2026 14:05',
        type: 'delivery',
        status: 10,
        status_text: 'Ожидает оплаты',
        status_color: '#FFB26B00',
        paid: 0,
        sum: RICH_ORDER.total,
        sums: {
          items: RICH_ORDER.items,
          cutlery: RICH_ORDER.cutlery,
          recommended: RICH_ORDER.recommended,
          discount: RICH_ORDER.discount,
          delivery: RICH_ORDER.delivery,
          total: RICH_ORDER.total,
        },
        name: 'Анна',
        address: 'Москва, ул. Малая Бронная, 10, кв. 5',
        comment: 'Позвонить за 10 минут',
        props: {
          deliveryDate: '21.11.2026',
          deliveryTime: '15:00-16:00',
          address: { full: 'Москва, ул. Малая Бронная, 10, кв. 5' },
        },
        as_ready: 0,
        discountPercent: 10,
        pay_method: 'card',
        tips_id: 'tips-42',
        rate: null,
        restoran_id: 1,
        restoran: { id: 1, name: 'Жар-печь на Патриарших', address: 'Москва, ул. Малая Бронная, 24' },
        progressBarData: { step: 1, text: 'Ожидаем оплату заказа' },
      });
      expect(order.receipt).toMatch(new RegExp(`^/api/v1/order/receipt/${richId}\\?sig=[\\w-]{22}$`));
      expect(order.basket).toEqual([
        {
          id: 101,
          line_id: expect.any(Number) as unknown,
          name: 'Маргарита',
          cnt: 2,
          price: 59_000,
          sum: 166_000,
          photo: '/media/dishes/test.webp',
          spec: RICH_ORDER.spec,
          specs: RICH_ORDER.specs,
          comment: 'Порезать',
          rate: null,
        },
        expect.objectContaining({
          id: 102,
          name: 'Пепперони',
          cnt: 1,
          price: 72_000,
          sum: 72_000,
          spec: null,
          specs: [],
          rate: null,
        }),
      ]);
      expect(order.pribors).toEqual([
        { id: 2, name: 'Набор приборов', cnt: 3, charged_cnt: 2, price: 1_500, sum: 3_000 },
      ]);
      expect(order.recommendedItems).toEqual([
        { id: 150, name: 'Морс клюквенный', cnt: 1, charged_cnt: 1, price: 19_000, sum: 19_000 },
      ]);
      expect(order.progressBarData.steps.map((s) => `${s.icon}:${s.state}`)).toEqual([
        'payment:current',
        'kitchen:pending',
        'delivery:pending',
        'final:pending',
      ]);
    });

    it('shows the pay button while unpaid and below 50, then rating controls and tips once paid (SPEC 4)', async () => {
      const unpaid = (await insertTestOrder(t.database, { userId: owner.id })).id;
      let [order] = items(await list(owner, { id: unpaid })) as [OrderView];
      expect(showsPayButton(order)).toBe(true);
      expect(showsRatingControls(order)).toBe(false);

      await t.database.db
        .updateTable('orders')
        .set({ paid: true, tips_id: 'tip-1' })
        .where('id', '=', unpaid)
        .execute();
      await moveOrderStatus(t.database.db, unpaid, ORDER_STATUS.accepted, 'payment');
      [order] = items(await list(owner, { id: unpaid })) as [OrderView];
      expect(order).toMatchObject({ paid: 1, status: 20, status_text: 'Принят', progressBarData: { step: 2 } });
      expect(showsPayButton(order)).toBe(false);
      expect(showsRatingControls(order)).toBe(true);
      expect(showsTipsLink(order)).toBe(true);
    });

    it('names each status and moves the progress bar as the order goes 20 → 30 → 40 → 50 (SPEC 3 status_text, SPEC 4 progress bar)', async () => {
      const id = (
        await insertTestOrder(t.database, { userId: owner.id, type: 'self', paid: true, status: ORDER_STATUS.accepted })
      ).id;
      const seen: Array<[number, string, string, number]> = [];
      for (const to of [ORDER_STATUS.cooking, ORDER_STATUS.ready, ORDER_STATUS.done]) {
        await moveOrderStatus(t.database.db, id, to, 'kitchen');
        const [order] = items(await list(owner, { id })) as [OrderView];
        seen.push([order.status, order.status_text, order.status_color, order.progressBarData.step]);
      }
      expect(seen).toEqual([
        [30, 'Готовится', '#FF2E7D32', 2],
        [40, 'Готов к выдаче', '#FF2E7D32', 3],
        [50, 'Выдан', '#FF5F6B75', 5],
      ]);
      const [done] = items(await list(owner, { id })) as [OrderView];
      expect(done.progressBarData.steps.every((step) => step.state === 'done')).toBe(true);
    });

    it('gives a cancelled order, paid or not, a progress bar without steps: nothing moves, the sentence says «Заказ отменён» (SPEC 4 progress bar)', async () => {
      for (const paid of [false, true]) {
        const id = (
          await insertTestOrder(t.database, { userId: owner.id, type: 'self', paid, status: ORDER_STATUS.cancelled })
        ).id;
        const [order] = items(await list(owner, { id })) as [OrderView];
        expect(order).toMatchObject({ status: 90, status_text: 'Отменён' });
        expect(order.progressBarData).toEqual({ step: 0, text: 'Заказ отменён', steps: [] });
      }
    });

    it("answers a detail of another user's order, or of no order, with 404 «Заказ не найден.» (SPEC 6)", async () => {
      const theirs = (await insertTestOrder(t.database, { userId: intruder.id })).id;
      for (const id of [theirs, 1_999_999_999]) {
        const res = await list(owner, { id });
        expect(res.statusCode).toBe(404);
        expect(errorResponse.parse(res.json())).toMatchObject({
          error: 'order_not_found',
          message: 'Заказ не найден.',
        });
      }
    });

    it("refuses another user's orders: the path's user must be the signed-in one (403), the token must be theirs (401) (SPEC 6)", async () => {
      const viaPath = await list(intruder, {}, owner.id);
      expect(viaPath.statusCode).toBe(403);
      expect(viaPath.body).not.toContain('Анна');

      const ownerIdIntruderToken = await post(t.app, `/api/v1/order/listUser/${owner.id}`, {
        user_id: owner.id,
        user_token: intruder.token,
      });
      expect(ownerIdIntruderToken.statusCode).toBe(401);
      expect(errorResponse.parse(ownerIdIntruderToken.json()).message).toBe('Сессия истекла. Войдите снова.');

      for (const token of ['', 'x'.repeat(43), owner.token.slice(0, -1)]) {
        const res = await post(t.app, `/api/v1/order/listUser/${owner.id}`, { user_id: owner.id, user_token: token });
        expect(res.statusCode).toBe(401);
      }
      const own = items(await list(intruder));
      expect(own.every((order) => !ownerOrders.includes(order.id))).toBe(true);
      expect(own).toHaveLength(2);
    });

    it('takes the body as a form as well (SPEC 7 bodies are form-urlencoded too)', async () => {
      const res = await post(
        t.app,
        `/api/v1/order/listUser/${owner.id}`,
        new URLSearchParams({ user_id: String(owner.id), user_token: owner.token, limit: '2', offset: '0' }).toString(),
        { contentType: 'application/x-www-form-urlencoded' },
      );
      expect(res.statusCode).toBe(200);
      expect(items(res)).toHaveLength(2);
    });
  },
);
