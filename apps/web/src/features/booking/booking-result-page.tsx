import { Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { APP_ROUTES, type BookingView } from '@chain/contract';
import {
  BOOKING_EXTEND_MINUTES,
  BOOKING_TIMER_REFRESH_MS,
  bookingControls,
  bookingMessage,
  bookingPhase,
  bookingRemainingSeconds,
  ERROR_TITLE,
  formatCountdown,
  formatGuests,
  formatMoney,
} from '@chain/domain';
import { type BookingAction, type BookingSession, changeBooking, loadActiveBookings } from './api/booking';
import { readBookingResultState, routePath } from '../../state/navigation';
import { cartStore, showDialog } from '../../state/store';
import { Button, LinkButton } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { useGuestSession } from '../../state/guest-session';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { useNow } from '../../ui/use-now';
import { formatBookingLength, orderFromBooking, readBooking } from './booking-model';
import './booking.css';

/** SPEC 2 BookingResult: the booking, its countdown (SPEC 4, 9: every second) and what can be done with it. */
export default function BookingResultPage() {
  const session = useGuestSession();
  const booking = readBooking(readBookingResultState(useHistoryState<unknown>())?.booking);
  // SPEC 2: without a booking the screen is Home.
  if (booking === null) return <Redirect to={APP_ROUTES.orderType} replace />;
  return (
    <Screen title="Бронь стола" menu>
      {session === null ? (
        <SignInPrompt topic="booking" />
      ) : (
        <BookingResult key={booking.booking_num} session={session} initial={booking} />
      )}
    </Screen>
  );
}

const CONFIRM_CANCEL = 'Отменить бронь';
const CONFIRM_END = 'Завершить бронь';

function BookingResult({ session, initial }: { session: BookingSession; initial: BookingView }) {
  const [location, navigate] = useLocation();
  const [booking, setBooking] = useState(initial);
  const [busy, setBusy] = useState<BookingAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const nowMs = useNow(BOOKING_TIMER_REFRESH_MS);
  const now = Math.floor(nowMs / 1000);
  // The buttons follow the clock: a booking that starts while the screen is open offers extend and finish.
  const phase = bookingPhase(booking, now);
  const controls = bookingControls(phase);
  const remaining = bookingRemainingSeconds(booking, now);
  // The booking's words follow the clock as the timer and the buttons do: a page opened again after
  // the booking started (its history state answered before) says so at once, and the server's
  // fresh answer, made by the same rule, does not move the page under the guest's eyes.
  const message = bookingMessage(booking, phase, booking.dateFormatted);

  // The booking as the server keeps it now (extended or ended on another device, its words once
  // it starts): asked on opening and when the clock moves it on. An answer that arrives after the
  // guest acted here is older than the action's and is dropped.
  const actions = useRef(0);
  useEffect(() => {
    const controller = new AbortController();
    const asked = actions.current;
    loadActiveBookings(session, { signal: controller.signal }).then(
      (items) => {
        const fresh = items.find((item) => item.booking_num === initial.booking_num);
        if (fresh && actions.current === asked) setBooking(fresh);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [session, initial.booking_num, phase]);

  const act = async (action: BookingAction) => {
    if (busy) return;
    if (action !== 'extend') {
      const label = action === 'cancel' ? CONFIRM_CANCEL : CONFIRM_END;
      const choice = await showDialog({
        message: action === 'cancel' ? 'Отменить бронь стола?' : 'Завершить бронь? Стол освободится для других гостей.',
        items: [
          { label: 'Нет', variant: 'secondary' },
          { label, variant: 'primary' },
        ],
      });
      if (choice?.label !== label) return;
    }
    setBusy(action);
    actions.current += 1;
    try {
      const answer = await changeBooking(session, action, booking.booking_num);
      setBusy(null);
      if (action === 'extend') {
        setBooking(answer.booking);
        setNotice(answer.message);
        // A reload keeps the booking as it is now.
        navigate(location, { replace: true, state: { booking: answer.booking } });
        return;
      }
      // SPEC 4: cancel or finish goes home on success.
      navigate(APP_ROUTES.orderType);
    } catch (error) {
      setBusy(null);
      // SPEC 8 generic action failure: the server's text, or the request-failed text.
      await showDialog({ title: ERROR_TITLE, message: error instanceof Error ? error.message : String(error) });
    }
  };

  const order = () => {
    navigate(cartStore.getState().orderAtTime(orderFromBooking(booking, now)));
  };

  const table = booking.table_num ? `№${booking.table_num}` : 'назначит ресторан';

  return (
    <div className="booking">
      <section className="booking__timer" aria-labelledby="booking-timer">
        <Clock aria-hidden="true" className="booking__timer-icon" />
        <h2 id="booking-timer" className="booking__timer-label">
          {phase === 'upcoming' ? 'Бронь на' : phase === 'running' ? 'До конца брони' : 'Бронь'}
        </h2>
        {phase === 'finished' ? (
          <p className="booking__timer-over">{booking.status === 'cancelled' ? 'отменена' : 'закончилась'}</p>
        ) : (
          <p className="booking__countdown" role="timer" aria-live="off">
            {formatCountdown(remaining)}
          </p>
        )}
        {phase === 'upcoming' ? <p className="booking__muted">Отсчёт пойдёт с {booking.periodfrom}</p> : null}
      </section>
      <p className="booking__message">{message}</p>
      {notice ? (
        <p className="booking__done" role="status">
          {notice}
        </p>
      ) : null}
      <dl className="booking__summary">
        <div>
          <dt>Номер брони</dt>
          <dd>{booking.booking_num}</dd>
        </div>
        <div>
          <dt>Ресторан</dt>
          <dd>
            {booking.restoran_name}
            <span className="booking__muted">{booking.restoran_address}</span>
          </dd>
        </div>
        <div>
          <dt>Когда</dt>
          <dd>{booking.dateFormatted}</dd>
        </div>
        <div>
          <dt>Стол</dt>
          <dd>{table}</dd>
        </div>
        <div>
          <dt>Гости</dt>
          <dd>
            {formatGuests(booking.cntpersons)}, {formatBookingLength(booking.cntminutes)}
          </dd>
        </div>
        <div>
          <dt>Минимальная сумма заказа</dt>
          <dd>{formatMoney(booking.min_sum)}</dd>
        </div>
        {booking.comment ? (
          <div>
            <dt>Комментарий</dt>
            <dd>{booking.comment}</dd>
          </div>
        ) : null}
      </dl>
      <div className="booking__actions">
        {controls.allowOrder ? (
          <Button block onClick={order} disabled={busy !== null}>
            {controls.textContinue}
          </Button>
        ) : null}
        {controls.allowExtend ? (
          <Button
            block
            variant="secondary"
            busy={busy === 'extend'}
            disabled={busy !== null && busy !== 'extend'}
            onClick={() => void act('extend')}
          >
            Продлить на {BOOKING_EXTEND_MINUTES} минут
          </Button>
        ) : null}
        {controls.allowMain ? (
          <Button
            block
            variant="secondary"
            busy={busy === 'cancel' || busy === 'end'}
            disabled={busy === 'extend'}
            onClick={() => void act(controls.allowCancel ? 'cancel' : 'end')}
          >
            {controls.textMain}
          </Button>
        ) : (
          <LinkButton href={routePath('booking')} variant="secondary" block>
            Забронировать стол
          </LinkButton>
        )}
      </div>
    </div>
  );
}
