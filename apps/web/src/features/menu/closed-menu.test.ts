import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@chain/contract';
import { CLOSED_MENU_TEXTS, closedMenuNotice } from './menu-model';

/** An instant at a Moscow wall-clock time (UTC+3); 2026-11-29 is a Sunday. */
const moscow = (date: string, time: string) => Date.parse(`${date}T${time}:00+03:00`);
const NIGHT = moscow('2026-11-29', '03:30');

const day = (d: number, fromMinute: number, toMinute: number) => ({ day: d, from: '', to: '', fromMinute, toMinute });
/** 10:00–23:00 every day. */
const WEEK = [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, 600, 1380));

function restaurant(
  patch: Partial<Parameters<typeof closedMenuNotice>[0]> = {},
): Parameters<typeof closedMenuNotice>[0] {
  return {
    id: 7,
    shedule: WEEK,
    time_zone: 'Europe/Moscow',
    closedUntil: null,
    closedText: '',
    deliveryDays: 0,
    deliveryRest: '1',
    deliverySelf: '1',
    ...patch,
  };
}

const BOTH = { allow_predzakaz: 1, allow_delayed: 1 } as const;
const guest = { kiosk: false, timeChosen: false, settings: BOTH };

describe('the menu of a restaurant closed now (SPEC 2 Menu, SPEC 4 open now, issue 33)', () => {
  it('says at 03:30 that it is closed and opens at 10:00, and that a pickup time can be chosen in the cart (SPEC 2 Cart pickup time)', () => {
    expect(closedMenuNotice(restaurant(), 'self', guest, NIGHT)).toEqual({
      text: 'Ресторан сейчас закрыт. Откроется в 10:00.',
      hint: CLOSED_MENU_TEXTS.pickupLater,
      later: { label: CLOSED_MENU_TEXTS.delayed, href: `${APP_ROUTES.delayedzakaz}?restaurant=7` },
    });
  });

  it('offers the pre-order to a table order where the chain takes them, opened at this restaurant (SPEC 2 Предзаказ, allow_predzakaz)', () => {
    expect(closedMenuNotice(restaurant(), 'inrest', guest, NIGHT)).toEqual({
      text: 'Ресторан сейчас закрыт. Откроется в 10:00.',
      hint: null,
      later: { label: CLOSED_MENU_TEXTS.preorder, href: `${APP_ROUTES.predzakaz}?restaurant=7` },
    });
    expect(
      closedMenuNotice(restaurant(), 'inrest', { ...guest, settings: { allow_predzakaz: 0, allow_delayed: 0 } }, NIGHT)
        ?.later,
    ).toBeNull();
    expect(closedMenuNotice(restaurant(), 'self', { ...guest, settings: null }, NIGHT)?.later).toBeNull();
  });

  it('after closing names tomorrow; with no pickup slot left today and no days ahead it offers no pickup time (SPEC 9 deliveryDays)', () => {
    const late = moscow('2026-11-29', '23:30');
    expect(closedMenuNotice(restaurant(), 'self', guest, late)).toMatchObject({
      text: 'Ресторан сейчас закрыт. Откроется завтра в 10:00.',
      hint: null,
    });
    expect(closedMenuNotice(restaurant({ deliveryDays: 2 }), 'self', guest, late)?.hint).toBe(
      CLOSED_MENU_TEXTS.pickupLater,
    );
  });

  it('turns the business day at 06:00: a night past midnight still reads the previous day’s hours (SPEC 4, SPEC 9)', () => {
    // Saturday 10:00–05:00 (past midnight), Sunday from 12:00.
    const weekend = restaurant({ shedule: [day(6, 600, 1740), day(7, 720, 1380)] });
    expect(closedMenuNotice(weekend, 'self', guest, moscow('2026-11-29', '04:59'))).toBeNull();
    expect(closedMenuNotice(weekend, 'self', guest, moscow('2026-11-29', '05:59'))?.text).toBe(
      'Ресторан сейчас закрыт. Откроется в 12:00.',
    );
    expect(closedMenuNotice(weekend, 'self', guest, moscow('2026-11-29', '06:00'))?.text).toBe(
      'Ресторан сейчас закрыт. Откроется в 12:00.',
    );
  });

  it('reads a holiday in place of the weekday (issue 31)', () => {
    const holiday = restaurant({ holidays: [{ date: '2026-11-29', fromMinute: null, toMinute: null }] });
    expect(closedMenuNotice(holiday, 'self', guest, NIGHT)?.text).toBe(
      'Ресторан сейчас закрыт. Откроется завтра в 10:00.',
    );
  });

  it('says nothing while open, for delivery, in a kiosk, for a chosen time or while closed for now (the manager’s words show)', () => {
    expect(closedMenuNotice(restaurant(), 'self', guest, moscow('2026-11-29', '12:00'))).toBeNull();
    expect(closedMenuNotice(restaurant(), 'delivery', guest, NIGHT)).toBeNull();
    expect(closedMenuNotice(restaurant(), 'inrest', { ...guest, kiosk: true }, NIGHT)).toBeNull();
    expect(closedMenuNotice(restaurant(), 'self', { ...guest, timeChosen: true }, NIGHT)).toBeNull();
    expect(
      closedMenuNotice(
        restaurant({ closedUntil: new Date(moscow('2026-11-29', '18:00')).toISOString() }),
        'self',
        guest,
        NIGHT,
      ),
    ).toBeNull();
  });

  it('says only that it is closed when it does not open within a month', () => {
    expect(closedMenuNotice(restaurant({ shedule: [] }), 'inrest', guest, NIGHT)).toEqual({
      text: 'Ресторан сейчас закрыт.',
      hint: null,
      later: { label: CLOSED_MENU_TEXTS.preorder, href: `${APP_ROUTES.predzakaz}?restaurant=7` },
    });
  });
});
