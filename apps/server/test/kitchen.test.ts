import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors';
import { moveOrderStatus } from '../src/modules/order-history/status';
import { kitchenNextStatus, kitchenStep, startSandboxKitchen } from '../src/sandbox/kitchen';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { insertTestOrder } from './support/orders';
import { signedInUser } from './support/users';

describe.each(databaseKinds())('order statuses and the sandbox kitchen on %s (SPEC 4, docs/orders.md)', (kind) => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind, { kitchenStepSeconds: 1 });
    userId = (await signedInUser(t.database)).id;
  });
  afterAll(() => t.close());

  const statusOf = async (id: number) =>
    await t.database.db
      .selectFrom('orders')
      .select(['status', 'status_changed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const history = async (id: number) =>
    await t.database.db
      .selectFrom('order_status_history')
      .select(['status', 'actor'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();
  /** Makes the order's last change look `seconds` old. */
  const age = (id: number, seconds: number) =>
    sql`update orders set status_changed_at = now() - make_interval(secs => ${seconds}::double precision) where id = ${id}`.execute(
      t.database.db,
    );

  it('moves an order only along the documented machine, with a history row for each move', async () => {
    const { id } = await insertTestOrder(t.database, { userId });
    await expect(moveOrderStatus(t.database.db, id, 30, 'staff:1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'illegal_status_move',
    });
    await moveOrderStatus(t.database.db, id, 20, 'payment');
    await moveOrderStatus(t.database.db, id, 90, 'staff:7');
    for (const to of [10, 20, 30, 40, 50]) {
      const error = await moveOrderStatus(t.database.db, id, to, 'kitchen').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toMatch(/^Заказ нельзя перевести из статуса «отменён» в «.+»\.$/);
    }
    expect(await history(id)).toEqual([
      { status: 10, actor: 'system' },
      { status: 20, actor: 'payment' },
      { status: 90, actor: 'staff:7' },
    ]);
    expect((await statusOf(id)).status).toBe(90);
  });

  it('answers a move of an order that does not exist with 404', async () => {
    await expect(moveOrderStatus(t.database.db, 1_999_999_999, 20, 'kitchen')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('takes a move inside the caller’s transaction, so paying and accepting commit together or not at all', async () => {
    const { id } = await insertTestOrder(t.database, { userId });
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('orders').set({ paid: true }).where('id', '=', id).execute();
        await moveOrderStatus(trx, id, 20, 'payment');
        throw new Error('the bank said no after all');
      })
      .catch(() => undefined);
    expect(await statusOf(id)).toMatchObject({ status: 10 });
    expect(await history(id)).toHaveLength(1);
  });

  it('cooks paid orders one step per pace: 20 → 30 → 40 → 50, leaving unpaid, fresh and finished ones alone (SPEC 4)', async () => {
    const paid = (await insertTestOrder(t.database, { userId, paid: true, status: 20 })).id;
    const fresh = (await insertTestOrder(t.database, { userId, paid: true, status: 20 })).id;
    const unpaid = (await insertTestOrder(t.database, { userId, paid: false, status: 10 })).id;
    const cancelled = (await insertTestOrder(t.database, { userId, paid: true, status: 90 })).id;
    for (const id of [paid, unpaid, cancelled]) await age(id, 120);

    const seen: number[] = [];
    for (let step = 0; step < 4; step++) {
      await kitchenStep(t.database.db, 60);
      seen.push((await statusOf(paid)).status);
      await age(paid, 120);
    }
    expect(seen).toEqual([30, 40, 50, 50]);
    expect((await statusOf(fresh)).status).toBe(20);
    expect((await statusOf(unpaid)).status).toBe(10);
    expect((await statusOf(cancelled)).status).toBe(90);
    expect((await history(paid)).map((h) => `${h.status}:${h.actor}`)).toEqual([
      '20:system',
      '30:kitchen',
      '40:kitchen',
      '50:kitchen',
    ]);
  });

  it('accepts a paid order still awaiting acceptance before cooking it (10 → 20)', async () => {
    const id = (await insertTestOrder(t.database, { userId, paid: true, status: 10 })).id;
    await age(id, 120);
    const moves = await kitchenStep(t.database.db, 60);
    expect(moves).toContainEqual({ orderId: id, from: 10, to: 20 });
    expect(kitchenNextStatus(10)).toBe(20);
    expect(kitchenNextStatus(50)).toBeNull();
    expect(kitchenNextStatus(90)).toBeNull();
  });

  it('runs by itself with SANDBOX=1 at the configured pace (KITCHEN_STEP_SECONDS) and stops on close', async () => {
    const id = (await insertTestOrder(t.database, { userId, paid: true, status: 20 })).id;
    await age(id, 5);
    const stop = startSandboxKitchen(t.app);
    try {
      const deadline = Date.now() + 10_000;
      while ((await statusOf(id)).status === 20 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await statusOf(id)).status).toBeGreaterThanOrEqual(30);
    } finally {
      await stop();
    }
    const after = (await statusOf(id)).status;
    await age(id, 5);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await statusOf(id)).status).toBe(after);
  });

  it.skipIf(kind === 'pglite')(
    'skips an order another instance holds and never moves one order twice (for update skip locked)',
    async () => {
      const held = (await insertTestOrder(t.database, { userId, paid: true, status: 20 })).id;
      const free = (await insertTestOrder(t.database, { userId, paid: true, status: 20 })).id;
      await age(held, 120);
      await age(free, 120);
      await t.database.db.transaction().execute(async (trx) => {
        // Another instance is in the middle of moving `held`.
        await trx.selectFrom('orders').select('id').where('id', '=', held).forUpdate().execute();
        const moves = await kitchenStep(t.database.db, 60);
        expect(moves.map((m) => m.orderId)).toContain(free);
        expect(moves.map((m) => m.orderId)).not.toContain(held);
      });
      expect((await statusOf(held)).status).toBe(20);

      // Several instances at once: each due order moves exactly one step.
      const many: number[] = [];
      for (let i = 0; i < 10; i++)
        many.push((await insertTestOrder(t.database, { userId, paid: true, status: 20 })).id);
      for (const id of many) await age(id, 120);
      await Promise.all([1, 2, 3, 4].map(() => kitchenStep(t.database.db, 60)));
      for (const id of many) {
        expect((await statusOf(id)).status).toBe(30);
        expect((await history(id)).filter((h) => h.actor === 'kitchen')).toHaveLength(1);
      }
    },
  );

  it('POST /sandbox/kitchen/orders/{id}/next moves one paid order one status on at once (docs/sandbox.md)', async () => {
    const next = (id: number | string) => t.app.inject({ method: 'POST', url: `/sandbox/kitchen/orders/${id}/next` });
    const { id } = await insertTestOrder(t.database, { userId, paid: true, status: 20 });
    const moved = await next(id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ id, from: 20, to: 30 });
    expect((await history(id)).at(-1)).toEqual({ status: 30, actor: 'kitchen' });
    for (const to of [40, 50]) expect((await next(id)).json()).toMatchObject({ to });
    expect((await next(id)).statusCode).toBe(409);
    const unpaid = await insertTestOrder(t.database, { userId, paid: false, status: 10 });
    expect((await next(unpaid.id)).statusCode).toBe(409);
    expect((await next(1_999_999_999)).statusCode).toBe(404);
    expect((await next('x1')).statusCode).toBe(404);
    // Past what orders.id holds (int4): no such order, in words, never the database's error.
    for (const past of [2_147_483_648, '999999999999999', '1'.repeat(40)]) {
      const res = await next(past);
      expect(res.statusCode, String(past)).toBe(404);
      expect(res.json(), String(past)).toMatchObject({ error: 'order_not_found', message: 'Заказ не найден.' });
    }
  });
});
