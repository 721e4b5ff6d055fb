import { describe, expect, it } from 'vitest';
import { instantAt } from '../src/wall-clock';
import { AS_READY_PAYMENT_MINUTES, KIOSK_PAYMENT_MINUTES, paymentDeadline, paymentTimeOver } from '../src/unpaid-order';

// Decision 032: an unpaid order takes payment until its deadline.

const MINUTE = 60_000;
/** Open 10:00–23:00 every day (Moscow). */
const DAYTIME = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 600, toMinute: 1380 }));
const ROUND_THE_CLOCK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 360, toMinute: 1800 }));
const open = { active: true, schedule: DAYTIME };
/** Friday 20 November 2026 in Moscow, at a minute of the day. */
const friday = (minute: number) => instantAt({ year: 2026, month: 11, day: 20 }, minute, 'Europe/Moscow');
const PLACED = friday(15 * 60);

describe('the deadline of an unpaid order (decision 032)', () => {
  it('is the time the guest chose for an order for a time (a pre-order, a pickup or delivery time, a delayed order)', () => {
    const readyAt = PLACED + 3 * 24 * 60 * MINUTE;
    const order = { createdAt: PLACED, readyAt, source: 'web' as const };
    expect(paymentDeadline(order, open)).toBe(readyAt);
    expect(paymentTimeOver(order, open, readyAt - MINUTE)).toBe(false);
    expect(paymentTimeOver(order, open, readyAt)).toBe(true);
  });

  it(`is ${AS_READY_PAYMENT_MINUTES} minutes after an order as soon as ready was placed in the app, ${KIOSK_PAYMENT_MINUTES} at a kiosk`, () => {
    const web = { createdAt: PLACED, readyAt: null, source: 'web' as const };
    const kiosk = { ...web, source: 'kiosk' as const };
    expect(paymentDeadline(web, open)).toBe(PLACED + AS_READY_PAYMENT_MINUTES * MINUTE);
    expect(paymentDeadline(kiosk, open)).toBe(PLACED + KIOSK_PAYMENT_MINUTES * MINUTE);
    expect(paymentTimeOver(web, open, PLACED + (AS_READY_PAYMENT_MINUTES - 1) * MINUTE)).toBe(false);
    expect(paymentTimeOver(web, open, PLACED + AS_READY_PAYMENT_MINUTES * MINUTE)).toBe(true);
    expect(paymentTimeOver(kiosk, open, PLACED + KIOSK_PAYMENT_MINUTES * MINUTE)).toBe(true);
  });

  it('comes when the restaurant closes, for an order as soon as ready placed shortly before', () => {
    const placed = friday(22 * 60 + 50);
    const asReady = { createdAt: placed, readyAt: null, source: 'web' as const };
    expect(paymentDeadline(asReady, open)).toBe(friday(23 * 60));
    expect(paymentTimeOver(asReady, open, friday(22 * 60 + 59))).toBe(false);
    expect(paymentTimeOver(asReady, open, friday(23 * 60))).toBe(true);
  });

  it('runs on through the night at a restaurant open round the clock (its days meet at 06:00)', () => {
    const placed = friday(24 * 60 + 5 * 60 + 40);
    const asReady = { createdAt: placed, readyAt: null, source: 'web' as const };
    expect(paymentDeadline(asReady, { schedule: ROUND_THE_CLOCK })).toBe(placed + AS_READY_PAYMENT_MINUTES * MINUTE);
  });

  it('is the minutes alone for an order as soon as ready placed while the restaurant was closed (order/create takes none)', () => {
    const placed = friday(3 * 60);
    expect(paymentDeadline({ createdAt: placed, readyAt: null, source: 'web' }, open)).toBe(
      placed + AS_READY_PAYMENT_MINUTES * MINUTE,
    );
  });

  it('has come at once at a restaurant that no longer works', () => {
    const order = { createdAt: PLACED, readyAt: PLACED + 24 * 60 * MINUTE, source: 'web' as const };
    expect(paymentTimeOver(order, { active: false, schedule: ROUND_THE_CLOCK }, PLACED + MINUTE)).toBe(true);
  });
});
