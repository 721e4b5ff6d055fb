import { describe, expect, it } from 'vitest';
import type { BookingView } from '@chain/contract';
import { BOOKING_LENGTHS, bookingDateTime, formatBookingLength, readBookingParameters } from './booking-model';

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
      restaurantName: 'Жар-печь',
      restaurantAddress: 'Москва',
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

  it('gives an order from a booking its start on the calendar day and the clock of the booking’s restaurant', () => {
    // Thursday's booking at 01:00 Moscow time is early Friday, 27 November (its schedule day is Thursday).
    const timefrom = Math.floor(Date.parse('2026-11-27T01:00:00+03:00') / 1000);
    const thursday = Math.floor(Date.parse('2026-11-26T00:00:00+03:00') / 1000);
    const booking = {
      timefrom,
      timeto: timefrom + 3600,
      periodfrom: '01:00',
      date: thursday,
      time_zone: 'Europe/Moscow',
    } as BookingView;
    const evening = timefrom - 6 * 3600;
    expect(bookingDateTime(booking, evening)).toEqual({
      deliveryDate: '27.11.2026',
      deliveryTime: '01:00',
      isTimePeriods: false,
    });
    expect(bookingDateTime({ ...booking, time_zone: 'Asia/Yekaterinburg' }, evening)).toEqual({
      deliveryDate: '27.11.2026',
      deliveryTime: '03:00',
      isTimePeriods: false,
    });
    // Under way: the order is for now.
    expect(bookingDateTime(booking, timefrom + 60)).toBeNull();
  });
});
