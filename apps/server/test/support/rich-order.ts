import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DatabaseHandle } from '../../src/db/client';
import type { OrderItemsTable } from '../../src/db/types';

type OrderLine = Selectable<OrderItemsTable>;

/**
 * A delivery order with every kind of line and every part of the sum, put straight into the
 * database (tests of the order list, the receipt and ratings; order creation is tested apart):
 *
 * - Маргарита ×2 on «Тонкое тесто» (+0) with «Двойная моцарелла» ×2 (120 ₽): 590 × 2 + 120 × 2 × 2 = 1660 ₽
 * - Пепперони ×1: 720 ₽                                       → dishes 2380 ₽
 * - cutlery «Набор приборов» ×3, 1 free, 15 ₽: 30 ₽
 * - recommended «Морс клюквенный» ×1: 190 ₽
 * - discount 10 % of 2600 ₽: −260 ₽; delivery 250 ₽           → total 2590 ₽
 */
export const RICH_ORDER = {
  items: 238_000,
  cutlery: 3_000,
  recommended: 19_000,
  discount: 26_000,
  delivery: 25_000,
  total: 259_000,
  spec: { id: 9001, name: 'Тонкое тесто', price: 0 },
  specs: [{ id: 9002, name: 'Двойная моцарелла', price: 12_000, cnt: 2 }],
} as const;

export async function insertRichOrder(
  database: DatabaseHandle,
  fields: { userId: number | null; paid?: boolean; status?: number; createdAt?: Date; restaurantId?: number },
): Promise<{ id: number; znumber: string }> {
  const order = await database.db
    .insertInto('orders')
    .values({
      znumber: `Д-${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}-${randomUUID().slice(0, 4)}`,
      business_day: '2026-11-21',
      restaurant_id: fields.restaurantId ?? 1,
      user_id: fields.userId,
      source: 'web',
      type: 'delivery',
      status: fields.status ?? 10,
      paid: fields.paid ?? false,
      paid_at: fields.paid ? new Date('2026-11-21T11:06:00Z') : null,
      items_sum: RICH_ORDER.items,
      cutlery_sum: RICH_ORDER.cutlery,
      recommended_sum: RICH_ORDER.recommended,
      discount_percent: 10,
      discount_sum: RICH_ORDER.discount,
      delivery_sum: RICH_ORDER.delivery,
      sum: RICH_ORDER.total,
      comment: 'Позвонить за 10 минут',
      name: 'Анна',
      props: JSON.stringify({
        deliveryDate: '21.11.2026',
        deliveryTime: '15:00-16:00',
        address: { full: 'Москва, ул. Малая Бронная, 10, кв. 5', lat: 55.76, lon: 37.59 },
      }),
      as_ready: false,
      pay_method: 'card',
      tips_id: 'tips-42',
      idempotency_key: randomUUID(),
      request_hash: 'test',
      created_at: fields.createdAt ?? new Date('2026-11-21T11:05:00Z'),
    })
    .returning(['id', 'znumber'])
    .executeTakeFirstOrThrow();
  const line = (
    values: Omit<OrderLine, 'id' | 'order_id' | 'spec' | 'specs' | 'comment' | 'photo'> &
      Partial<Pick<OrderLine, 'spec' | 'specs' | 'comment'>>,
  ) =>
    database.db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        ...values,
        spec: values.spec ? JSON.stringify(values.spec) : null,
        specs: JSON.stringify(values.specs ?? []),
        comment: values.comment ?? '',
        photo: '/media/dishes/test.webp',
      })
      .execute();
  await line({
    kind: 'dish',
    item_id: 101,
    name: 'Маргарита',
    price: 59_000,
    cnt: 2,
    charged_cnt: 2,
    line_sum: 166_000,
    spec: RICH_ORDER.spec,
    specs: [...RICH_ORDER.specs],
    comment: 'Порезать',
    sort: 0,
  });
  await line({
    kind: 'dish',
    item_id: 102,
    name: 'Пепперони',
    price: 72_000,
    cnt: 1,
    charged_cnt: 1,
    line_sum: 72_000,
    sort: 1,
  });
  await line({
    kind: 'cutlery',
    item_id: 2,
    name: 'Набор приборов',
    price: 1_500,
    cnt: 3,
    charged_cnt: 2,
    line_sum: 3_000,
    sort: 2,
  });
  await line({
    kind: 'recommended',
    item_id: 150,
    name: 'Морс клюквенный',
    price: 19_000,
    cnt: 1,
    charged_cnt: 1,
    line_sum: 19_000,
    sort: 3,
  });
  await database.db
    .insertInto('order_status_history')
    .values({ order_id: order.id, status: fields.status ?? 10 })
    .execute();
  return order;
}
