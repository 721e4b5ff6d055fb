import { describe, expect, it } from 'vitest';
import {
  BOARD_LIMITS,
  boardPartOf,
  canMoveOrder,
  isOrderSettled,
  nextKitchenStatus,
  ORDER_STATUS,
  orderStatusColour,
  orderStatusText,
  progressStepOf,
  staffMoves,
  withinBoardLimits,
} from '../src/order-status';
import { NO_PROGRESS_STEP, progressBarSteps, showsPayButton } from '../src/order-display';

describe('the order status machine (SPEC 3 Order, SPEC 4 progress bar)', () => {
  it('moves forward one step at a time, or to cancelled before it is done', () => {
    expect(canMoveOrder(10, 20)).toBe(true);
    expect(canMoveOrder(20, 30)).toBe(true);
    expect(canMoveOrder(30, 40)).toBe(true);
    expect(canMoveOrder(40, 50)).toBe(true);
    expect(canMoveOrder(10, 90)).toBe(true);
    expect(canMoveOrder(20, 90)).toBe(true);
    expect(canMoveOrder(30, 90)).toBe(true);
    expect(canMoveOrder(40, 90)).toBe(true); // a manager cancels it with its money returned (issue 31)
    expect(canMoveOrder(10, 30)).toBe(false);
    expect(canMoveOrder(50, 90)).toBe(false);
    expect(canMoveOrder(90, 10)).toBe(false);
    expect(canMoveOrder(77, 20)).toBe(false);
    expect(canMoveOrder(20, 20)).toBe(false);
    expect(canMoveOrder(30, 20)).toBe(false);
    expect(canMoveOrder(50, 50)).toBe(false);
    expect(canMoveOrder(90, 90)).toBe(false);
  });

  it('lets the kitchen take a paid order from accepted to done', () => {
    expect(nextKitchenStatus(20)).toBe(30);
    expect(nextKitchenStatus(30)).toBe(40);
    expect(nextKitchenStatus(40)).toBe(50);
    expect(nextKitchenStatus(50)).toBeNull();
    expect(nextKitchenStatus(10)).toBeNull();
    expect(nextKitchenStatus(90)).toBeNull();
  });

  it('names each status in Russian, by order type where it differs', () => {
    expect(orderStatusText(10, 'self', false)).toBe('Ожидает оплаты');
    expect(orderStatusText(10, 'self', true)).toBe('Оплачен');
    expect(orderStatusText(20, 'self', true)).toBe('Принят');
    expect(orderStatusText(30, 'self', true)).toBe('Готовится');
    expect(orderStatusText(40, 'self', true)).toBe('Готов к выдаче');
    expect(orderStatusText(40, 'delivery', true)).toBe('В пути');
    expect(orderStatusText(40, 'inrest', true)).toBe('Подаём');
    expect(orderStatusText(50, 'self', true)).toBe('Выдан');
    expect(orderStatusText(50, 'delivery', true)).toBe('Доставлен');
    expect(orderStatusText(50, 'inrest', true)).toBe('Подан');
    expect(orderStatusText(90, 'self', false)).toBe('Отменён');
    expect(orderStatusText(15, 'self', false)).toBe('В обработке');
  });

  it('gives each status a 9-character colour', () => {
    for (const status of Object.values(ORDER_STATUS)) expect(orderStatusColour(status)).toMatch(/^#[0-9A-F]{8}$/);
    expect(orderStatusColour(10)).not.toBe(orderStatusColour(20));
    expect(orderStatusColour(90)).not.toBe(orderStatusColour(20));
    expect(orderStatusColour(50)).not.toBe(orderStatusColour(20));
  });

  it('colours awaiting payment amber, the kitchen’s steps green, done grey and cancelled red (SPEC 3 status_color)', () => {
    expect(orderStatusColour(ORDER_STATUS.awaitingPayment)).toBe('#FFB26B00');
    expect(orderStatusColour(ORDER_STATUS.accepted)).toBe('#FF2E7D32');
    expect(orderStatusColour(ORDER_STATUS.cooking)).toBe('#FF2E7D32');
    expect(orderStatusColour(ORDER_STATUS.ready)).toBe('#FF2E7D32');
    expect(orderStatusColour(ORDER_STATUS.done)).toBe('#FF5F6B75');
    expect(orderStatusColour(ORDER_STATUS.cancelled)).toBe('#FFB3261E');
  });

  it('puts the progress bar at payment, kitchen, pickup or delivery, and all done', () => {
    expect(progressStepOf(10, false)).toBe(1);
    expect(progressStepOf(10, true)).toBe(2);
    expect(progressStepOf(20, true)).toBe(2);
    expect(progressStepOf(30, true)).toBe(2);
    expect(progressStepOf(40, true)).toBe(3);
    expect(progressStepOf(50, true)).toBe(5);
  });

  it('moves no step of a cancelled order, paid or not: it goes no further (SPEC 4 progress bar)', () => {
    expect(progressStepOf(ORDER_STATUS.cancelled, false)).toBe(NO_PROGRESS_STEP);
    expect(progressStepOf(ORDER_STATUS.cancelled, true)).toBe(NO_PROGRESS_STEP);
    expect(progressBarSteps('self', progressStepOf(ORDER_STATUS.cancelled, true))).toEqual([]);
  });

  it('keeps an accepted or cooking order at the kitchen step whatever the paid flag says (SPEC 4 progress bar)', () => {
    expect(progressStepOf(ORDER_STATUS.accepted, false)).toBe(2);
    expect(progressStepOf(ORDER_STATUS.cooking, false)).toBe(2);
  });

  it('keeps the pay button for unpaid orders below done (SPEC 4)', () => {
    expect(showsPayButton({ paid: 0, status: ORDER_STATUS.awaitingPayment })).toBe(true);
    expect(showsPayButton({ paid: 0, status: ORDER_STATUS.done })).toBe(false);
  });
});

describe('staffMoves (issue 17: the staff board’s buttons)', () => {
  it('takes a paid order on through the kitchen, one step at a time, and never cancels it', () => {
    expect(staffMoves(10, true)).toEqual([20]);
    expect(staffMoves(20, true)).toEqual([30]);
    expect(staffMoves(30, true)).toEqual([40]);
    expect(staffMoves(40, true)).toEqual([50]);
    expect(staffMoves(50, true)).toEqual([]);
    expect(staffMoves(90, true)).toEqual([]);
  });

  it('only cancels an unpaid order awaiting payment; every move it offers is one the status machine allows', () => {
    expect(staffMoves(10, false)).toEqual([90]);
    expect(staffMoves(90, false)).toEqual([]);
    for (const status of [10, 20, 30, 40, 50, 90]) {
      for (const paid of [true, false])
        for (const to of staffMoves(status, paid)) expect(canMoveOrder(status, to)).toBe(true);
    }
  });
});

describe('the parts of a staff board (issue 30.1: unpaid orders never push paid ones off)', () => {
  it("puts a paid unfinished order in the kitchen's part, a paid finished one in the finished part, any unpaid one in the unpaid part", () => {
    for (const status of [10, 20, 30, 40]) expect(boardPartOf({ status, paid: true })).toBe('kitchen');
    for (const status of [50, 90]) expect(boardPartOf({ status, paid: true })).toBe('finished');
    for (const status of [10, 90]) expect(boardPartOf({ status, paid: false })).toBe('unpaid');
  });

  it('keeps every paid unfinished order however many unpaid ones come after it, and the newest unpaid ones up to their limit', () => {
    const paid = { id: 0, status: 20, paid: true };
    const done = { id: 1, status: 50, paid: true };
    // Newest first, as a board is: 400 unpaid orders placed after the paid ones.
    const flood = Array.from({ length: 400 }, (_, i) => ({ id: 1000 - i, status: i % 3 === 0 ? 90 : 10, paid: false }));
    const kept = withinBoardLimits([...flood, paid, done]);
    expect(kept).toContain(paid);
    expect(kept).toContain(done);
    expect(kept.filter((order) => !order.paid)).toEqual(flood.slice(0, BOARD_LIMITS.unpaid));
    expect(kept).toHaveLength(BOARD_LIMITS.unpaid + 2);
  });

  it("holds each part to its own limit, the newest first, and keeps the board's order", () => {
    const kitchen = Array.from({ length: BOARD_LIMITS.kitchen + 5 }, (_, i) => ({ id: i, status: 30, paid: true }));
    const finished = Array.from({ length: BOARD_LIMITS.finished + 5 }, (_, i) => ({
      id: 10_000 + i,
      status: 50,
      paid: true,
    }));
    const board = kitchen.flatMap((order, i) => [order, ...(finished[i] ? [finished[i]] : [])]);
    const kept = withinBoardLimits(board);
    expect(kept.filter((order) => boardPartOf(order) === 'kitchen')).toEqual(kitchen.slice(0, BOARD_LIMITS.kitchen));
    expect(kept.filter((order) => boardPartOf(order) === 'finished')).toEqual(finished.slice(0, BOARD_LIMITS.finished));
    expect(kept).toEqual(board.filter((order) => kept.includes(order)));
    expect(withinBoardLimits(kept)).toEqual(kept);
  });
});

describe('isOrderSettled (SPEC 3 Order status): nothing about the order will change any more', () => {
  it('is cancelled, or done and paid; a served order still unpaid may be paid at the counter', () => {
    expect(isOrderSettled({ status: 90, paid: 0 })).toBe(true);
    expect(isOrderSettled({ status: 90, paid: true })).toBe(true);
    expect(isOrderSettled({ status: 50, paid: 1 })).toBe(true);
    expect(isOrderSettled({ status: 50, paid: false })).toBe(false);
    for (const status of [10, 20, 30, 40]) expect(isOrderSettled({ status, paid: 1 })).toBe(false);
  });
});
