import { describe, expect, it } from 'vitest';
import { formatShortDate, wallClockAt } from '@chain/domain';
import { deliveryFingerprint } from './checkout';
import type { RestaurantContext } from './context';

// The fields the fingerprint reads; the rest of a restaurant does not matter to it.
const restaurant = { row: { id: 5, time_zone: 'Europe/Moscow' } } as RestaurantContext;
const now = new Date('2026-11-25T12:00:00+03:00');
const cart = (
  lines: Array<{ item: number; spec?: number | null; specs?: Array<{ specid: number; cnt: number }>; cnt: number }>,
) => ({
  lines: lines.map((line) => ({ spec: null, specs: [], ...line })),
  cutlery: [{ id: 2, cnt: 3, price: 1_500, free_cnt: 1 }],
  recommended: [],
});
const print = (
  priced: ReturnType<typeof cart>,
  when: { deliveryDate?: string; deliveryTime?: string } | null = null,
  zoneId = 5,
) => deliveryFingerprint({ restaurant, zoneId, priced, when, now });

describe('the delivery quote fingerprint (issue 12, decision 020)', () => {
  it('reads the lines in full, not a 32-bit token: two lines whose tokens collide differ', () => {
    // lineToken (FNV-1a, 32 bits) gives both a7919337.
    expect(print(cart([{ item: 9, spec: 289, cnt: 1 }]))).not.toBe(print(cart([{ item: 1997, spec: 244, cnt: 1 }])));
  });

  it('does not depend on the order of lines or options, and tells counts, options, extras and zones apart', () => {
    const base = cart([
      {
        item: 101,
        specs: [
          { specid: 1, cnt: 2 },
          { specid: 3, cnt: 1 },
        ],
        cnt: 2,
      },
      { item: 102, cnt: 1 },
    ]);
    const shuffled = cart([
      { item: 102, cnt: 1 },
      {
        item: 101,
        specs: [
          { specid: 3, cnt: 1 },
          { specid: 1, cnt: 2 },
        ],
        cnt: 2,
      },
    ]);
    expect(print(shuffled)).toBe(print(base));
    expect(
      print(
        cart([
          {
            item: 101,
            specs: [
              { specid: 1, cnt: 2 },
              { specid: 3, cnt: 1 },
            ],
            cnt: 3,
          },
          { item: 102, cnt: 1 },
        ]),
      ),
    ).not.toBe(print(base));
    expect(
      print(
        cart([
          {
            item: 101,
            specs: [
              { specid: 1, cnt: 1 },
              { specid: 3, cnt: 1 },
            ],
            cnt: 2,
          },
          { item: 102, cnt: 1 },
        ]),
      ),
    ).not.toBe(print(base));
    expect(print({ ...base, cutlery: [{ id: 2, cnt: 4, price: 1_500, free_cnt: 1 }] })).not.toBe(print(base));
    expect(print(base, null, 6)).not.toBe(print(base));
  });

  it('reads the time as the order does: no date is today, "as soon as ready" in either spelling is no time', () => {
    const base = cart([{ item: 101, cnt: 2 }]);
    const today = formatShortDate(wallClockAt(now, 'Europe/Moscow').date);
    expect(print(base, { deliveryDate: today, deliveryTime: 'По готовоности' })).toBe(print(base, null));
    expect(print(base, { deliveryDate: ` ${today} `, deliveryTime: 'По готовности' })).toBe(print(base, {}));
    expect(print(base, { deliveryDate: today, deliveryTime: '11:00-14:00' })).not.toBe(print(base, null));
    expect(print(base, { deliveryDate: '26.11.2026', deliveryTime: '11:00-14:00' })).not.toBe(
      print(base, { deliveryDate: today, deliveryTime: '11:00-14:00' }),
    );
  });
});
