import { randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/db/client';

/**
 * An unpaid order put straight into the database, for tests of what happens after creation
 * (payments, lists, ratings) without going through order/create. Two lines of the demo menu:
 * dish 101 (Маргарита) ×2 and dish 102 ×1; the sum is whatever `sum` says (default 150000).
 * `email`: the guest asked for the receipt there (emailsend); `readyAt`: the time the guest
 * chose (none: as soon as ready); `createdAt`: when it was placed (default now); `delayed`: saved
 * for later; `kioskDeviceId`: the connected kiosk (support/kiosk.ts) a kiosk order was placed at.
 */
export async function insertTestOrder(
  database: DatabaseHandle,
  fields: {
    userId: number | null;
    restaurantId?: number;
    sum?: number;
    type?: 'inrest' | 'self' | 'delivery';
    source?: 'web' | 'kiosk';
    paid?: boolean;
    status?: number;
    email?: string;
    readyAt?: Date;
    createdAt?: Date;
    delayed?: boolean;
    kioskDeviceId?: number;
  },
): Promise<{ id: number; znumber: string; sum: number }> {
  const sum = fields.sum ?? 150_000;
  const restaurantId = fields.restaurantId ?? 1;
  const order = await database.db
    .insertInto('orders')
    .values({
      // Unique per restaurant and business day: 48 random bits (a million values collided once in
      // a few thousand orders of one day).
      znumber: `T-${randomBytes(6).toString('hex')}`,
      business_day: new Date().toISOString().slice(0, 10),
      restaurant_id: restaurantId,
      user_id: fields.userId,
      source: fields.source ?? 'web',
      type: fields.type ?? 'self',
      status: fields.status ?? 10,
      paid: fields.paid ?? false,
      items_sum: sum,
      sum,
      idempotency_key: randomUUID(),
      request_hash: 'test',
      props: JSON.stringify({}),
      ...(fields.email === undefined ? {} : { email: fields.email, emailsend: true }),
      ...(fields.readyAt === undefined ? {} : { as_ready: false, ready_at: fields.readyAt }),
      ...(fields.createdAt === undefined ? {} : { created_at: fields.createdAt }),
      ...(fields.delayed === undefined ? {} : { delayed: fields.delayed }),
      ...(fields.kioskDeviceId === undefined ? {} : { kiosk_device_id: fields.kioskDeviceId }),
    })
    .returning(['id', 'znumber', 'sum'])
    .executeTakeFirstOrThrow();
  const dishes = await database.db
    .selectFrom('dishes')
    .select(['id', 'name', 'price', 'img'])
    .where('id', 'in', [101, 102])
    .execute();
  for (const [index, dish] of dishes.entries()) {
    const cnt = index === 0 ? 2 : 1;
    await database.db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        kind: 'dish',
        item_id: dish.id,
        name: dish.name,
        price: dish.price,
        cnt,
        charged_cnt: cnt,
        line_sum: dish.price * cnt,
        spec: null,
        specs: JSON.stringify([]),
        photo: dish.img,
        sort: index,
      })
      .execute();
  }
  await database.db
    .insertInto('order_status_history')
    .values({ order_id: order.id, status: fields.status ?? 10 })
    .execute();
  return order;
}

let bodies = 0;

/**
 * An order/create body (SPEC 7, v3) of a signed-in guest: one Маргарита (101) for self-pickup at
 * Курский (5, open round the clock, so at any hour), under an idempotency key of its own.
 */
export function selfPickupOrderBody(guest: { id: number; token: string }, extra: Record<string, unknown> = {}) {
  bodies += 1;
  return {
    source: 'web',
    v: 3,
    user: { id: guest.id, password: guest.token },
    cart: [{ item: 101, cnt: 1 }],
    order: { type: 'self', comment: '' },
    restoran: 5,
    idempotency_key: `self-pickup-${process.pid}-${Date.now()}-${bodies}`,
    ...extra,
  };
}
