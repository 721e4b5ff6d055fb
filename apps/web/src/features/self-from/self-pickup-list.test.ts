import { describe, expect, it } from 'vitest';
import { selfPickupRestaurants } from './self-pickup-list';

/** An instant at a Moscow wall-clock time (UTC+3); 2026-11-23 is a Monday. */
const moscow = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';

const day = (d: number, from: string, to: string, fromMinute: number, toMinute: number) => ({
  day: d,
  from,
  to,
  fromMinute,
  toMinute,
});
const WEEK_10_23 = [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, '10:00', '23:00', 600, 1380));

function restaurant(id: number, patch: Partial<Parameters<typeof selfPickupRestaurants>[0][number]> = {}) {
  return {
    id,
    name: `Ресторан ${id}`,
    nameShort: `Р${id}`,
    address: `Москва, ул. Тестовая, ${id}`,
    active: '1' as const,
    deliverySelf: '1' as const,
    winecard: '0' as const,
    congestion: { text: '' },
    shedule: WEEK_10_23,
    time_zone: 'Europe/Moscow',
    ...patch,
  };
}

describe('self-pickup restaurant list (SPEC 2 Self-pickup)', () => {
  it('reads a holiday’s hours in place of the weekday’s on that date only (issue 31)', () => {
    const short = restaurant(1, { holidays: [{ date: MONDAY, fromMinute: 720, toMinute: 960 }] });
    expect(selfPickupRestaurants([short], [], moscow(MONDAY, '13:00'))[0]).toMatchObject({
      open: true,
      hours: 'Открыто до 16:00',
    });
    expect(selfPickupRestaurants([short], [], moscow(MONDAY, '17:00'))[0]).toMatchObject({
      open: false,
      hours: 'Откроется завтра в 10:00',
    });
    expect(selfPickupRestaurants([short], [], moscow(TUESDAY, '17:00'))[0]).toMatchObject({
      open: true,
      hours: 'Открыто до 23:00',
    });
    const off = restaurant(2, { holidays: [{ date: MONDAY, fromMinute: null, toMinute: null }] });
    expect(selfPickupRestaurants([off], [], moscow(MONDAY, '12:00'))[0]).toMatchObject({
      open: false,
      hours: 'Откроется завтра в 10:00',
    });
  });

  it('shows a restaurant closed for now with the manager’s words until the time, then its hours again (issue 31)', () => {
    const closed = restaurant(1, { closedUntil: moscow(MONDAY, '18:00').toISOString(), closedText: '' });
    expect(selfPickupRestaurants([closed], [], moscow(MONDAY, '12:00'))[0]).toMatchObject({
      open: false,
      hours: 'Закрыто до 18:00',
    });
    const worded = { ...closed, closedText: 'Закрыто до 18:00: учёт' };
    expect(selfPickupRestaurants([worded], [], moscow(MONDAY, '17:59'))[0]).toMatchObject({
      open: false,
      hours: 'Закрыто до 18:00: учёт',
    });
    expect(selfPickupRestaurants([worded], [], moscow(MONDAY, '18:00'))[0]).toMatchObject({
      open: true,
      hours: 'Открыто до 23:00',
    });
  });

  it('carries the restaurant’s photo when it has one, and none otherwise (issue 31)', () => {
    const photo = '/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg';
    const rows = selfPickupRestaurants([restaurant(1, { img: photo }), restaurant(2)], [], moscow(MONDAY, '12:00'));
    expect(rows.map((row) => [row.id, row.img])).toEqual([
      ['1', photo],
      ['2', ''],
    ]);
  });

  it('lists only active restaurants that take pickup orders', () => {
    const rows = selfPickupRestaurants(
      [restaurant(1), restaurant(2, { deliverySelf: '0' }), restaurant(3, { active: '0' }), restaurant(4)],
      [],
      moscow(MONDAY, '12:00'),
    );
    expect(rows.map((row) => row.id)).toEqual(['1', '4']);
  });

  it('puts favourites first, each group keeping the chain order', () => {
    const rows = selfPickupRestaurants(
      [restaurant(1), restaurant(2), restaurant(3), restaurant(4)],
      ['4', '2'],
      moscow(MONDAY, '12:00'),
    );
    expect(rows.map((row) => [row.id, row.favourite])).toEqual([
      ['2', true],
      ['4', true],
      ['1', false],
      ['3', false],
    ]);
  });

  it('lists the open restaurants first, then those closed saying when they open, favourites first in each (SPEC 2 Self-pickup, SPEC 4 open now, issue 33)', () => {
    // 03:30 on a Sunday night: 1 closed at 23:00, 2 (a favourite) at 01:00 (Saturday's hours past
    // midnight), 3 is open until 05:00, 4 round the clock, 5 (a favourite) until 04:00.
    const sunday = '2026-11-29';
    const until = (close: string, toMinute: number) =>
      [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, '10:00', close, 600, toMinute));
    const list = [
      restaurant(1),
      restaurant(2, { shedule: until('01:00', 1500) }),
      restaurant(3, { shedule: until('05:00', 1740) }),
      restaurant(4, { shedule: [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, '06:00', '06:00', 360, 1800)) }),
      restaurant(5, { shedule: until('04:00', 1680) }),
    ];
    const rows = selfPickupRestaurants(list, ['2', '5'], moscow(sunday, '03:30'));
    expect(rows.map((row) => [row.id, row.open, row.hours])).toEqual([
      ['5', true, 'Открыто до 04:00'],
      ['3', true, 'Открыто до 05:00'],
      ['4', true, 'Открыто круглосуточно'],
      ['2', false, 'Откроется в 10:00'],
      ['1', false, 'Откроется в 10:00'],
    ]);
  });

  it('turns the business day at 06:00: a restaurant closed from 05:00 opens «в 10:00» of that morning either side (SPEC 4, SPEC 9, issue 33)', () => {
    const late = restaurant(1, { shedule: [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, '10:00', '05:00', 600, 1740)) });
    expect(selfPickupRestaurants([late], [], moscow(MONDAY, '04:59'))[0]).toMatchObject({
      open: true,
      hours: 'Открыто до 05:00',
    });
    expect(selfPickupRestaurants([late], [], moscow(MONDAY, '05:59'))[0]).toMatchObject({
      open: false,
      hours: 'Откроется в 10:00',
    });
    expect(selfPickupRestaurants([late], [], moscow(MONDAY, '06:00'))[0]).toMatchObject({
      open: false,
      hours: 'Откроется в 10:00',
    });
  });

  it('marks a restaurant open from fromMinute up to, not including, toMinute (SPEC 4)', () => {
    const list = [restaurant(1)];
    expect(selfPickupRestaurants(list, [], moscow(MONDAY, '09:59'))[0]).toMatchObject({
      open: false,
      hours: 'Откроется в 10:00',
    });
    expect(selfPickupRestaurants(list, [], moscow(MONDAY, '10:00'))[0]).toMatchObject({
      open: true,
      hours: 'Открыто до 23:00',
    });
    expect(selfPickupRestaurants(list, [], moscow(MONDAY, '23:00'))[0]).toMatchObject({
      open: false,
      hours: 'Откроется завтра в 10:00',
    });
  });

  it('reads the schedule on the restaurant clock, not the browser clock (SPEC 4)', () => {
    // 12:00 in Moscow is 19:00 in Vladivostok: still open there until 23:00.
    const far = restaurant(1, { time_zone: 'Asia/Vladivostok' });
    expect(selfPickupRestaurants([far], [], moscow(MONDAY, '12:00'))[0]?.open).toBe(true);
    expect(selfPickupRestaurants([far], [], moscow(MONDAY, '16:30'))[0]?.open).toBe(false);
  });

  it('counts hours before 06:00 as the previous day and treats Sunday as day 7 (SPEC 4)', () => {
    // Sunday until 02:00, Monday closed: at 01:00 on Monday the Sunday hours still apply.
    const late = restaurant(1, { shedule: [day(7, '12:00', '02:00', 720, 1560)] });
    expect(selfPickupRestaurants([late], [], moscow(MONDAY, '01:00'))[0]).toMatchObject({
      open: true,
      hours: 'Открыто до 02:00',
    });
    expect(selfPickupRestaurants([late], [], moscow(MONDAY, '12:00'))[0]).toMatchObject({
      open: false,
      hours: 'Откроется в воскресенье в 12:00',
    });
  });

  it('a day without an entry is closed (SPEC 4)', () => {
    const noMonday = restaurant(1, { shedule: WEEK_10_23.filter((entry) => entry.day !== 1) });
    expect(selfPickupRestaurants([noMonday], [], moscow(MONDAY, '12:00'))[0]?.open).toBe(false);
    expect(selfPickupRestaurants([noMonday], [], moscow(TUESDAY, '12:00'))[0]?.open).toBe(true);
  });

  it('says round the clock for a 06:00–06:00 day', () => {
    const allDay = restaurant(1, { shedule: [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, '06:00', '06:00', 360, 1800)) });
    expect(selfPickupRestaurants([allDay], [], moscow(MONDAY, '03:00'))[0]).toMatchObject({
      open: true,
      hours: 'Открыто круглосуточно',
    });
  });

  it('carries the wine-card marker and the congestion text', () => {
    const [row] = selfPickupRestaurants(
      [restaurant(1, { winecard: '1', congestion: { text: '  Сейчас свободно ' } })],
      [],
      moscow(MONDAY, '12:00'),
    );
    expect(row).toMatchObject({ winecard: true, congestion: 'Сейчас свободно' });
  });

  it('reads an unknown time zone as Moscow instead of failing', () => {
    expect(
      selfPickupRestaurants([restaurant(1, { time_zone: 'Mars/Olympus' })], [], moscow(MONDAY, '12:00'))[0]?.open,
    ).toBe(true);
  });

  it("lists the restaurants taking table orders for the in-restaurant order ('Отсканировать позже')", () => {
    const rows = selfPickupRestaurants(
      [
        restaurant(1, { deliveryRest: '1', deliverySelf: '0' }),
        restaurant(2, { deliveryRest: '0' }),
        restaurant(3, { deliveryRest: '1', active: '0' }),
      ],
      [],
      moscow(MONDAY, '12:00'),
      'inrest',
    );
    expect(rows.map((row) => row.id)).toEqual(['1']);
  });
});
