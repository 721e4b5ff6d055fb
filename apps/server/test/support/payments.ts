import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  paymentBindingsResponse,
  paymentCheckResponse,
  paymentSbpResponse,
  paymentStartResponse,
  type PaymentCheckStatus,
} from '@chain/contract';
import { rbsCallbackChecksum } from '../../src/adapters/acquiring/rbs';
import type { DatabaseHandle } from '../../src/db/client';
import { testConfig } from '../../src/config';
import { post } from './calls';
import { insertTestOrder } from './orders';
import { signedInUser } from './users';

export const START = '/api/v1/order/payment/start';
export const SBP = '/api/v1/order/payment/sbp';
export const BINDINGS = '/api/v1/order/payment/bindings';
export const CHECK = (orderId: number | string) => `/api/v1/order/payment/check/${orderId}`;
export const CALLBACK = '/api/v1/order/payment/callback/acquiring';

export interface Guest {
  id: number;
  token: string;
}

/** payment/start for the guest's order; expects 200 and a contract-shaped answer. */
export async function startCard(
  app: FastifyInstance,
  guest: Guest,
  orderId: number,
  extra: Record<string, unknown> = {},
) {
  const res = await post(app, START, { user_id: guest.id, token: guest.token, order_id: orderId, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return paymentStartResponse.parse(res.json());
}

/**
 * payment/sbp for an order: a guest's with the guest's session, a kiosk order (guest null) with
 * what it answers to (`kiosk`: its kiosk's token and/or its follow token, decision 038).
 */
export async function startSbp(
  app: FastifyInstance,
  guest: Guest | null,
  orderId: number,
  kiosk: { kiosk_token?: string; follow_token?: string } = {},
) {
  const res = await post(app, SBP, {
    ...(guest ? { user_id: guest.id, token: guest.token } : {}),
    order_id: orderId,
    ...kiosk,
  });
  expect(res.statusCode, res.body).toBe(200);
  return paymentSbpResponse.parse(res.json());
}

/** GET payment/check, with the guest's token when given (for a kiosk order: its kiosk's token or its follow token). */
export function checkRequest(
  app: FastifyInstance,
  orderId: number | string,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: CHECK(orderId), headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export async function check(app: FastifyInstance, orderId: number, token?: string): Promise<PaymentCheckStatus> {
  const res = await checkRequest(app, orderId, token);
  expect(res.statusCode, res.body).toBe(200);
  return paymentCheckResponse.parse(res.json()).status;
}

/** The guest presses a button of the sandbox card form (JSON, as a test posts it). */
export async function pressCardForm(app: FastifyInstance, formUrl: string, action: 'pay' | 'decline') {
  const res = await post(app, new URL(formUrl).pathname, { action });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ orderStatus: number; redirect: string }>();
}

/** The guest presses a button of a sandbox SBP bank page. */
export async function pressBankPage(app: FastifyInstance, link: string, action: 'pay' | 'decline') {
  const url = new URL(link);
  const res = await post(app, `${url.pathname}${url.search}`, { action });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ status: string }>();
}

/** The md_order of the sandbox acquirer behind a card form URL. */
export function mdOrderOf(formUrl: string): string {
  return new URL(formUrl).pathname.split('/').pop() ?? '';
}

/** The acquirer's callback for an order, signed as the bank signs it. */
export function signedCallback(mdOrder: string, fields: Record<string, string> = {}): Record<string, string> {
  const params = { mdOrder, orderNumber: 'x', operation: 'deposited', status: '1', ...fields };
  return { ...params, checksum: rbsCallbackChecksum(params, testConfig().providers.acquiring.callbackSecret) };
}

export function callback(app: FastifyInstance, params: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `${CALLBACK}?${new URLSearchParams(params).toString()}` });
}

/** How many times the order entered status 20 (accepted). */
export async function acceptedRows(database: DatabaseHandle, orderId: number): Promise<number> {
  const rows = await database.db
    .selectFrom('order_status_history')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 20)
    .execute();
  return rows.length;
}

export function orderRow(database: DatabaseHandle, orderId: number) {
  return database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export function paymentRows(database: DatabaseHandle, orderId: number) {
  return database.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** The sandbox acquirer's orders registered for one of our orders (orderNumber `{orderId}-…`), oldest first. */
export function bankOrdersOf(database: DatabaseHandle, orderId: number) {
  return database.db
    .selectFrom('sandbox_acquiring_orders')
    .selectAll()
    .where('order_number', 'like', `${orderId}-%`)
    .orderBy('created_at')
    .execute();
}

/** What the bank keeps for an order, in kopecks: held or deposited money less what was refunded. */
export async function keptAtBank(database: DatabaseHandle, orderId: number): Promise<number> {
  let kept = 0;
  for (const bankOrder of await bankOrdersOf(database, orderId)) {
    if (bankOrder.status === 1 || bankOrder.status === 2 || bankOrder.status === 4)
      kept += bankOrder.amount - bankOrder.refunded_amount;
  }
  return kept;
}

/**
 * The sandbox acquirer's faults switch (docs/sandbox.md): the next `count` calls of an RBS
 * method answer HTTP 503, or with `delayMs` answer that much later (a slow bank).
 */
export async function bankFaults(app: FastifyInstance, method: string, count: number, delayMs?: number): Promise<void> {
  const res = await post(app, '/sandbox/acquiring/faults', {
    method,
    count,
    ...(delayMs === undefined ? {} : { delayMs }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A call of the sandbox acquirer's RBS REST API with the merchant's sandbox login, as the adapter makes it. */
export function sandboxRbs(
  app: FastifyInstance,
  method: string,
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const { userName, password } = testConfig().providers.acquiring;
  return app.inject({
    method: 'POST',
    url: `/sandbox/acquiring/payment/rest/${method}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ userName, password, ...form }).toString(),
  });
}

/** The order's payment events (declines, reversals, refunds with the bank's answer), oldest first. */
export function paymentEvents(database: DatabaseHandle, orderId: number) {
  return database.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** A guest whose card the sandbox bank has saved (paid once on the form), and that card's binding. */
export async function guestWithSavedCard(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<{ guest: Guest; bindingId: string }> {
  const guest = await signedInUser(database);
  const first = await insertTestOrder(database, { userId: guest.id });
  await pressCardForm(app, (await startCard(app, guest, first.id)).formUrl ?? '', 'pay');
  expect(await check(app, first.id, guest.token)).toBe('ok');
  const listed = paymentBindingsResponse.parse(
    (await post(app, BINDINGS, { user_id: guest.id, token: guest.token })).json(),
  );
  return { guest, bindingId: listed.bindings[0]?.bindingId ?? '' };
}
