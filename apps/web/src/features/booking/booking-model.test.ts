import { describe, expect, it } from 'vitest';
import { BOOKING_LENGTHS, formatBookingLength, readBookingParameters } from './booking-model';

describe('booking model', () => {
  it('offers every half hour from 30 minutes to 6 hours, written short', () => {
    expect(BOOKING_LENGTHS[0]).toBe(30);
    expect(BOOKING_LENGTHS.at(-1)).toBe(360);
    expect(BOOKING_LENGTHS).toHaveLength(12);
    expect(BOOKING_LENGTHS).toContain(60);
    expect(formatBookingLength(30)).toBe('30 мин');
    expect(formatBookingLength(60)).toBe('1 ч');
    expect(formatBookingLength(90)).toBe('1 ч 30 мин');
    expect(formatBookingLength(360)).toBe('6 ч');
  });

  it('reads whole parameters only (SPEC 2: otherwise BookingStep2 goes to Booking)', () => {
    const whole = {
      periodfrom: '19:00',
      restoran: 1,
      restoranName: 'Жар-печь',
      restoranAddress: 'Москва',
      date: 1_795_000_000,
      dateLabel: 'Сегодня',
      periodText: '19:00–20:00',
      cntpersons: 2,
      cntminutes: 60,
      minSum: 200_000,
    };
    expect(readBookingParameters(whole)).toEqual(whole);
    expect(readBookingParameters({ ...whole, restoran: '1' })).toBeNull();
    expect(readBookingParameters({ periodfrom: '19:00' })).toBeNull();
    expect(readBookingParameters(null)).toBeNull();
  });
});
