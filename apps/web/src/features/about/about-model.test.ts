import { describe, expect, it } from 'vitest';
import { restaurantWire, zoneWire } from '../../api/delivery-fixtures.test-support';
import {
  currentRestaurant,
  daysText,
  noZonesText,
  openState,
  restaurantById,
  restaurantPoint,
  scheduleRows,
  zoneHoursText,
  zoneRows,
  zonesByRestaurant,
} from './about-model';

// 2026-11-23 is a Monday; Moscow is UTC+3.
const MONDAY_NOON = Date.parse('2026-11-23T09:00:00Z');
const TUESDAY_0200 = Date.parse('2026-11-23T23:00:00Z');
const ALL = [1, 1, 1, 1, 1, 1, 1] as const;

describe('«О кафе»: which restaurant (SPEC 2: only for delivery or self-pickup)', () => {
  const list = [restaurantWire({ id: 7 }), restaurantWire({ id: 9, name: 'Второй' })];

  it('is the current restaurant for delivery or pickup', () => {
    expect(currentRestaurant(list, 'self', { id: '9' })?.name).toBe('Второй');
    expect(currentRestaurant(list, 'delivery', { id: '7' })?.id).toBe(7);
  });

  it('is none for a table order, without a choice, or for a restaurant the list no longer has', () => {
    expect(currentRestaurant(list, 'inrest', { id: '7' })).toBeNull();
    expect(currentRestaurant(list, null, { id: '7' })).toBeNull();
    expect(currentRestaurant(list, 'self', null)).toBeNull();
    expect(currentRestaurant(list, 'self', { id: '42' })).toBeNull();
  });

  it('finds a restaurant page by its route id; anything else is not found', () => {
    expect(restaurantById(list, '9')?.name).toBe('Второй');
    expect(restaurantById(list, '42')).toBeNull();
    expect(restaurantById(list, 'abc')).toBeNull();
    expect(restaurantById(list, '9.5')).toBeNull();
    expect(restaurantById(list, undefined)).toBeNull();
  });
});

describe('a restaurant’s week and open-now state (SPEC 4 Open now)', () => {
  const restaurant = restaurantWire({
    shedule: [
      { day: 1, fromMinute: 600, toMinute: 1380, from: '10:00', to: '23:00' },
      { day: 2, fromMinute: 360, toMinute: 1800, from: '06:00', to: '06:00' },
      { day: 5, fromMinute: 600, toMinute: 1500, from: '10:00', to: '01:00' },
    ],
  });

  it('lists seven days, Monday first: hours, round the clock, or closed; today marked', () => {
    const rows = scheduleRows(restaurant, MONDAY_NOON);
    expect(rows.map((row) => `${row.name} ${row.hours}`)).toEqual([
      'Понедельник 10:00–23:00',
      'Вторник круглосуточно',
      'Среда выходной',
      'Четверг выходной',
      'Пятница 10:00–01:00',
      'Суббота выходной',
      'Воскресенье выходной',
    ]);
    expect(rows.filter((row) => row.today).map((row) => row.day)).toEqual([1]);
  });

  it('before 06:00 the previous day is today (SPEC 4)', () => {
    expect(scheduleRows(restaurant, TUESDAY_0200).find((row) => row.today)?.day).toBe(1);
  });

  it('says whether it is open now, on the restaurant’s clock, and when closed when it opens (SPEC 4 Open now)', () => {
    expect(openState(restaurant, MONDAY_NOON)).toEqual({ open: true, text: 'Открыто до 23:00' });
    // At 02:00 Monday's hours are over; Tuesday's (round the clock) start at 06:00 (issue 33: when it opens, as the self-pickup list says).
    expect(openState(restaurant, TUESDAY_0200)).toEqual({ open: false, text: 'Откроется в 06:00' });
    expect(openState(restaurant, Date.parse('2026-11-23T05:00:00Z'))).toEqual({
      open: false,
      text: 'Откроется в 10:00',
    });
    expect(openState(restaurant, Date.parse('2026-11-24T09:00:00Z'))).toEqual({
      open: true,
      text: 'Открыто круглосуточно',
    });
  });

  it('reads the location, or none when it does not decode', () => {
    expect(restaurantPoint(restaurantWire({ location: '{"lat":55.7,"lon":37.6}' }))).toEqual({ lat: 55.7, lon: 37.6 });
    expect(restaurantPoint(restaurantWire({ location: 'not json' }))).toBeNull();
    expect(restaurantPoint(restaurantWire({ location: '{"lat":"x"}' }))).toBeNull();
  });
});

