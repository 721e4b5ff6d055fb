import { describe, expect, it } from 'vitest';
import { manageRestaurantFields } from '@chain/contract';
import { instantAt } from '@chain/domain';
import {
  closedUntilInstant,
  localDateTime,
  newRestaurantDraft,
  pastMidnight,
  restaurantFields,
  restaurantStatus,
  restaurantValueText,
  withDayHours,
} from './restaurant-form-model';

// Issue 31: the restaurant form's logic — what it sends, the hours grid, «закрыто до» on the restaurant's clock.

describe('the restaurant form (issue 31)', () => {
  it('sends exactly the fields the save call takes', () => {
    const fields = restaurantFields({
      ...newRestaurantDraft(),
      name: 'Тверская',
      name_short: 'Тверская',
      address: 'Москва, Тверская, 7',
    });
    expect(manageRestaurantFields.safeParse(fields).success).toBe(true);
    expect(Object.keys(fields).sort()).toEqual(Object.keys(manageRestaurantFields.shape).sort());
    // The photo is always sent: '' removes it (a save without it would keep the one there).
    expect(fields.img).toBe('');
    expect(
      restaurantFields({ ...newRestaurantDraft(), img: '/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg' }).img,
    ).toBe('/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg');
  });

  it('reads what another manager saved: the photo as whether there is one', () => {
    expect(restaurantValueText('img', '/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg')).toBe('другое фото');
    expect(restaurantValueText('img', '')).toBe('без фото');
    expect(restaurantValueText('active', false)).toBe('нет');
    expect(restaurantValueText('phone', '+7 495 000-00-00')).toBe('+7 495 000-00-00');
  });

  it('sets and removes a day’s hours, Monday first', () => {
    const week = withDayHours([{ day: 3, from: '10:00', to: '22:00' }], 1, { from: '12:00', to: '02:00' });
    expect(week).toEqual([
      { day: 1, from: '12:00', to: '02:00' },
      { day: 3, from: '10:00', to: '22:00' },
    ]);
    expect(withDayHours(week, 3, null)).toEqual([{ day: 1, from: '12:00', to: '02:00' }]);
    expect(pastMidnight('10:00', '02:00')).toBe(true);
    expect(pastMidnight('10:00', '23:00')).toBe(false);
  });

  it('reads «закрыто до» on the restaurant’s clock, not the tablet’s', () => {
    const sixPm = instantAt({ year: 2026, month: 12, day: 1 }, 18 * 60, 'Asia/Yekaterinburg');
    expect(closedUntilInstant('2026-12-01T18:00', 'Asia/Yekaterinburg')).toBe(new Date(sixPm).toISOString());
    expect(localDateTime(sixPm, 'Europe/Moscow')).toBe('2026-12-01T16:00');
    expect(closedUntilInstant('2026-12-01', 'Europe/Moscow')).toBeNull();
  });

  it('tells the list what guests see: closed for now with its words until the time, archived, hidden, working', () => {
    const now = instantAt({ year: 2026, month: 12, day: 1 }, 12 * 60, 'Europe/Moscow');
    const until = new Date(now + 6 * 3_600_000).toISOString();
    const open = { active: true, archived_at: null, closed_until: null, closed_text: '' };
    expect(restaurantStatus(open, now)).toEqual({ text: 'Работает', tone: 'ok' });
    expect(restaurantStatus({ ...open, closed_until: until }, now)).toEqual({ text: 'Закрыто до 18:00', tone: 'warn' });
    expect(restaurantStatus({ ...open, closed_until: until }, now + 6 * 3_600_000)).toEqual({
      text: 'Работает',
      tone: 'ok',
    });
    expect(restaurantStatus({ ...open, active: false }, now).text).toBe('Скрыт от гостей');
    expect(restaurantStatus({ ...open, active: false, archived_at: until }, now).text).toBe('В архиве');
  });
});
