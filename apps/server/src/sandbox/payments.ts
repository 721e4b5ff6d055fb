import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import * as z from 'zod';
import { formatMoney } from '@chain/domain';
import { rbsCallbackChecksum } from '../adapters/acquiring/rbs';
import { SBP_BANK_APPS, sbpBankApp, type SbpBankApp } from '../adapters/sbp/banks';
import type { Database, SandboxAcquiringOrdersTable } from '../db/types';
import { callbackOrigin, publicOrigin } from '../http/origins';
import { ACQUIRING_CALLBACK_PATH, SBP_CALLBACK_PATH } from '../modules/payments';

/**
 * The sandbox acquirer (SANDBOX=1): the RBS REST API of decision 011 under
 * /sandbox/acquiring/payment/rest/*.do, its card form page, and SBP bank pages. Its books are
 * sandbox_acquiring_orders and sandbox_sbp_payments, in the product's database, so a restart
 * loses nothing. After a payment or a refusal it calls the merchant's callback URL (RBS's
 * static callback, set up per merchant: this server's /api/v1/order/payment/callback/…), signed
 * with the callback key. docs/sandbox.md tells how to use it.
 */

type AcquiringOrder = Selectable<SandboxAcquiringOrdersTable>;

/** RBS orderStatus codes the sandbox uses (the sandbox deposits at once; HELD comes from a test). */
const REGISTERED = 0;
const HELD = 1;
const DEPOSITED = 2;
const REVERSED = 3;
const REFUNDED = 4;
const DECLINED = 6;

/** RBS paymentAmountInfo.paymentState by orderStatus. */
const PAYMENT_STATES: Record<number, string> = {
  [REGISTERED]: 'CREATED',
  [HELD]: 'APPROVED',
  [DEPOSITED]: 'DEPOSITED',
  [REVERSED]: 'REVERSED',
  [REFUNDED]: 'REFUNDED',
  [DECLINED]: 'DECLINED',
};

/** The RBS methods of the sandbox, which its faults switch can fail (docs/sandbox.md). */
const RBS_METHODS = [
  'register.do',
  'getOrderStatusExtended.do',
  'paymentOrderBinding.do',
  'getBindings.do',
  'decline.do',
  'reverse.do',
  'refund.do',
  'sbp/c2b/qr/dynamic/get.do',
] as const;
type RbsMethod = (typeof RBS_METHODS)[number];

/** RBS answers for an unknown order and for an operation the order's state does not allow. */
const UNKNOWN_ORDER = { errorCode: '6', errorMessage: 'Неверный номер заказа' };
const WRONG_STATE = { errorCode: '7', errorMessage: 'Платёж должен быть в корректном состоянии' };

/** The one test card: it always pays. */
const TEST_CARD = {
  maskedPan: '411111**1111',
  shown: '4111 11** **** 1111',
  expiration: '203012',
  expiryShown: '12/30',
};

const RBS = '/sandbox/acquiring/payment/rest';

/** The slowest a sandbox bank call may be made (migration 011's bound on delay_ms). */
const MAX_SANDBOX_DELAY_MS = 60_000;

