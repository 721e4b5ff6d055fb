import type { OrderRefunds, RecentRefund } from '@chain/contract';
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
  const order = {
    lines: view.lines.map((line) => ({ id: line.id, cnt: line.cnt, lineSum: line.line_sum })),
    discount: view.order.discount,
    paid: view.order.sum,
  };
  const before = {
    counts: addCounts(view.lines.map((line) => ({ id: line.id, cnt: line.refunded_cnt }))),
    returned: view.order.refunded,
  };
  const ask = choice.full
    ? ({ full: true } as const)
    : { full: false as const, lines: [...choice.counts].map(([id, cnt]) => ({ id, cnt })) };
  const result = refundAmount(order, before, ask);
  return isRefundRefusal(result) ? result : { amount: result.amount };
}

/** A press's key: one per dialog, so a double tap or a retry after a lost answer is the same refund. */
export function pressKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** «Возвраты» with a refund as its stream sent it: in its place when listed, else first (a new one). */
export function withRecentRefund(list: readonly RecentRefund[], refund: RecentRefund): RecentRefund[] {
  return list.some((entry) => entry.id === refund.id)
    ? list.map((entry) => (entry.id === refund.id ? refund : entry))
    : [refund, ...list];
}

/**
 * What the dialog does with its order's figures read again after a refund event: the same total
 * refunded (the bank answered a refund already shown) leaves the manager's choice as it is; another
 * total (someone made a refund meanwhile) starts the choice afresh, as a 409 would have.
 */
export function liveRefundsChange(shown: OrderRefunds, fresh: OrderRefunds): 'keep-choice' | 'choose-again' {
  return fresh.order.refunded === shown.order.refunded ? 'keep-choice' : 'choose-again';
}
