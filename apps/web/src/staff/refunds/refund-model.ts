import type { OrderRefunds } from '@chain/contract';
import { addCounts, isRefundRefusal, refundAmount, type RefundRefusal } from '@chain/domain';

/** What the manager chose in the refund dialog: the whole order, or units of lines. */
export type RefundChoice = { full: true } | { full: false; counts: ReadonlyMap<number, number> };

/** Units of a line still to return. */
export function unitsLeft(line: OrderRefunds['lines'][number]): number {
  return Math.max(0, line.cnt - line.refunded_cnt);
}

/**
 * The sum the dialog offers for a choice: the domain's refundAmount over the order's figures,
 * the same function the server charges the bank with (decision 050), or its refusal in words.
 */
export function refundOffer(view: OrderRefunds, choice: RefundChoice): { amount: number } | RefundRefusal {
  const order = { lines: view.lines.map((line) => ({ id: line.id, cnt: line.cnt, lineSum: line.line_sum })), discount: view.order.discount, paid: view.order.sum };
  const before = { counts: addCounts(view.lines.map((line) => ({ id: line.id, cnt: line.refunded_cnt }))), returned: view.order.refunded };
  const ask = choice.full ? ({ full: true } as const) : { full: false as const, lines: [...choice.counts].map(([id, cnt]) => ({ id, cnt })) };
  const result = refundAmount(order, before, ask);
  return isRefundRefusal(result) ? result : { amount: result.amount };
}

/** A press's key: one per dialog, so a double tap or a retry after a lost answer is the same refund. */
export function pressKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