export const paymentSandboxRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  // Callbacks still on their way finish before the server stops listening, so a close never
  // cuts one in half (it would hold a connection the server then waits for).
  const inFlight = new Set<Promise<void>>();
  const notify = (path: string, order: AcquiringOrder, operation: CallbackOperation = 'deposited') => {
    const sent = sendCallback(app, path, order, operation).finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  app.addHook('preClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  // --- RBS REST API --------------------------------------------------------------------------
  const rbs = (
    method: RbsMethod,
    handler: (form: Record<string, string>, request: FastifyRequest) => Promise<object>,
  ) => {
    app.post(`${RBS}/${method}`, async (request, reply) => {
      // The faults switch: a bank that cannot answer right now (HTTP 503, as a gateway gives),
      // or one that answers slowly (delay_ms), as a real bank does near its timeout.
      const fault = await db
        .updateTable('sandbox_acquiring_faults')
        .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
        .where('method', '=', method)
        .where('remaining', '>', 0)
        .returning('delay_ms')
        .executeTakeFirst();
      if (fault && fault.delay_ms === 0)
        return reply.status(503).type('text/plain; charset=utf-8').send('503 Service Temporarily Unavailable');
      if (fault) await sleep(fault.delay_ms);
      const form = textFields(request.body);
      const { userName, password } = app.config.providers.acquiring;
      if (form.userName !== userName || form.password !== password)
        return { errorCode: '5', errorMessage: 'Доступ запрещён.' };
      return handler(form, request);
    });
  };

  // The faults switch of the test mode: the next `count` calls of an RBS method answer 503, or
  // with `delayMs` answer that much later (a slow bank; RBS clients give up after 10 s).
  const faultsBody = z.object({
    method: z.enum(RBS_METHODS),
    count: z.number().int().min(0).max(100),
    delayMs: z.number().int().min(0).max(MAX_SANDBOX_DELAY_MS).optional(),
  });
  app.post('/sandbox/acquiring/faults', async (request, reply) => {
    const parsed = faultsBody.safeParse(request.body);
    if (!parsed.success) {
      return reply.status(400).send({
        errorCode: '4',
        errorMessage: `method: ${RBS_METHODS.join(', ')}; count: 0…100; delayMs: 0…${MAX_SANDBOX_DELAY_MS}`,
      });
    }
    const { method, count, delayMs = 0 } = parsed.data;
    await db
      .insertInto('sandbox_acquiring_faults')
      .values({ method, remaining: count, delay_ms: delayMs })
      .onConflict((oc) => oc.column('method').doUpdateSet({ remaining: count, delay_ms: delayMs }))
      .execute();
    return { method, count, delayMs };
  });

  rbs('register.do', async (form) => {
    const amount = Number(form.amount);
    if (!form.orderNumber) return { errorCode: '4', errorMessage: 'Номер заказа не может быть пуст' };
    if (!/^\d{1,12}$/.test(form.amount ?? '') || amount < 1) return { errorCode: '4', errorMessage: 'Неверная сумма' };
    if (!form.returnUrl) return { errorCode: '4', errorMessage: 'URL возврата не может быть пуст' };
    if (form.currency && form.currency !== '643') return { errorCode: '3', errorMessage: 'Неизвестная валюта' };
    const taken = await db
      .selectFrom('sandbox_acquiring_orders')
      .select('md_order')
      .where('order_number', '=', form.orderNumber)
      .executeTakeFirst();
    if (taken) return { errorCode: '1', errorMessage: 'Заказ с таким номером уже обработан' };
    const mdOrder = randomUUID();
    await db
      .insertInto('sandbox_acquiring_orders')
      .values({
        md_order: mdOrder,
        order_number: form.orderNumber,
        amount,
        return_url: form.returnUrl,
        fail_url: form.failUrl || form.returnUrl,
        client_id: form.clientId || null,
      })
      .execute();
    return { orderId: mdOrder, formUrl: `${publicOrigin(app)}/sandbox/acquiring/form/${mdOrder}` };
  });

  rbs('getOrderStatusExtended.do', async (form) => {
    const order = await findAcquiringOrder(db, form.orderId ?? '');
    if (!order) return { errorCode: '6', errorMessage: 'Заказ не найден' };
    const taken = order.status === HELD || order.status === DEPOSITED || order.status === REFUNDED;
    return {
      errorCode: '0',
      errorMessage: 'Успешно',
      orderNumber: order.order_number,
      orderStatus: order.status,
      actionCode: order.status === DECLINED ? -2007 : 0,
      actionCodeDescription: order.status === DECLINED ? 'Плательщик отказался от оплаты' : '',
      amount: order.amount,
      currency: '643',
      date: order.created_at.getTime(),
      paymentAmountInfo: {
        paymentState: PAYMENT_STATES[order.status] ?? 'CREATED',
        approvedAmount: taken ? order.amount : 0,
        depositedAmount: order.status === DEPOSITED || order.status === REFUNDED ? order.amount : 0,
        refundedAmount: order.refunded_amount,
      },
      ...(order.masked_pan
        ? {
            cardAuthInfo: {
              maskedPan: order.masked_pan,
              expiration: TEST_CARD.expiration,
              cardholderName: 'TEST CARDHOLDER',
            },
          }
        : {}),
      ...(order.binding_id ? { bindingInfo: { clientId: order.client_id, bindingId: order.binding_id } } : {}),
    };
  });

  rbs('paymentOrderBinding.do', async (form) => {
    const order = await findAcquiringOrder(db, form.mdOrder ?? '');
    if (!order) return { errorCode: '2', error: 'Заказ не найден' };
    if (!form.ip) return { errorCode: '5', error: 'Не указан IP-адрес плательщика' };
    const owned =
      order.client_id !== null &&
      (await db
        .selectFrom('sandbox_acquiring_orders')
        .select('binding_id')
        .where('client_id', '=', order.client_id)
        .where('binding_id', '=', form.bindingId ?? '')
        .executeTakeFirst());
    if (!owned) return { errorCode: '2', error: 'Связка не найдена' };
    const finished = await finishCardOrder(db, order.md_order, 'pay');
    if (!finished?.changed) return { errorCode: '7', error: 'Заказ уже обработан' };
    notify(ACQUIRING_CALLBACK_PATH, finished.order);
    return {
      errorCode: 0,
      redirect: withOrderId(order.return_url, order.md_order),
      info: 'Ваш платёж обработан, происходит переадресация...',
    };
  });

  rbs('getBindings.do', async (form) => {
    const rows = form.clientId
      ? await db
          .selectFrom('sandbox_acquiring_orders')
          .select(['binding_id', 'masked_pan'])
          .where('client_id', '=', form.clientId)
          .where('binding_id', 'is not', null)
          .groupBy(['binding_id', 'masked_pan'])
          .execute()
      : [];
    if (rows.length === 0) return { errorCode: '2', errorMessage: 'Информация не найдена' };
    return {
      errorCode: '0',
      errorMessage: 'Успешно',
      bindings: rows.map((row) => ({
        bindingId: row.binding_id,
        maskedPan: row.masked_pan,
        expiryDate: TEST_CARD.expiration,
      })),
    };
  });

  // decline.do: an order nobody paid is closed (status 6); its form and QR can no longer pay.
  rbs('decline.do', async (form) => {
    const changed = await changeAcquiringOrder(db, form.orderId ?? '', (order) =>
      order.status === REGISTERED ? { status: DECLINED } : null,
    );
    if (changed === 'unknown') return UNKNOWN_ORDER;
    if (changed === 'refused') return { errorCode: '7', errorMessage: 'Неверное состояние заказа' };
    await db
      .updateTable('sandbox_sbp_payments')
      .set({ status: 'declined' })
      .where('order_number', '=', changed.order_number)
      .where('status', '=', 'pending')
      .execute();
    return { errorCode: '0', errorMessage: 'Успешно' };
  });

  // reverse.do: money the bank only holds (status 1) is released whole (status 3).
  rbs('reverse.do', async (form) => {
    const changed = await changeAcquiringOrder(db, form.orderId ?? '', (order) =>
      order.status === HELD ? { status: REVERSED } : null,
    );
    if (changed === 'unknown') return UNKNOWN_ORDER;
    if (changed === 'refused') return WRONG_STATE;
    notify(ACQUIRING_CALLBACK_PATH, changed, 'reversed');
    return { errorCode: '0', errorMessage: 'Успешно' };
  });

  // refund.do: deposited money goes back, in parts up to the deposited amount; whole, status 4.
  rbs('refund.do', async (form) => {
    if (!/^\d{1,12}$/.test(form.amount ?? '')) return { errorCode: '5', errorMessage: 'Неверная сумма' };
    const asked = Number(form.amount);
    let tooMuch = false;
    const changed = await changeAcquiringOrder(
      db,
      form.orderId ?? '',
      (order) => {
        if (order.status !== DEPOSITED) return null;
        // RBS: amount 0 returns whatever is left.
        const refunded = order.refunded_amount + (asked === 0 ? order.amount - order.refunded_amount : asked);
        if (refunded > order.amount) {
          tooMuch = true;
          return null;
        }
        return { refunded_amount: refunded, status: refunded === order.amount ? REFUNDED : DEPOSITED };
      },
      async (trx, order, before) => {
        // The bank's own record of each refund, shown on its pages (issue 31: a refund shows once).
        await trx
          .insertInto('sandbox_acquiring_refunds')
          .values({ md_order: order.md_order, amount: order.refunded_amount - before.refunded_amount })
          .execute();
      },
    );
    if (changed === 'unknown') return UNKNOWN_ORDER;
    if (tooMuch) return { errorCode: '7', errorMessage: 'Сумма возврата превышает сумму списания' };
    if (changed === 'refused') return WRONG_STATE;
    notify(ACQUIRING_CALLBACK_PATH, changed, 'refunded');
    return { errorCode: '0', errorMessage: 'Успешно' };
  });

  rbs('sbp/c2b/qr/dynamic/get.do', async (form) => {
    const order = await findAcquiringOrder(db, form.mdOrder ?? '');
    if (!order) return { errorCode: '6', errorMessage: 'Заказ не найден' };
    if (order.status !== REGISTERED) return { errorCode: '7', errorMessage: 'Заказ уже обработан' };
    const existing = await db
      .selectFrom('sandbox_sbp_payments')
      .select('qr_id')
      .where('order_number', '=', order.order_number)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const qrId = existing?.qr_id ?? nspkQrId();
    if (!existing)
      await db
        .insertInto('sandbox_sbp_payments')
        .values({ qr_id: qrId, order_number: order.order_number, amount: order.amount })
        .execute();
    return { errorCode: '0', qrId, payload: nspkPayload(qrId, order.amount), qrStatus: 'STARTED' };
  });

  // --- The card form -------------------------------------------------------------------------
  app.get<{ Params: { id: string } }>('/sandbox/acquiring/form/:id', async (request, reply) => {
    const order = await findAcquiringOrder(db, request.params.id);
    if (!order) return sendPage(reply.status(404), 'Заказ не найден', notFoundPage());
    const merchant = await merchantName(db);
    return sendPage(reply, 'Оплата картой', cardFormPage(order, merchant, await acquiringRefunds(db, order.md_order)));
  });

  app.post<{ Params: { id: string } }>('/sandbox/acquiring/form/:id', async (request, reply) => {
    const action = actionOf(request.body);
    const json = isJson(request);
    if (!action) return reply.status(400).send({ errorCode: '4', errorMessage: 'action: pay или decline' });
    const finished = await finishCardOrder(db, request.params.id, action);
    if (!finished) {
      return json
        ? reply.status(404).send({ errorCode: '6', errorMessage: 'Заказ не найден' })
        : sendPage(reply.status(404), 'Заказ не найден', notFoundPage());
    }
    const { order, changed } = finished;
    if (changed) notify(ACQUIRING_CALLBACK_PATH, order);
    const redirect = withOrderId(order.status === DEPOSITED ? order.return_url : order.fail_url, order.md_order);
    if (!json) return reply.status(303).header('location', redirect).send();
    if (!changed)
      return reply
        .status(409)
        .send({ errorCode: '7', errorMessage: 'Заказ уже обработан', orderStatus: order.status, redirect });
    return { errorCode: '0', orderStatus: order.status, redirect };
  });

  // --- SBP bank pages --------------------------------------------------------------------------
  app.get<{ Params: { qrId: string }; Querystring: { bank?: string } }>(
    '/sandbox/sbp/:qrId',
    async (request, reply) => {
      const bank = bankOf(request.query.bank);
      const payment = await db
        .selectFrom('sandbox_sbp_payments')
        .selectAll()
        .where('qr_id', '=', request.params.qrId)
        .executeTakeFirst();
      if (!payment) return sendPage(reply.status(404), 'Платёж не найден', notFoundPage());
      const order = await db
        .selectFrom('sandbox_acquiring_orders')
        .selectAll()
        .where('order_number', '=', payment.order_number)
        .executeTakeFirst();
      const merchant = await merchantName(db);
      const refunds = order ? await acquiringRefunds(db, order.md_order) : [];
      return sendPage(reply, bank.name, sbpBankPage(bank, payment, order ?? null, merchant, refunds));
    },
  );

  app.post<{ Params: { qrId: string }; Querystring: { bank?: string } }>(
    '/sandbox/sbp/:qrId',
    async (request, reply) => {
      const action = actionOf(request.body);
      const json = isJson(request);
      if (!action) return reply.status(400).send({ errorCode: '4', errorMessage: 'action: pay или decline' });
      const finished = await finishSbpPayment(db, request.params.qrId, action);
      if (!finished)
        return json
          ? reply.status(404).send({ errorCode: '6', errorMessage: 'Платёж не найден' })
          : sendPage(reply.status(404), 'Платёж не найден', notFoundPage());
      if (finished.changed && finished.order) notify(SBP_CALLBACK_PATH, finished.order);
      if (!json) {
        const bank = bankOf(request.query.bank ?? textFields(request.body).bank);
        return reply
          .status(303)
          .header('location', `/sandbox/sbp/${encodeURIComponent(request.params.qrId)}?bank=${bank.memberId}`)
          .send();
      }
      if (finished.orderProcessed)
        return reply.status(409).send({ errorCode: '7', errorMessage: 'Заказ уже обработан', status: finished.status });
      if (!finished.changed)
        return reply
          .status(409)
          .send({ errorCode: '7', errorMessage: 'Платёж уже обработан', status: finished.status });
      return { errorCode: '0', status: finished.status };
    },
  );
};

/**
 * Changes an acquirer order under its row lock when `change` allows it (null: the order's state
 * does not): the changed order, or why not.
 */
async function changeAcquiringOrder(
  db: Kysely<Database>,
  mdOrder: string,
  change: (order: AcquiringOrder) => Partial<Pick<AcquiringOrder, 'status' | 'refunded_amount'>> | null,
  changed?: (trx: Transaction<Database>, order: AcquiringOrder, before: AcquiringOrder) => Promise<void>,
): Promise<AcquiringOrder | 'unknown' | 'refused'> {
  if (!/^[0-9a-f-]{36}$/.test(mdOrder)) return 'unknown';
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('sandbox_acquiring_orders')
      .selectAll()
      .where('md_order', '=', mdOrder)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return 'unknown';
    const fields = change(order);
    if (!fields) return 'refused';
    const updated = await trx
      .updateTable('sandbox_acquiring_orders')
      .set(fields)
      .where('md_order', '=', mdOrder)
      .returningAll()
      .executeTakeFirstOrThrow();
    await changed?.(trx, updated, order);
    return updated;
  });
}

