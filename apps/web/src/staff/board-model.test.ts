import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '@chain/contract';
import { BOARD_LIMITS } from '@chain/domain';
import { columnOf, latenessOf, mergeOrder, moveLabel, placeText, waitedMinutes } from './board-model';

const order = (fields: Partial<StaffOrder>): StaffOrder => ({
  id: 1,
  znumber: 'С-001',
  type: 'self',
  status: 20,
  status_text: 'Принят',
  paid: true,
  created_at: '2026-11-24T10:00:00.000Z',
  due_at: null,
  next: [30],
  sum: 100_000,
  table: '',
  kiosk: false,
  guest_name: '',
  guest_phone: '',
  address: '',
  comment: '',
  lines: [],
  cutlery: [],
  ...fields,
});
const at = (minutes: number) => Date.parse('2026-11-24T10:00:00.000Z') + minutes * 60_000;

describe('the staff board (issue 17, docs/design.md Staff)', () => {
  it('puts each status in its column', () => {
    expect([10, 20, 30, 40, 50, 90].map((status) => columnOf({ status }))).toEqual([
      'new',
      'new',
      'cooking',
      'ready',
      'done',
      'done',
    ]);
  });

  it('turns an order the kitchen owes amber after 15 minutes and red after 25; a ready one never', () => {
    expect(latenessOf(order({}), at(14))).toBe('on-time');
    expect(latenessOf(order({}), at(15))).toBe('amber');
    expect(latenessOf(order({}), at(25))).toBe('red');
    expect(latenessOf(order({ status: 40 }), at(60))).toBe('on-time');
  });

  it('counts a pre-order from its chosen time: not late before it is due', () => {
    const preorder = order({ due_at: '2026-11-24T12:00:00.000Z' });
    expect(waitedMinutes(preorder, at(30))).toBe(-90);
    expect(latenessOf(preorder, at(30))).toBe('on-time');
    expect(latenessOf(preorder, at(135))).toBe('amber');
  });

  it('names the moves for the kitchen and the courier, and the place of the order', () => {
    expect(moveLabel(40, 'delivery')).toBe('Передать курьеру');
    expect(moveLabel(40, 'inrest')).toBe('Готов');
    expect(moveLabel(90, 'self')).toBe('Отменить');
    expect(placeText({ type: 'inrest', table: '7', kiosk: false })).toBe('Зал, стол 7');
    expect(placeText({ type: 'inrest', table: '', kiosk: false })).toBe('Зал, стол не указан');
    // The type's name in the guest's own words (SPEC 2 Cart titles), as on the order page and the receipt.
    expect(placeText({ type: 'delivery', table: '', kiosk: false })).toBe('Доставка курьером');
    expect(placeText({ type: 'self', table: '', kiosk: false })).toBe('Самовывоз');
  });

  it('merges an order from the stream in place of the old one, newest first', () => {
    const older = order({ id: 1, created_at: '2026-11-24T09:00:00.000Z' });
    const newer = order({ id: 2, created_at: '2026-11-24T10:00:00.000Z' });
    const moved = { ...older, status: 30 };
    expect(mergeOrder([newer, older], moved).map((entry) => [entry.id, entry.status])).toEqual([
      [2, 20],
      [1, 30],
    ]);
  });

  it('keeps the board within the server’s bounds as the stream brings a flood of unpaid orders: the oldest unpaid go, the kitchen’s paid order stays (issue 30.1)', () => {
    const paid = order({ id: 1, paid: true, status: 20, created_at: '2026-11-24T08:00:00.000Z' });
    let board: StaffOrder[] = [paid];
    for (let n = 0; n < BOARD_LIMITS.unpaid + 50; n++) {
      board = mergeOrder(
        board,
        order({
          id: 100 + n,
          paid: false,
          status: 10,
          created_at: new Date(Date.parse('2026-11-24T09:00:00.000Z') + n * 1000).toISOString(),
        }),
      );
    }
    expect(board.filter((entry) => !entry.paid)).toHaveLength(BOARD_LIMITS.unpaid);
    expect(board.at(-2)?.id).toBe(100 + 50);
    expect(board.at(-1)).toBe(paid);
  });
});
