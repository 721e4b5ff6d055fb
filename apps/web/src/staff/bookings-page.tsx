import { useState } from 'react';
import { staffBookingsCall, staffMoveBookingCall, type StaffBooking, type StaffBookings } from '@chain/contract';
import {
  type CalendarDate,
  clockWithDayText,
  dayHeading,
  formatClock,
  isoDateText,
  russianPlural,
  wallClockAt,
} from '@chain/domain';
import { useNow } from '../ui/use-now';
import { failureText, staffCall } from './api';
import { useStaffData } from './use-staff-data';
import { NotLoaded, StaffError } from './staff-error';

const MOVE_LABELS: Record<StaffBooking['next'][number], string> = {
  new: 'Новая',
  active: 'Гости пришли',
  ended: 'Завершить',
  cancelled: 'Отменить',
};
const STATUS_TEXT: Record<StaffBooking['status'], string> = {
  new: 'Ожидается',
  active: 'Гости за столом',
  ended: 'Завершена',
  cancelled: 'Отменена',
};

type BoardTable = StaffBookings['tables'][number];

/** A calendar day of the board: its date and, by table, the bookings that start on it. */
interface BoardDay {
  readonly key: string;
  readonly date: CalendarDate;
  readonly tables: ReadonlyArray<{ readonly table: BoardTable; readonly bookings: StaffBooking[] }>;
}

/**
 * The board's bookings by the calendar day they start on, on the restaurant's clock (issue 30):
 * the night after Friday is Saturday's, whatever business day holds it; days in order, tables in
 * the board's order, bookings by their start.
 */
export function bookingDays(board: Pick<StaffBookings, 'tables' | 'time_zone'>): BoardDay[] {
  type Gathered = { date: CalendarDate; tables: Map<number, { table: BoardTable; bookings: StaffBooking[] }> };
  const days = new Map<string, Gathered>();
  for (const table of board.tables) {
    for (const booking of table.bookings) {
      const date = wallClockAt(Date.parse(booking.timefrom), board.time_zone).date;
      const key = isoDateText(date);
      const day: Gathered = days.get(key) ?? { date, tables: new Map() };
      days.set(key, day);
      const entry = day.tables.get(table.id) ?? { table, bookings: [] };
      day.tables.set(table.id, entry);
      entry.bookings.push(booking);
    }
  }
  return [...days.entries()]
    .toSorted(([a], [b]) => a.localeCompare(b))
    .map(([key, day]) => ({
      key,
      date: day.date,
      tables: [...day.tables.values()].map((entry) => ({
        ...entry,
        bookings: entry.bookings.toSorted((a, b) => Date.parse(a.timefrom) - Date.parse(b.timefrom)),
      })),
    }));
}

/**
 * The bookings of the current business day and the next (issue 17; issue 30: a host at 05:30 sees
 * the 06:00 booking, one at 23:00 the night's), by the calendar day each starts on and by table,
 * moved new → active (the guests came) or cancelled, active → ended. Times on the restaurant's clock.
 */
export function BookingsPage({ restaurantId }: { restaurantId: number }) {
  const bookings = useStaffData(
    () => staffCall(staffBookingsCall, { params: { id: restaurantId } }),
    `bookings-${restaurantId}`,
  );
  const [error, setError] = useState<string | null>(null);
  // «Сегодня» follows the clock while the screen stays open (past midnight too).
  const now = useNow(60_000);
  if (!bookings.data) return <NotLoaded error={bookings.error} loading="Загружаем брони…" onRetry={bookings.reload} />;
  const move = async (booking: StaffBooking, to: StaffBooking['next'][number]) => {
    setError(null);
    try {
      await staffCall(staffMoveBookingCall, { to }, { params: { id: booking.id } });
      bookings.reload();
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const timeZone = bookings.data.time_zone;
  const clock = (iso: string) => formatClock(wallClockAt(Date.parse(iso), timeZone).minuteOfDay);
  const today = wallClockAt(now, timeZone).date;
  const days = bookingDays(bookings.data);
  return (
    <div className="bookings-page">
      <h1>Брони</h1>
      {/* The span is two business days (06:00 to 06:00), not «today and tomorrow»: past midnight it
          starts yesterday morning (issue 30, second read). */}
      <p className="bookings-page__span">
        С {clockWithDayText(Date.parse(bookings.data.from), now, timeZone)} до{' '}
        {clockWithDayText(Date.parse(bookings.data.to), now, timeZone)}
      </p>
      <StaffError text={error} />
      {days.length === 0 ? <p className="staff-empty">Броней в эти дни нет.</p> : null}
      {days.map((day) => (
        <section key={day.key} className="bookings-page__day" aria-labelledby={`day-${day.key}`}>
          <h2 id={`day-${day.key}`}>{dayHeading(day.date, today)}</h2>
          {day.tables.map(({ table, bookings: list }) => (
            <section key={table.id} className="staff-card" aria-labelledby={`table-${day.key}-${table.id}`}>
              <h3 id={`table-${day.key}-${table.id}`}>
                Стол {table.num}{' '}
                <span className="bookings-page__seats">
                  ({table.seats} {russianPlural(table.seats, ['место', 'места', 'мест'])})
                </span>
              </h3>
              <ul className="bookings-page__list">
                {list.map((booking) => (
                  <li key={booking.id}>
                    <p>
                      <strong>
                        {clock(booking.timefrom)}–{clock(booking.timeto)}
                      </strong>{' '}
                      · {booking.persons} гост. · {booking.guest_name || 'Гость'}{' '}
                      {booking.guest_phone ? `+${booking.guest_phone}` : ''} · {STATUS_TEXT[booking.status]} · №{' '}
                      {booking.booking_num}
                    </p>
                    {booking.comment ? <p>«{booking.comment}»</p> : null}
                    <div className="bookings-page__actions">
                      {booking.next.map((to) => (
                        <button
                          key={to}
                          type="button"
                          className={
                            to === 'cancelled'
                              ? 'staff-button staff-button--secondary'
                              : 'staff-button staff-button--primary'
                          }
                          onClick={() => void move(booking, to)}
                        >
                          {MOVE_LABELS[to]}
                        </button>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}