/** The refunds the sandbox bank made of an order, oldest first. */
function acquiringRefunds(db: Kysely<Database>, mdOrder: string): Promise<SandboxRefund[]> {
  return db
    .selectFrom('sandbox_acquiring_refunds')
    .select(['amount', 'created_at'])
    .where('md_order', '=', mdOrder)
    .orderBy('id')
    .execute();
}

type SandboxRefund = { amount: number; created_at: Date };

/** Each refund as its line on the bank's page: one line per refund the bank made. */
function refundLines(refunds: readonly SandboxRefund[], to: string): string {
  if (refunds.length === 0) return '';
  const items = refunds
    .map((refund) => `<li class="refund">Возврат ${to}: ${escapeHtml(formatMoney(refund.amount))}</li>`)
    .join('');
  return `<ul class="meta refunds" aria-label="Возвраты">${items}</ul>`;
}

function findAcquiringOrder(db: Kysely<Database>, mdOrder: string) {
  if (!/^[0-9a-f-]{36}$/.test(mdOrder)) return Promise.resolve(undefined);
  return db.selectFrom('sandbox_acquiring_orders').selectAll().where('md_order', '=', mdOrder).executeTakeFirst();
}

/** Pays (with the test card, saved when the order has a clientId) or declines a registered order, once. */
async function finishCardOrder(
  db: Kysely<Database>,
  mdOrder: string,
  action: 'pay' | 'decline',
): Promise<{ order: AcquiringOrder; changed: boolean } | null> {
  if (!/^[0-9a-f-]{36}$/.test(mdOrder)) return null;
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('sandbox_acquiring_orders')
      .selectAll()
      .where('md_order', '=', mdOrder)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return null;
    if (order.status !== REGISTERED) return { order, changed: false };
    if (action === 'decline') {
      const declined = await trx
        .updateTable('sandbox_acquiring_orders')
        .set({ status: DECLINED })
        .where('md_order', '=', mdOrder)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order: declined, changed: true };
    }
    // One test card per client: paying again reuses its binding, as a bank does for the same card.
    const known = order.client_id
      ? await trx
          .selectFrom('sandbox_acquiring_orders')
          .select('binding_id')
          .where('client_id', '=', order.client_id)
          .where('binding_id', 'is not', null)
          .executeTakeFirst()
      : undefined;
    const bindingId = order.client_id ? (known?.binding_id ?? randomUUID()) : null;
    const paid = await trx
      .updateTable('sandbox_acquiring_orders')
      .set({ status: DEPOSITED, masked_pan: TEST_CARD.maskedPan, binding_id: bindingId })
      .where('md_order', '=', mdOrder)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: paid, changed: true };
  });
}

