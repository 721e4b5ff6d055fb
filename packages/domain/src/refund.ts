import { divideRoundingHalfAwayFromZero, formatMoney } from './money';
import type { Kopecks } from './units';

// Money back for a paid order (issue 31, decision 050): the one rule for what a refund of some
// lines, or of the whole order, returns. The server charges the bank with it and the staff
// screen shows it before the manager confirms; nothing else computes a refund's sum.
//
// The rule:
// - The order's lines (dishes, cutlery, recommended) make the discount's base G (SPEC 5), the
//   coupon's discount D was rounded once on it (decision 006), delivery is added after it, and
//   the guest paid P = G − D + delivery.
// - Refunding a line's units returns their part of the line and their share of the discount: for
//   everything refunded so far (units k_i of each line, cumulatively), goods g = Σ round(sum_i ×
//   k_i / cnt_i) and money F = g − round(D × g / G), each rounded half away from zero as decision
//   006 rounds. A refund returns F(after) − F(before). So the parts telescope: however the lines
//   are split into refunds, in whatever order, they add up to what refunding them at once
//   returns, never more than the goods' price less its discount.
// - Delivery goes back only with the whole order (cancelling it): the courier drove anyway when
//   some dishes are returned. The whole order returns what was paid less what earlier refunds
//   returned, so a full refund is always exactly the paid sum.

/** A line of the order as a refund reads it: its price for all its units (after free cutlery) and its units. */
export interface RefundLine {
  readonly id: number;
  readonly cnt: number;
  readonly lineSum: Kopecks;
}

/** What the guest paid, as the order keeps it. */
export interface RefundOrder {
  readonly lines: readonly RefundLine[];
  /** The discount rounded on the lines' sum (negative: a markup). */
  readonly discount: Kopecks;
  /** What the guest paid: lines − discount + delivery. */
  readonly paid: Kopecks;
}

/** Units of lines, by line id. */
export type LineCounts = ReadonlyMap<number, number>;

/** Money returned for the lines refunded so far (cumulative counts): their goods less their share of the discount. */
export function refundedValue(order: RefundOrder, counts: LineCounts): Kopecks {
  const base = order.lines.reduce((sum, line) => sum + line.lineSum, 0);
  let goods = 0;
  for (const line of order.lines) {
    const units = Math.min(counts.get(line.id) ?? 0, line.cnt);
    if (units > 0) goods += divideRoundingHalfAwayFromZero(line.lineSum * units, line.cnt);
  }
  if (base === 0) return 0;
  const value = goods - divideRoundingHalfAwayFromZero(order.discount * goods, base);
  return Math.min(Math.max(value, 0), order.paid);
}

/** Units of each line refunded by several refunds together. */
export function addCounts(...parts: readonly { readonly id: number; readonly cnt: number }[][]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const part of parts) for (const line of part) counts.set(line.id, (counts.get(line.id) ?? 0) + line.cnt);
  return counts;
}

/** Why a refund cannot be made as asked: a readable Russian message for the manager. */
export type RefundRefusal = { readonly message: string; readonly lineId?: number };

/**
 * What a refund returns: the whole order (`full`, what was paid less what was returned before)
 * or the chosen units of lines on top of those refunded before. A refusal when a line is not the
 * order's, more units are asked than are left, nothing is chosen, or nothing is left.
 */
export function refundAmount(
  order: RefundOrder,
  before: { readonly counts: LineCounts; readonly returned: Kopecks },
  ask:
    | { readonly full: true }
    | { readonly full: false; readonly lines: readonly { readonly id: number; readonly cnt: number }[] },
): { amount: Kopecks; counts: Map<number, number> } | RefundRefusal {
  const left = order.paid - before.returned;
  if (left <= 0) return { message: REFUND_TEXTS.nothingLeft };
  if (ask.full) {
    const counts = new Map<number, number>();
    for (const line of order.lines) {
      const units = line.cnt - (before.counts.get(line.id) ?? 0);
      if (units > 0) counts.set(line.id, units);
    }
    return { amount: left, counts };
  }
  const chosen = ask.lines.filter((line) => line.cnt > 0);
  if (chosen.length === 0) return { message: REFUND_TEXTS.chooseLines };
  const counts = addCounts(chosen);
  for (const [id, units] of counts) {
    const line = order.lines.find((candidate) => candidate.id === id);
    if (!line) return { message: REFUND_TEXTS.unknownLine, lineId: id };
    if ((before.counts.get(id) ?? 0) + units > line.cnt) return { message: REFUND_TEXTS.tooManyUnits, lineId: id };
  }
  const amount = Math.min(
    refundedValue(
      order,
      addCounts(
        [...before.counts].map(([id, cnt]) => ({ id, cnt })),
        [...counts].map(([id, cnt]) => ({ id, cnt })),
      ),
    ) - refundedValue(order, before.counts),
    left,
  );
  if (amount <= 0) return { message: REFUND_TEXTS.nothingToReturn };
  return { amount, counts };
}

/** Whether refundAmount refused. */
export function isRefundRefusal(result: ReturnType<typeof refundAmount>): result is RefundRefusal {
  return 'message' in result;
}

/** Words of refunds that the server and both apps share. */
export const REFUND_TEXTS = {
  nothingLeft: 'Деньги за этот заказ уже возвращены полностью.',
  chooseLines: 'Выберите, что вернуть: хотя бы одну позицию.',
  unknownLine: 'Такой позиции в заказе нет.',
  tooManyUnits: 'Столько этой позиции вернуть нельзя: часть уже возвращена или её меньше в заказе.',
  nothingToReturn: 'За выбранное возвращать нечего: оно было бесплатным.',
} as const;

/** How the money of an order's refunds stands: returned by the bank, and asked of it and not yet done. */
export interface OrderRefundState {
  readonly returned: Kopecks;
  readonly returning: Kopecks;
  /**
   * A refund of the money `returning` failed at the bank and waits for a manager's retry
   * (decision 050): the guest is told it is delayed rather than on its way.
   */
  readonly delayed?: boolean;
}

/**
 * The order's status text with its refund, as the guest reads it (SPEC 3 status_text): a
 * cancelled order says its money came back («Отменён, деньги возвращены: 450,00 ₽»), is on its
 * way, or is delayed (the bank refused, a manager retries); an order refunded in part adds it to
 * its status.
 */
export function withRefundText(statusText: string, cancelled: boolean, refund: OrderRefundState | undefined): string {
  if (!refund || refund.returned + refund.returning <= 0) return statusText;
  const total = formatMoney(refund.returned + refund.returning);
  if (refund.returning > 0 && refund.delayed)
    return cancelled
      ? `${statusText}, возврат денег задерживается: ${total}`
      : `${statusText} · возврат задерживается: ${total}`;
  if (cancelled) {
    return refund.returning > 0
      ? `${statusText}, деньги возвращаются: ${total}`
      : `${statusText}, деньги возвращены: ${formatMoney(refund.returned)}`;
  }
  return refund.returning > 0
    ? `${statusText} · возвращается ${total}`
    : `${statusText} · возвращено ${formatMoney(refund.returned)}`;
}