describe('delivery hours of a zone', () => {
  it('names the days: every day, runs, pairs and single days', () => {
    expect(daysText([...ALL])).toBe('Ежедневно');
    expect(daysText([1, 1, 1, 1, 1, 0, 0])).toBe('Пн–Пт');
    expect(daysText([0, 0, 0, 0, 1, 1, 0])).toBe('Пт, Сб');
    expect(daysText([1, 0, 1, 0, 0, 0, 1])).toBe('Пн, Ср, Вс');
  });

  it('joins back-to-back windows of the same days; other days follow', () => {
    const periods = [
      { from: '13:00', to: '15:00', days: [...ALL] },
      { from: '11:00', to: '13:00', days: [...ALL] },
      { from: '21:00', to: '23:00', days: [0, 0, 0, 0, 1, 1, 0] as const },
    ];
    expect(zoneHoursText(periods)).toBe('Ежедневно 11:00–15:00; Пт, Сб 21:00–23:00');
    expect(
      zoneHoursText([
        { from: '10:00', to: '12:00', days: [...ALL] },
        { from: '18:00', to: '22:00', days: [...ALL] },
      ]),
    ).toBe('Ежедневно 10:00–12:00, 18:00–22:00');
  });

  it('is null for a zone delivering as soon as ready (no windows, or windows on no day)', () => {
    expect(zoneHoursText([])).toBeNull();
    expect(zoneHoursText([{ from: '10:00', to: '12:00', days: [0, 0, 0, 0, 0, 0, 0] }])).toBeNull();
  });
});

describe('the zones table: the live numbers of the restaurant list', () => {
  const list = [
    restaurantWire({
      id: 1,
      name: 'Первый',
      deliveryZone: [
        zoneWire({
          id: 1,
          name: 'Центр',
          minordersum_rest: 100_000,
          minordersum_shop: 150_000,
          delivery_price: 19_900,
          free_delivery_from: 200_000,
        }),
        zoneWire({ id: 2, name: 'Выключена', active: '0' }),
        zoneWire({ id: 3, name: 'Сломанная', polygon: 'oops' }),
      ],
    }),
    restaurantWire({ id: 2, name: 'Без курьера', deliveryCourier: '0' }),
    restaurantWire({
      id: 3,
      name: 'Третий',
      deliveryZone: [
        zoneWire({
          id: 5,
          name: 'Юг',
          periods: '[{"from":"10:00","to":"12:00","days":[1,1,1,1,1,1,1]}]',
          free_delivery_from: null,
        }),
      ],
    }),
  ];

  it('lists active zones of courier restaurants with their sums, price, free-from and hours', () => {
    const rows = zoneRows(list);
    expect(
      rows.map((row) => [
        row.restaurantId,
        row.name,
        row.minOrder,
        row.minOrderShop,
        row.deliveryPrice,
        row.freeFrom,
        row.hours,
      ]),
    ).toEqual([
      ['1', 'Центр', 100_000, 150_000, 19_900, 200_000, null],
      ['3', 'Юг', 100_000, 50_000, 19_900, null, 'Ежедневно 10:00–12:00'],
    ]);
  });

  it('keeps one restaurant’s zones, and groups rows by restaurant', () => {
    expect(zoneRows(list, '3').map((row) => row.name)).toEqual(['Юг']);
    expect(zoneRows(list, '2')).toEqual([]);
    expect(zonesByRestaurant(zoneRows(list)).map((group) => [group.name, group.zones.length])).toEqual([
      ['Первый', 1],
      ['Третий', 1],
    ]);
  });
});

describe('a restaurant without delivery zones (SPEC 3 Restaurant: deliverySelf, deliveryRest)', () => {
  it('sends its guests to pickup when it has it, to a table when it only serves the hall, and says when it takes no order here', () => {
    expect(noZonesText(restaurantWire({ deliverySelf: '1', deliveryRest: '1' }))).toBe(
      'Этот ресторан не доставляет заказы курьером — заберите заказ сами.',
    );
    expect(noZonesText(restaurantWire({ deliverySelf: '0', deliveryRest: '1' }))).toBe(
      'Этот ресторан не доставляет заказы курьером и не выдаёт их с собой — закажите за столом в зале.',
    );
    expect(noZonesText(restaurantWire({ deliverySelf: '0', deliveryRest: '0' }))).toBe(
      'Этот ресторан не принимает заказы через приложение.',
    );
  });
});
