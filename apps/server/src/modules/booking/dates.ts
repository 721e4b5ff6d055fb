import type { DateChoiceWire } from '@chain/contract';
import { dateChoices, daysBetween, startOfDaySeconds, type CalendarDate } from '@chain/domain';

/** Today and the next `daysAhead` days as the pages offer them: midnight in seconds, 'DD.MM.YYYY', a label (SPEC 9). */
export function dateChoicesWire(
  today: CalendarDate,
  daysAhead: number,
  timeZone: string,
): Array<DateChoiceWire & { calendar: CalendarDate }> {
  return dateChoices(today, daysAhead).map((choice) => ({
    date: startOfDaySeconds(choice.date, timeZone),
    value: choice.value,
    label: choice.label,
    calendar: choice.date,
  }));
}

/** The wire part of a date choice (without the calendar date kept for the server's own use). */
export function dateWire(choice: DateChoiceWire & { calendar: CalendarDate }): DateChoiceWire {
  return { date: choice.date, value: choice.value, label: choice.label };
}

export function sameDate(a: CalendarDate, b: CalendarDate): boolean {
  return daysBetween(a, b) === 0;
}

export const seconds = (instant: Date | number): number => Math.floor(Number(instant) / 1000);
