import { useState } from 'react';
import { staffBookingsCall, staffMoveBookingCall, type StaffBooking } from '@chain/contract';
import { failureText, staffCall } from './api';
import { useStaffData } from './use-staff-data';
import { NotLoaded, StaffError } from './staff-error';

const MOVE_LABELS: Record<StaffBooking['next'][number], string> = { new: 'Новая', active: 'Гости пришли', ended: 'Завершить', cancelled: 'Отменить' };
const STATUS_TEXT: Record<StaffBooking['status'], string> = { new: 'Ожидается', active: 'Гости за столом', ended: 'Завершена', cancelled: 'Отменена' };
const clock = (iso: string) => new Date(iso).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });

/** Today's bookings by table (issue 17), moved new → active (the guests came) or cancelled, active → ended. */
export function BookingsPage({ restaurantId }: { restaurantId: number }) {
  const bookings = useStaffData(() => staffCall(staffBookingsCall, { params: { id: restaurantId } }), `bookings-${restaurantId}`);
  const [error, setError] = useState<string | null>(null);
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
  const withBookings = bookings.data.tables.filter((table) => table.bookings.length > 0);
  return (
    <div className="bookings-page">
      <h1>Брони на {new Date(`${bookings.data.date}T12:00:00`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long' })}</h1>
      <StaffError text={error} />
      {withBookings.length === 0 ? <p className="staff-empty">На сегодня броней нет.</p> : null}
      {withBookings.map((table) => (
        <section key={table.id} className="staff-card" aria-labelledby={`table-${table.id}`}>
          <h2 id={`table-${table.id}`}>
            Стол {table.num} <span className="bookings-page__seats">({table.seats} мест)</span>
          </h2>
          <ul className="bookings-page__list">
            {table.bookings.map((booking) => (
              <li key={booking.id}>
                <p>
                  <strong>
                    {clock(booking.timefrom)}–{clock(booking.timeto)}
                  </strong>{' '}
                  · {booking.persons} гост. · {booking.guest_name || 'Гость'} {booking.guest_phone ? `+${booking.guest_phone}` : ''} · {STATUS_TEXT[booking.status]} · №{' '}
                  {booking.booking_num}
                </p>
                {booking.comment ? <p>«{booking.comment}»</p> : null}
                <div className="bookings-page__actions">
                  {booking.next.map((to) => (
                    <button key={to} type="button" className={to === 'cancelled' ? 'staff-button staff-button--secondary' : 'staff-button staff-button--primary'} onClick={() => void move(booking, to)}>
                      {MOVE_LABELS[to]}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
