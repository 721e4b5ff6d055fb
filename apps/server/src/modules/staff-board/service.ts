import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { StaffOrder } from '@chain/contract';
import { BOARD_LIMITS, ORDER_NOT_FOUND_MESSAGE, orderStatusText, staffMoves, type OrderStatus } from '@chain/domain';
import type { Database } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { refundStateOf } from '../order-events';
import { addressText, lineSpec, lineSpecs, moveOrderStatus } from '../order-history';
import { mayActOn, staffActor, type StaffPrincipal, writeAudit } from '../staff';
import {
  boardOrder,
  boardOrders,
  lockOrderForMove,
  orderLinesOf,
  orderRestaurantId,
  type BoardOrderRow,
} from './repository';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The address as the courier reads it: the saved `long` text (entrance, intercom, floor, flat), else the shorter ones. */
export function courierAddress(address: unknown): string {
  if (isRecord(address) && typeof address.long === 'string' && address.long.trim() !== '') return address.long.trim();
  return addressText(address);
}

type LineRow = Awaited<ReturnType<typeof orderLinesOf>>[number];

/** «Соус сырный ×2», «Большая»: the chosen options as the kitchen reads them. */
function optionTexts(line: LineRow): string[] {
  const single = lineSpec(line.spec);
  const extras = lineSpecs(line.specs).filter((spec) => spec.cnt > 0);
  return [
    ...(single && single.name ? [single.name] : []),
    ...extras.map((spec) => (spec.cnt > 1 ? `${spec.name} ×${spec.cnt}` : spec.name)),
  ];
}

function staffOrderOf(row: BoardOrderRow, lines: LineRow[]): StaffOrder {
  const props = isRecord(row.props) ? row.props : {};
  return {
    id: row.id,
    znumber: row.znumber,
    type: row.type,
    status: row.status,
    status_text: orderStatusText(row.status, row.type, row.paid, refundStateOf(row)),
    paid: row.paid,
    created_at: row.created_at.toISOString(),
    due_at: row.as_ready || row.ready_at === null ? null : row.ready_at.toISOString(),
    next: staffMoves(row.status, row.paid),
    sum: row.sum,
    table: row.table_num ?? '',
    kiosk: row.source === 'kiosk',
    guest_name: row.name,
    guest_phone: row.phone,
    address: row.type === 'delivery' ? courierAddress(props.address) : '',
    comment: row.comment,
    lines: lines
      .filter((line) => line.kind !== 'cutlery')
      .map((line) => ({ name: line.name, cnt: line.cnt, options: optionTexts(line) })),
    cutlery: lines
      .filter((line) => line.kind === 'cutlery' && line.cnt > 0)
      .map((line) => ({ name: line.name, cnt: line.cnt })),
  };
}

async function withLines(db: Kysely<Database> | Transaction<Database>, rows: BoardOrderRow[]): Promise<StaffOrder[]> {
  const lines = await orderLinesOf(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<number, LineRow[]>();
  for (const line of lines) {
    const held = byOrder.get(line.order_id);
    if (held) held.push(line);
    else byOrder.set(line.order_id, [line]);
  }
  return rows.map((row) => staffOrderOf(row, byOrder.get(row.id) ?? []));
}

const newestFirst = (a: BoardOrderRow, b: BoardOrderRow) =>
  b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;

/**
 * A restaurant's board, newest first (issue 30 point 1): every part within BOARD_LIMITS, so the
 * kitchen's work (every paid unfinished order) shows however many unpaid orders strangers place.
 * A kitchen's part past its bound is a restaurant that does not close its orders: the board then
 * shows its newest ones and the log says so, with the restaurant's id.
 */
export async function boardOf(
  db: Kysely<Database>,
  restaurantId: number,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<StaffOrder[]> {
  // The parts and their lines from one snapshot: read one statement after another, an order paid
  // or finished in between was in no part, or in two (one board, two cards of one order).
  const { parts, orders } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const read = await boardOrders(trx, restaurantId, { ...BOARD_LIMITS, kitchen: BOARD_LIMITS.kitchen + 1 });
      const rows = [...read.kitchen.slice(0, BOARD_LIMITS.kitchen), ...read.finished, ...read.unpaid].sort(newestFirst);
      return { parts: read, orders: await withLines(trx, rows) };
    });
  if (parts.kitchen.length > BOARD_LIMITS.kitchen) {
    log?.warn(
      { restaurantId, limit: BOARD_LIMITS.kitchen },
      'staff board: more paid unfinished orders than a board holds; the oldest are left out (are orders being closed?)',
    );
  }
  return orders;
}

/** One order as the board shows it, with its restaurant; undefined for none (or a delayed one). */
export async function staffOrderById(
  db: Kysely<Database>,
  orderId: number,
): Promise<{ restaurantId: number; order: StaffOrder } | undefined> {
  const row = await boardOrder(db, orderId);
  if (!row) return undefined;
  const [order] = await withLines(db, [row]);
  return order ? { restaurantId: row.restaurant_id, order } : undefined;
}

/**
 * A staff member moves an order to another status: the move and its audit row in one
 * transaction; answers the order as the board shows it then.
 */
export async function moveStaffOrder(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  orderId: number,
  to: number,
): Promise<StaffOrder> {
  // Another restaurant's order is answered exactly as an unknown id, after the same one read
  // (issue 30 point 7): order ids are no oracle of other restaurants' orders.
  const restaurantId = await orderRestaurantId(db, orderId);
  if (restaurantId === undefined || !mayActOn(staff, restaurantId))
    throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  const before = await staffOrderById(db, orderId);
  if (!before) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  await db.transaction().execute(async (trx) => {
    // The staff's own rule (a paid order is never cancelled here) read under the order's row
    // lock, so a payment or another move in between is seen: a raced move is a 409.
    const locked = await lockOrderForMove(trx, orderId);
    if (!locked || !staffMoves(locked.status, locked.paid).includes(to as OrderStatus)) {
      throw conflict(
        `Заказ ${before.order.znumber} нельзя перевести в этот статус: ${before.order.status_text.toLowerCase()}.`,
        'illegal_status_move',
      );
    }
    const move = await moveOrderStatus(trx, orderId, to, staffActor(staff));
    await writeAudit(trx, staff, {
      action: 'order.status',
      restaurantId: before.restaurantId,
      target: `заказ ${before.order.znumber}`,
      before: { status: move.from },
      after: { status: move.to },
    });
  });
  const after = await staffOrderById(db, orderId);
  if (!after) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  return after.order;
}
