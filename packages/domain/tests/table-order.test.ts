import { describe, expect, it } from 'vitest';
import { TABLE_ORDER_UNAVAILABLE_MESSAGE } from '../src/messages';
import { RESTAURANT_CLOSED_MESSAGE, TABLE_ORDER_TITLE, tableOrderBlock } from '../src/table-order';

// Every day 10:00–22:00.
const shedule = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 600, toMinute: 1320 }));
const open = { active: '1' as const, deliveryRest: '1' as const, shedule };
// Monday 1 January 2024, 12:00 in Moscow.
const noonMoscow = Date.UTC(2024, 0, 1, 9);

describe('ordering at a table (SPEC 5, 8)', () => {
  it('allows a table order at an active, table-serving restaurant that is open now (SPEC 5)', () => {
    expect(tableOrderBlock(open, noonMoscow)).toBeNull();
  });

  it('refuses an inactive restaurant or one without table service (SPEC 5, 8)', () => {
    const refusal = { title: 'Заказ невозможен', message: 'Заказ за столом в этом ресторане сейчас невозможен' };
    expect(tableOrderBlock({ ...open, active: '0' }, noonMoscow)).toEqual(refusal);
    expect(tableOrderBlock({ ...open, deliveryRest: '0' }, noonMoscow)).toEqual(refusal);
    expect(TABLE_ORDER_TITLE).toBe(refusal.title);
    expect(TABLE_ORDER_UNAVAILABLE_MESSAGE).toBe(refusal.message);
  });

  it('says the restaurant is closed outside its hours, on its own clock (SPEC 5, 8)', () => {
    // 21:00 UTC is 00:00 in Moscow, but 21:00 in London
    const lateEvening = Date.UTC(2024, 0, 1, 21);
    expect(tableOrderBlock(open, lateEvening)).toEqual({
      title: 'Заказ невозможен',
      message: 'Ресторан сейчас закрыт',
    });
    expect(RESTAURANT_CLOSED_MESSAGE).toBe('Ресторан сейчас закрыт');
    expect(tableOrderBlock(open, lateEvening, 'Europe/London')).toBeNull();
  });

  it('says the restaurant is closed on a holiday that closes it, as order/create would (SPEC 5, 8, issue 31)', () => {
    const newYearsDay = [{ date: { year: 2024, month: 1, day: 1 }, hours: null }];
    expect(tableOrderBlock(open, noonMoscow, 'Europe/Moscow', newYearsDay)).toEqual({
      title: 'Заказ невозможен',
      message: RESTAURANT_CLOSED_MESSAGE,
    });
    expect(tableOrderBlock(open, noonMoscow + 24 * 3_600_000, 'Europe/Moscow', newYearsDay)).toBeNull();
  });
});
