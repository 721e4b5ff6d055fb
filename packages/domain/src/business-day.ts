import { addDays, type CalendarDate } from './calendar-date';
import { DAY_BOUNDARY_MINUTE } from './schedule';
import { DEFAULT_TIME_ZONE, type Instant, wallClockAt } from './wall-clock';

/** The restaurant's working day of an instant: before 06:00 it is still the previous day (SPEC 4, 9). */
export function businessDay(instant: Instant, timeZone: string = DEFAULT_TIME_ZONE): CalendarDate {
  const clock = wallClockAt(instant, timeZone);
  return clock.minuteOfDay < DAY_BOUNDARY_MINUTE ? addDays(clock.date, -1) : clock.date;
}

/** A calendar date as 'YYYY-MM-DD' (the database's date text). */
export function isoDateText(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}