/**
 * Pays or declines an SBP QR and its acquirer order, once. A QR whose acquirer order is no
 * longer registered (paid another way, or declined by the merchant) cannot be paid.
 */
async function finishSbpPayment(db: Kysely<Database>, qrId: string, action: 'pay' | 'decline') {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('sandbox_sbp_payments')
      .selectAll()
      .where('qr_id', '=', qrId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) return null;
    const order = await trx
      .selectFrom('sandbox_acquiring_orders')
      .selectAll()
      .where('order_number', '=', payment.order_number)
      .forUpdate()
      .executeTakeFirst();
    if (payment.status === 'paid')
      return { status: payment.status, changed: false, orderProcessed: false, order: null };
    if (order?.status !== REGISTERED) {
      if (order?.status === DECLINED)
        await trx.updateTable('sandbox_sbp_payments').set({ status: 'declined' }).where('qr_id', '=', qrId).execute();
      return { status: payment.status, changed: false, orderProcessed: true, order: null };
    }
    if (payment.status !== 'pending')
      return { status: payment.status, changed: false, orderProcessed: false, order: null };
    const status = action === 'pay' ? 'paid' : 'declined';
    await trx.updateTable('sandbox_sbp_payments').set({ status }).where('qr_id', '=', qrId).execute();
    const finished = await trx
      .updateTable('sandbox_acquiring_orders')
      .set({ status: action === 'pay' ? DEPOSITED : DECLINED })
      .where('md_order', '=', order.md_order)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { status, changed: true, orderProcessed: false, order: finished };
  });
}

