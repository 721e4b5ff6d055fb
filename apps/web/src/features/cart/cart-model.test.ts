import { describe, expect, it } from 'vitest';
import { indexDishes, orderTotals } from '@chain/domain';
import type { CartLine } from '../../state/cart-store';
import { restaurantWire } from '../../api/delivery-fixtures.test-support';
import {
  cartFigures,
  couponToSend,
  deliveryStanding,
  deliveryZoneAt,
  orderTimeStanding,
  totalIsFinal,
} from './cart-model';

const dishes = indexDishes([
  { id: 101, price: 50_000, allowed: 1, is_shop: 0, spec: [{ specid: 11, price: 10_000, disabled: 0 }] },
  { id: 104, price: 30_000, allowed: 0, is_shop: 0, spec: [] },
]);
const line = (item: string, cnt: number, spec: string | null = null): CartLine => ({
  token: `${item}-${spec}`,
  item,
  cnt,
  comment: '',
  spec,
  specs: [],
});
const restaurant = { minOrderSum: { self: 40_000, inrest: 0 }, minOrderSumShop: { self: 0, inrest: 0 } };

describe('cart figures (SPEC 2 Cart, SPEC 5)', () => {
  it('adds dishes, cutlery and recommended items above their free counts, then the coupon discount', () => {
    const figures = cartFigures({
      lines: [line('101', 2, '11')],
      dishes,
      cutlery: [{ id: 1, cnt: 3, price: 2_000, free_cnt: 1 }],
      recommended: [{ id: 4, cnt: 2, price: 5_000, free_cnt: 1 }],
      coupon: { status: 'applied', percent: 10, amount: 0, minSum: 0, message: '' },
      orderType: 'self',
      restaurant,
    });
    expect(figures.totals.items).toBe(120_000);
    expect(figures.totals.cutlery).toBe(4_000);
    expect(figures.totals.recommended).toBe(5_000);
    // SPEC 5: the discount covers dishes, cutlery and recommended items: 10 % of 1 290 ₽.
    expect(figures.totals.discount).toBe(12_900);
    expect(figures.totals.toPay).toBe(116_100);
    expect(figures.button).toEqual({ show: true });
  });

  it('counts free items per item, not per line: split lines of one cutlery or recommended item are summed (SPEC 5, issue 11)', () => {
    const input = {
      lines: [line('101', 1)],
      dishes,
      cutlery: [
        { id: 3, cnt: 2, price: 500, free_cnt: 2 },
        { id: 3, cnt: 2, price: 500, free_cnt: 2 },
      ],
      recommended: Array.from({ length: 50 }, () => ({ id: 4, cnt: 1, price: 5_000, free_cnt: 1 })),
      coupon: { status: 'none' } as const,
      orderType: 'self' as const,
      restaurant,
    };
    const figures = cartFigures(input);
    expect(figures.totals.cutlery).toBe(2 * 500);
    expect(figures.totals.recommended).toBe(49 * 5_000);
    // The screen shows what the server charges because both ask the domain's orderTotals.
    expect(figures.totals).toEqual(
      orderTotals({ lines: input.lines, dishes, cutlery: input.cutlery, recommended: input.recommended }),
    );
  });

  it('hides the button below the minimum with the SPEC 5 message', () => {
    const figures = cartFigures({
      lines: [line('101', 0)],
      dishes,
      cutlery: [],
      recommended: [],
      coupon: { status: 'none' },
      orderType: 'self',
      restaurant,
    });
    expect(figures.button).toMatchObject({ show: false, reason: 'empty' });
    const low = cartFigures({
      lines: [line('101', 1)],
      dishes,
      cutlery: [],
      recommended: [],
      coupon: { status: 'none' },
      orderType: 'self',
      restaurant: { ...restaurant, minOrderSum: { self: 60_000, inrest: 0 } },
    });
    expect(low.button).toEqual({
      show: false,
      reason: 'below-minimum',
      message: 'Минимальная сумма заказа: 600,00 руб.',
    });
  });

  it('shows textNoTime instead of the button while the order cannot be taken for its time (SPEC 5)', () => {
    const text = 'Сейчас заказ оформить нельзя: ресторан закрыт.';
    const base = {
      lines: [line('101', 1)],
      dishes,
      cutlery: [],
      recommended: [],
      coupon: { status: 'none' } as const,
      orderType: 'self' as const,
      restaurant,
    };
    expect(cartFigures({ ...base, purchaseAllowed: false, textNoTime: text }).button).toEqual({
      show: false,
      reason: 'purchase-not-allowed',
      message: text,
    });
    expect(cartFigures({ ...base, purchaseAllowed: true, textNoTime: text }).button).toEqual({ show: true });
  });

  it('hides the button while a line does not count', () => {
    const figures = cartFigures({
      lines: [line('101', 1), line('104', 1)],
      dishes,
      cutlery: [],
      recommended: [],
      coupon: { status: 'none' },
      orderType: 'self',
      restaurant,
    });
    expect(figures.button).toMatchObject({ show: false, reason: 'unavailable-items' });
    expect(figures.unavailable.map((entry) => entry.item)).toEqual(['104']);
  });

  it('quotes a coupon below its minimum as not applied, with the note beside the field (issue 12)', () => {
    const base = {
      lines: [line('101', 1)],
      dishes,
      cutlery: [],
      recommended: [],
      orderType: 'self' as const,
      restaurant,
    };
    const below = cartFigures({
      ...base,
      coupon: { status: 'applied', percent: 10, amount: 0, minSum: 50_001, message: 'Скидка 10 %' },
    });
    expect(below.coupon).toMatchObject({ status: 'below-minimum', message: 'Купон действует при заказе от 500,01 ₽' });
    expect(below.totals.toPay).toBe(50_000);
    expect(below.button).toEqual({ show: true });
    const at = cartFigures({
      ...base,
      coupon: { status: 'applied', percent: 10, amount: 0, minSum: 50_000, message: 'Скидка 10 %' },
    });
    expect(at.totals.toPay).toBe(45_000);
    expect(cartFigures({ ...base, coupon: { status: 'refused', message: 'Купон не найден' } }).coupon).toEqual({
      status: 'none',
    });
  });

  it('sends only a coupon order/discount has taken, and waits for its check before taking the tap (issue 12)', () => {
    const applied = { status: 'applied', percent: 10, amount: 0, minSum: 0, message: 'Скидка 10 %' } as const;
    expect(couponToSend(applied, ' zhar10 ')).toBe('zhar10');
    expect(couponToSend({ status: 'checking' }, 'ZHAR10')).toBe('');
    expect(couponToSend({ status: 'refused', message: 'Купон не найден' }, 'NOSUCH')).toBe('');
    expect(couponToSend({ status: 'none' }, '')).toBe('');
    expect(totalIsFinal(true, { status: 'checking' })).toBe(false);
    expect(totalIsFinal(false, applied)).toBe(false);
    expect(totalIsFinal(true, applied)).toBe(true);
    expect(totalIsFinal(true, { status: 'refused', message: 'Купон не найден' })).toBe(true);
  });

  describe('delivery (SPEC 4, 5, 8; issue 13)', () => {
    // A square zone around (55.75, 37.65), 199 ₽, free from 1800 ₽, with periods; and an inactive one.
    const square = JSON.stringify([
      [
        [37.6, 55.7],
        [37.7, 55.7],
        [37.7, 55.8],
        [37.6, 55.8],
        [37.6, 55.7],
      ],
    ]);
    const periods = JSON.stringify([{ from: '11:00', to: '14:00', days: [1, 1, 1, 1, 1, 1, 1] }]);
    const wire = {
      id: 5,
      name: 'Басманный',
      color: '#592E8B57',
      time_limit: 30,
      minordersum_rest: 80_000,
      minordersum_shop: 100_000,
      delivery_price: 19_900,
      free_delivery_from: 180_000,
      polygon: square,
      periods,
    };
    const restaurantZones = {
      deliveryCourier: '1',
      deliveryZone: [
        { ...wire, id: 4, active: '0' },
        { ...wire, active: '1' },
      ],
    } as unknown as Parameters<typeof deliveryZoneAt>[0];

    it('finds the active zone holding the point, with its minimums, price and periods', () => {
      expect(deliveryZoneAt(restaurantZones, { lat: 55.75, lon: 37.65 })).toMatchObject({
        id: 5,
        minordersum_rest: 80_000,
        minordersum_shop: 100_000,
        delivery_price: 19_900,
        free_delivery_from: 180_000,
        hasPeriods: true,
      });
      expect(deliveryZoneAt(restaurantZones, { lat: 55.9, lon: 37.4 })).toBeNull();
      expect(deliveryZoneAt(restaurantZones, null)).toBeNull();
      // A restaurant that does not deliver by courier has no zone for the cart (SPEC 4).
      expect(deliveryZoneAt({ ...restaurantZones, deliveryCourier: '0' }, { lat: 55.75, lon: 37.65 })).toBeNull();
    });

    it("blocks the pay button until the address, the time and this cart's quote are there, each with its text", () => {
      const zone = { hasPeriods: true };
      const point = { lat: 55.75, lon: 37.65 };
      const when = { deliveryDate: '25.11.2026' };
      const ready = { status: 'ready', uuid: 'q-1', deliverySum: 19_900, availByTime: true } as const;
      const base = { point, zone, when, today: '25.11.2026', quote: ready };
      expect(deliveryStanding(base)).toEqual({ blocked: null, quotedDelivery: 19_900, final: true });
      expect(deliveryStanding({ ...base, point: null }).blocked).toBe('Укажите адрес доставки');
      expect(deliveryStanding({ ...base, zone: null }).blocked).toBe('По данному адресу доставка невозможна');
      expect(deliveryStanding({ ...base, when: null }).blocked).toBe('Просьба выбрать время доставки');
      expect(deliveryStanding({ ...base, quote: { ...ready, availByTime: false } }).blocked).toBe(
        'На сегодня нет доступного времени доставки в выбранную зону',
      );
      expect(
        deliveryStanding({ ...base, quote: { status: 'failed', message: 'Некоторые блюда сейчас недоступны' } })
          .blocked,
      ).toBe('Некоторые блюда сейчас недоступны');
      // While this cart is being quoted the total is not final: the button waits.
      expect(deliveryStanding({ ...base, quote: { status: 'quoting' } })).toEqual({
        blocked: null,
        quotedDelivery: null,
        final: false,
      });
    });

    it('charges the quoted delivery sum in the totals, and measures the zone minimum without it (SPEC 5)', () => {
      const zone = deliveryZoneAt(restaurantZones, { lat: 55.75, lon: 37.65 });
      const figures = cartFigures({
        lines: [line('101', 1)],
        dishes,
        cutlery: [],
        recommended: [],
        coupon: { status: 'none' },
        orderType: 'delivery',
        restaurant,
        zone,
        quotedDelivery: 19_900,
      });
      expect(figures.totals).toMatchObject({ items: 50_000, delivery: 19_900, toPay: 69_900 });
      expect(figures.button).toEqual({
        show: false,
        reason: 'below-minimum',
        message: 'Минимальная сумма заказа без учета стоимости доставки: 800,00 руб.',
      });
    });
  });
});

