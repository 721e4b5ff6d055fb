import type { Flag, PeriodChoice } from '@chain/contract';
import { formatShortDate, type CalendarDate } from '@chain/domain';

/**
 * The part of a period picker's answer (bookingPeriods, predzakazPeriods) that says what can be
 * taken on the date; each picker adds its restaurants, dates and minimum. `isTimePeriods` is 1
 * for booking's periods, 0 for a pre-order's times.
 */
export interface PeriodsOnDate {
  periods: PeriodChoice[];
  deliveryDateTimeProps: { deliveryDate: string; deliveryTime: string; isTimePeriods: Flag };
  allowbooking: Flag;
  message: string;
}

/** Nothing can be taken on the date: the reason, in Russian. */
export function periodsRefused(date: CalendarDate, isTimePeriods: Flag, message: string): PeriodsOnDate {
  return {
    periods: [],
    deliveryDateTimeProps: { deliveryDate: formatShortDate(date), deliveryTime: '', isTimePeriods },
    allowbooking: 0,
    message,
  };
}

/** The periods on offer, with the one asked for (else the first) set as the chosen time. */
export function periodsOffered(
  date: CalendarDate,
  isTimePeriods: Flag,
  periods: PeriodChoice[],
  asked: string | undefined,
): PeriodsOnDate {
  const chosen = periods.find((period) => period.periodfrom === asked) ?? periods[0];
  return {
    periods,
    deliveryDateTimeProps: {
      deliveryDate: formatShortDate(date),
      deliveryTime: chosen?.periodfrom ?? '',
      isTimePeriods,
    },
    allowbooking: 1,
    message: '',
  };
}