/**
 * The merchant's callback, as RBS sends it: GET with mdOrder, orderNumber, operation, status
 * and the checksum. Fire and forget: a lost callback is what the payment check is for.
 */
/** RBS callback operations the sandbox sends. */
type CallbackOperation = 'deposited' | 'reversed' | 'refunded';

async function sendCallback(
  app: FastifyInstance,
  path: string,
  order: AcquiringOrder,
  operation: CallbackOperation,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(path, callbackOrigin(app));
  } catch (error) {
    app.log.warn({ err: error }, 'sandbox acquirer: no callback address');
    return;
  }
  const params: Record<string, string> = {
    mdOrder: order.md_order,
    orderNumber: order.order_number,
    operation,
    // 1: the operation succeeded (a deposit that was declined reports 0).
    status: operation !== 'deposited' || order.status === DEPOSITED ? '1' : '0',
  };
  params.checksum = rbsCallbackChecksum(params, app.config.providers.acquiring.callbackSecret);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  await fetch(url, { signal: AbortSignal.timeout(5000) })
    .then(async (response) => {
      await response.body?.cancel();
      if (!response.ok)
        app.log.info({ status: response.status, mdOrder: order.md_order }, 'sandbox acquirer: callback not accepted');
    })
    .catch((error: unknown) =>
      app.log.info({ err: error, mdOrder: order.md_order }, 'sandbox acquirer: callback not delivered'),
    );
}

function textFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
    }
  }
  return fields;
}

function actionOf(body: unknown): 'pay' | 'decline' | null {
  const action = textFields(body).action;
  return action === 'pay' || action === 'decline' ? action : null;
}

function isJson(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').includes('application/json');
}

function withOrderId(url: string, mdOrder: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}orderId=${encodeURIComponent(mdOrder)}`;
}

function bankOf(memberId: string | undefined): SbpBankApp {
  const fallback = SBP_BANK_APPS[0] ?? { memberId: '100000009001', name: 'Банк', logo: '' };
  return (memberId && sbpBankApp(memberId)) || fallback;
}

/** An NSPK-style QR id: 32 upper-case letters and digits. */
function nspkQrId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = 'AD1';
  while (id.length < 32) id += alphabet[randomInt(alphabet.length)];
  return id;
}

function nspkPayload(qrId: string, amount: number): string {
  const crc = createHmac('sha256', 'nspk-sandbox').update(`${qrId}${amount}`).digest('hex').slice(0, 4).toUpperCase();
  return `https://qr.nspk.ru/${qrId}?type=02&bank=100000000009&sum=${amount}&cur=RUB&crc=${crc}`;
}

async function merchantName(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'app_name').executeTakeFirst();
  return typeof row?.value === 'string' && row.value ? row.value : 'Интернет-магазин';
}