describe('whether the restaurant takes the order at its time (SPEC 5 purchase allowed, SPEC 4 Open now, issue 31)', () => {
  // Every day 10:00–23:00, Moscow; Monday 23 November 2026.
  const entry = restaurantWire({ deliveryDays: 2 });
  const moscow = (date: string, time: string) => Date.parse(`${date}T${time}:00+03:00`);
  const holiday = (date: string) => ({ date, fromMinute: null, toMinute: null });
  const asReady = null;

  it('as soon as ready: open now by the week, closed on a holiday that closes today (SPEC 4, 5)', () => {
    expect(orderTimeStanding(entry, asReady, false, moscow('2026-11-23', '12:00'))).toEqual({
      open: true,
      reason: null,
    });
    expect(
      orderTimeStanding({ ...entry, holidays: [holiday('2026-11-23')] }, asReady, false, moscow('2026-11-23', '12:00')),
    ).toEqual({ open: false, reason: null });
    expect(
      orderTimeStanding(
        entry,
        { deliveryDate: '23.11.2026', deliveryTime: 'По готовности' },
        false,
        moscow('2026-11-23', '12:00'),
      ).open,
    ).toBe(true);
    expect(
      orderTimeStanding(
        { ...entry, holidays: [holiday('2026-11-23')] },
        { deliveryDate: '23.11.2026', deliveryTime: 'По готовности' },
        false,
        moscow('2026-11-23', '12:00'),
      ).open,
    ).toBe(false);
  });

  it('a holiday spans its night past midnight, until 06:00 of the next morning (SPEC 4, 9 day boundary)', () => {
    const late = restaurantWire({
      shedule: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
        day,
        fromMinute: 600,
        toMinute: 1560,
        from: '10:00',
        to: '02:00',
      })),
    });
    const closedMonday = { ...late, holidays: [holiday('2026-11-23')] };
    // Tuesday 01:30 is Monday's business day: closed with Monday; Monday 01:30 is Sunday's: open.
    expect(orderTimeStanding(closedMonday, asReady, false, moscow('2026-11-24', '01:30')).open).toBe(false);
    expect(orderTimeStanding(late, asReady, false, moscow('2026-11-24', '01:30')).open).toBe(true);
    expect(orderTimeStanding(closedMonday, asReady, false, moscow('2026-11-23', '01:30')).open).toBe(true);
    expect(orderTimeStanding(closedMonday, asReady, false, moscow('2026-11-24', '10:00')).open).toBe(true);
  });

  it('a chosen time needs the restaurant open then: a holiday set after it was chosen closes it (issue 31)', () => {
    const closedTuesday = { ...entry, holidays: [holiday('2026-11-24')] };
    const tuesdayNoon = { deliveryDate: '24.11.2026', deliveryTime: '12:00' };
    expect(orderTimeStanding(entry, tuesdayNoon, false, moscow('2026-11-23', '03:30')).open).toBe(true);
    expect(orderTimeStanding(closedTuesday, tuesdayNoon, false, moscow('2026-11-23', '03:30')).open).toBe(false);
    expect(
      orderTimeStanding(
        closedTuesday,
        { deliveryDate: '25.11.2026', deliveryTime: '12:00' },
        false,
        moscow('2026-11-23', '12:00'),
      ).open,
    ).toBe(true);
    // A zone's period is the delivery quote's to judge, a booking's time the booking's.
    expect(
      orderTimeStanding(
        closedTuesday,
        { deliveryDate: '24.11.2026', deliveryTime: '12:00-14:00' },
        false,
        moscow('2026-11-23', '12:00'),
      ).open,
    ).toBe(true);
    expect(orderTimeStanding(closedTuesday, tuesdayNoon, true, moscow('2026-11-23', '12:00')).open).toBe(true);
  });

  it('closed for now takes nothing, for now or later, and gives its own words (issue 31)', () => {
    const closed = { ...entry, closedUntil: '2026-11-23T15:00:00.000Z', closedText: '' };
    expect(orderTimeStanding(closed, asReady, false, moscow('2026-11-23', '12:00'))).toEqual({
      open: false,
      reason: 'Закрыто до 18:00',
    });
    expect(
      orderTimeStanding(
        closed,
        { deliveryDate: '24.11.2026', deliveryTime: '12:00' },
        false,
        moscow('2026-11-23', '12:00'),
      ).reason,
    ).toBe('Закрыто до 18:00');
    expect(orderTimeStanding(closed, asReady, false, moscow('2026-11-23', '18:00'))).toEqual({
      open: true,
      reason: null,
    });
  });
});
