import { describe, expect, it } from 'vitest';
import { normaliseTableCode, tableCodeFromQr, tableCodeOutcome } from './table-code';

/** 2026-11-23 is a Monday; Moscow is UTC+3. */
const moscow = (time: string) => new Date(`2026-11-23T${time}:00+03:00`);
const WEEK_10_23 = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  day,
  from: '10:00',
  to: '23:00',
  fromMinute: 600,
  toMinute: 1380,
}));

function restaurant(patch: Partial<Parameters<typeof tableCodeOutcome>[1][number]> = {}) {
  return {
    id: 1,
    fs_uid: 'fs-1',
    name: 'Жар-печь на Арбате',
    nameShort: 'Арбат',
    active: '1' as const,
    deliveryRest: '1' as const,
    shedule: WEEK_10_23,
    time_zone: 'Europe/Moscow',
    ...patch,
  };
}

describe('table code (SPEC 2 Restaurant option, SPEC 5, 8)', () => {
  it('normalises what the guest typed', () => {
    expect(normaliseTableCode(' t-jqbb-01 ')).toBe('T-JQBB-01');
    expect(normaliseTableCode('T JQBB 01')).toBe('TJQBB01');
  });

  it('opens the table of an active restaurant taking table orders and open now', () => {
    expect(tableCodeOutcome({ num: '1', fs_uid: 'fs-1' }, [restaurant()], moscow('12:00'))).toEqual({
      kind: 'table',
      restaurant: { id: '1', name: 'Жар-печь на Арбате', nameShort: 'Арбат' },
      table: '1',
    });
  });

  it("refuses an unknown code, an answer without num, or an unlisted restaurant: 'Неверный номер стола!'", () => {
    const wrong = { kind: 'refused', dialog: { title: 'Ошибка', message: 'Неверный номер стола!' } };
    expect(tableCodeOutcome(null, [restaurant()], moscow('12:00'))).toEqual(wrong);
    expect(tableCodeOutcome({ num: '', fs_uid: 'fs-1' }, [restaurant()], moscow('12:00'))).toEqual(wrong);
    expect(tableCodeOutcome({ num: '3', fs_uid: 'fs-9' }, [restaurant()], moscow('12:00'))).toEqual(wrong);
  });

  it('refuses a restaurant that is inactive or takes no table orders', () => {
    const unavailable = {
      kind: 'refused',
      dialog: { title: 'Заказ невозможен', message: 'Заказ за столом в этом ресторане сейчас невозможен' },
    };
    expect(tableCodeOutcome({ num: '1', fs_uid: 'fs-1' }, [restaurant({ active: '0' })], moscow('12:00'))).toEqual(
      unavailable,
    );
    expect(
      tableCodeOutcome({ num: '1', fs_uid: 'fs-1' }, [restaurant({ deliveryRest: '0' })], moscow('12:00')),
    ).toEqual(unavailable);
  });

  it('refuses a closed restaurant, on its own clock', () => {
    const closed = { kind: 'refused', dialog: { title: 'Заказ невозможен', message: 'Ресторан сейчас закрыт' } };
    expect(tableCodeOutcome({ num: '1', fs_uid: 'fs-1' }, [restaurant()], moscow('23:30'))).toEqual(closed);
    // 12:00 in Moscow is 19:00 in Vladivostok: open.
    expect(
      tableCodeOutcome({ num: '1', fs_uid: 'fs-1' }, [restaurant({ time_zone: 'Asia/Vladivostok' })], moscow('12:00'))
        .kind,
    ).toBe('table');
    // 09:00 in Moscow is 16:00 in Vladivostok; an unknown zone reads as Moscow: closed.
    expect(
      tableCodeOutcome({ num: '1', fs_uid: 'fs-1' }, [restaurant({ time_zone: 'Nowhere/City' })], moscow('09:00')),
    ).toEqual(closed);
  });
});

describe('table code on a holiday (SPEC 5, 8, issue 31)', () => {
  it('refuses a table order on a holiday that closes the restaurant, as order/create would', () => {
    const closed = { kind: 'refused', dialog: { title: 'Заказ невозможен', message: 'Ресторан сейчас закрыт' } };
    const holiday = restaurant({ holidays: [{ date: '2026-11-23', fromMinute: null, toMinute: null }] });
    expect(tableCodeOutcome({ num: '1', fs_uid: 'fs-1' }, [holiday], moscow('12:00'))).toEqual(closed);
    expect(tableCodeOutcome({ num: '1', fs_uid: 'fs-1' }, [restaurant()], moscow('12:00'))).toMatchObject({
      kind: 'table',
    });
  });
});

describe('the table code in a scanned QR (SPEC 2 Restaurant option)', () => {
  it('takes a QR holding just the code as the code, trimmed', () => {
    expect(tableCodeFromQr('T-JQBB-01')).toBe('T-JQBB-01');
    expect(tableCodeFromQr('  t-jqbb-01\n')).toBe('t-jqbb-01');
    expect(tableCodeFromQr('')).toBe('');
    expect(tableCodeFromQr('   ')).toBe('');
  });

  it("prefers a link's table, then code query parameter", () => {
    expect(tableCodeFromQr('https://chain.example/menu?table=T-JQBB-01')).toBe('T-JQBB-01');
    expect(tableCodeFromQr('https://chain.example/t/ignored?code=T-JQBB-01&utm_source=qr')).toBe('T-JQBB-01');
    expect(tableCodeFromQr('https://chain.example/?code=X&table=T-JQBB-01')).toBe('T-JQBB-01');
    expect(tableCodeFromQr('https://chain.example/t/T-JQBB-01?table=')).toBe('T-JQBB-01');
  });

  it("takes a link's last path segment, percent-decoded", () => {
    expect(tableCodeFromQr('https://chain.example/t/T-JQBB-01')).toBe('T-JQBB-01');
    expect(tableCodeFromQr('https://chain.example/t/T-JQBB-01/')).toBe('T-JQBB-01');
    expect(tableCodeFromQr('HTTP://CHAIN.EXAMPLE/table/T%2DJQBB%2D01#top')).toBe('T-JQBB-01');
    expect(tableCodeFromQr('http://chain.example/t/%E0%A4%A')).toBe('%E0%A4%A');
  });

  it("falls back to the fragment's last segment for hash-routed links", () => {
    expect(tableCodeFromQr('https://chain.example/#/table/T-JQBB-01')).toBe('T-JQBB-01');
    expect(tableCodeFromQr('https://chain.example/#T-JQBB-01')).toBe('T-JQBB-01');
  });

  it('gives no code for a link without one, so the lookup refuses it', () => {
    expect(tableCodeFromQr('https://chain.example/')).toBe('');
    expect(tableCodeFromQr('https://chain.example')).toBe('');
  });

  it('reads anything that is not an absolute link as the code', () => {
    expect(tableCodeFromQr('tel:+78001234567')).toBe('tel:+78001234567');
    expect(tableCodeFromQr('chain.example/t/T-JQBB-01')).toBe('chain.example/t/T-JQBB-01');
    expect(tableCodeFromQr('https://')).toBe('https://');
  });

  it('gives what the typed path normalises to the same code', () => {
    expect(normaliseTableCode(tableCodeFromQr('https://chain.example/t/t-jqbb-01'))).toBe('T-JQBB-01');
  });
});