// --- Pages ------------------------------------------------------------------------------------

function sendPage(reply: FastifyReply, title: string, body: string): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#eef1f5;color:#1b2430;font:16px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif}
.top{background:#fff;border-bottom:1px solid #dde3ea}
.top-in{max-width:480px;margin:0 auto;padding:12px 16px;display:flex;align-items:center;justify-content:space-between;gap:12px}
.acq{display:flex;align-items:center;gap:8px;font-weight:700;font-size:15px;color:#14325c;white-space:nowrap}
.acq i{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:8px;background:#14325c;color:#fff;font-style:normal;font-size:13px}
.secure{display:flex;align-items:center;gap:5px;font-size:12px;color:#1f7a4d;text-align:right}
.secure svg{width:14px;height:14px;flex-shrink:0}
main{max-width:480px;margin:0 auto;padding:16px}
.panel{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(20,40,70,.08),0 8px 24px rgba(20,40,70,.06);padding:20px}
.to{font-size:14px;color:#5b6b7f;margin:0}
.merchant{font-size:18px;font-weight:600;margin:2px 0 14px}
.sum{font-size:32px;font-weight:700;letter-spacing:-.5px;margin:0 0 4px}
.meta{margin:0 0 18px;font-size:14px;color:#5b6b7f}
.refunds{list-style:none;padding:0}
.card{border:1px solid #dde3ea;border-radius:12px;padding:14px;margin:0 0 18px;background:#f8fafc}
.card label{display:block;font-size:12px;color:#5b6b7f;margin:0 0 4px}
.field{background:#fff;border:1px solid #cfd7e1;border-radius:8px;padding:10px 12px;font-size:16px;letter-spacing:1px;color:#1b2430}
.row{display:flex;gap:12px;margin-top:12px}.row>div{flex:1}
.btn{display:block;width:100%;border:0;border-radius:12px;padding:15px 16px;font:inherit;font-weight:600;font-size:17px;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#1a7f4b;color:#fff}.pay:hover{background:#166c40}
.cancel{background:#fff;color:#a12b2b;border:1px solid #e3c4c4;margin-top:10px}
.btn:focus-visible{outline:3px solid #7bb0ff;outline-offset:2px}
.note{font-size:13px;color:#5b6b7f;margin:16px 0 0;text-align:center}
.sandbox{display:inline-block;font-size:12px;font-weight:600;color:#8a5a00;background:#fff4d6;border:1px solid #f1d489;border-radius:999px;padding:2px 10px;margin:0 0 12px}
.done{text-align:center}.done .mark{width:56px;height:56px;border-radius:50%;display:grid;place-items:center;margin:4px auto 12px;font-size:28px;color:#fff}
.ok{background:#1a7f4b}.bad{background:#a12b2b}
.bank{display:flex;align-items:center;gap:12px;margin:0 0 16px}.bank img{width:44px;height:44px;border-radius:12px}
.bank b{font-size:18px}.bank span{display:block;font-size:13px;color:#5b6b7f}
footer{max-width:480px;margin:0 auto;padding:4px 16px 24px;font-size:12px;color:#7a8797;text-align:center}
`;

const LOCK =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3z"/></svg>';

function header(): string {
  return `<header class="top"><div class="top-in"><span class="acq"><i>ТЭ</i>Тестовый эквайринг</span><span class="secure">${LOCK}Защищено</span></div></header>`;
}

function cardFormPage(order: AcquiringOrder, merchant: string, refunds: readonly SandboxRefund[]): string {
  const amount = formatMoney(order.amount);
  const summary = `<p class="to">Получатель</p><p class="merchant">${escapeHtml(merchant)}</p>
<p class="sum">${escapeHtml(amount)}</p><p class="meta">Заказ № ${escapeHtml(order.order_number)}</p>`;
  if (order.status !== REGISTERED) return finishedPage(summary, order, refunds);
  return `${header()}<main><div class="panel"><span class="sandbox">Песочница · деньги не списываются</span>${summary}
<div class="card" aria-label="Тестовая карта">
<label>Номер карты</label><div class="field">4111 1111 1111 1111</div>
<div class="row"><div><label>Срок действия</label><div class="field">${TEST_CARD.expiryShown}</div></div><div><label>CVC</label><div class="field">•••</div></div></div>
</div>
<form method="post" action="/sandbox/acquiring/form/${escapeHtml(order.md_order)}">
<button class="btn pay" type="submit" name="action" value="pay">Оплатить ${escapeHtml(amount)}</button>
<button class="btn cancel" type="submit" name="action" value="decline">Отказаться</button>
</form>
<p class="note">${order.client_id ? 'Карта будет сохранена для следующих оплат. ' : ''}Нажимая «Оплатить», вы подтверждаете оплату тестовой картой.</p>
</div></main><footer>Платёжная страница банка-эквайера · песочница</footer>`;
}

/** The headline of a card form whose order is no longer registered, by RBS orderStatus. */
const FINISHED_TITLES: Record<number, string> = {
  [HELD]: 'Сумма заблокирована',
  [DEPOSITED]: 'Оплата прошла',
  [REVERSED]: 'Оплата отменена',
  [REFUNDED]: 'Оплата возвращена',
  [DECLINED]: 'Оплата отклонена',
};

function finishedPage(summary: string, order: AcquiringOrder, refunds: readonly SandboxRefund[]): string {
  const paid = order.status === HELD || order.status === DEPOSITED || order.status === REFUNDED;
  const ok = order.status === HELD || order.status === DEPOSITED;
  const back = withOrderId(paid ? order.return_url : order.fail_url, order.md_order);
  const refund = refundLines(refunds, 'на карту');
  return `${header()}<main><div class="panel done"><div class="mark ${ok ? 'ok' : 'bad'}" aria-hidden="true">${ok ? '✓' : '✕'}</div>
<h1 class="merchant">${FINISHED_TITLES[order.status] ?? 'Заказ обработан'}</h1>${summary}${refund}
<a class="btn ${ok ? 'pay' : 'cancel'}" href="${escapeHtml(back)}">Вернуться в магазин</a></div></main>`;
}

function sbpBankPage(
  bank: SbpBankApp,
  payment: { qr_id: string; amount: number; status: string; order_number: string },
  order: AcquiringOrder | null,
  merchant: string,
  refunds: readonly SandboxRefund[],
): string {
  const amount = formatMoney(payment.amount);
  const bankLine = `<div class="bank"><img src="${escapeHtml(bank.logo)}" alt=""><div><b>${escapeHtml(bank.name)}</b><span>Оплата по СБП</span></div></div>`;
  const summary = `${bankLine}<p class="to">Получатель</p><p class="merchant">${escapeHtml(merchant)}</p>
<p class="sum">${escapeHtml(amount)}</p><p class="meta">Заказ № ${escapeHtml(payment.order_number)} · Система быстрых платежей</p>`;
  if (payment.status !== 'pending') {
    const paid = payment.status === 'paid';
    const back = order
      ? `<a class="btn ${paid ? 'pay' : 'cancel'}" href="${escapeHtml(withOrderId(paid ? order.return_url : order.fail_url, order.md_order))}">Вернуться в магазин</a>`
      : '';
    const refunded = refundLines(refunds, 'на счёт');
    return `<main><div class="panel done"><div class="mark ${paid ? 'ok' : 'bad'}" aria-hidden="true">${paid ? '✓' : '✕'}</div>
<h1 class="merchant">${paid ? 'Перевод выполнен' : 'Перевод отменён'}</h1>${summary}${refunded}${back}</div></main>`;
  }
  return `<main><div class="panel"><span class="sandbox">Песочница · деньги не списываются</span>${summary}
<form method="post" action="/sandbox/sbp/${encodeURIComponent(payment.qr_id)}?bank=${bank.memberId}">
<button class="btn pay" type="submit" name="action" value="pay">Оплатить ${escapeHtml(amount)}</button>
<button class="btn cancel" type="submit" name="action" value="decline">Отказаться</button>
</form><p class="note">Списание с тестового счёта •• 4242</p></div></main>
<footer>Приложение банка · песочница СБП</footer>`;
}

function notFoundPage(): string {
  return `${header()}<main><div class="panel done"><div class="mark bad" aria-hidden="true">!</div><h1 class="merchant">Заказ не найден</h1>
<p class="meta">Ссылка устарела или неверна. Вернитесь в магазин и начните оплату снова.</p></div></main>`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
