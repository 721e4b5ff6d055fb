import { CalendarClock, ChevronRight } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { BookingView } from '@chain/contract';
import {
  BOOKING_MIN_GUESTS,
  CHOOSE_RESTAURANT_MESSAGE,
  DEFAULT_BOOKING_GUESTS,
  DEFAULT_BOOKING_MINUTES,
  formatMoney,
  NO_FREE_TABLES_ON_DATE_MESSAGE,
} from '@chain/domain';
import { type BookingPeriodsAnswer, type BookingSession, loadActiveBookings, loadBookingPeriods } from './api/booking';
import { ApiError } from '../../api/client';
import { routePath } from '../../state/navigation';
import { useCartState } from '../../state/store';
import { Button, LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { useGuestSession } from '../../state/guest-session';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Skeleton } from '../../ui/skeleton';
import { Stepper } from '../../ui/stepper';
import { BOOKING_LENGTHS, type BookingParameters, formatBookingLength } from './booking-model';
import '../../ui/input.css';
import '../../ui/radio-cards.css';
import './booking.css';

/** SPEC 2, 3, 4: Бронирование стола — restaurant, date (today to Sunday), guests, length and a free period. */
export default function BookingPage() {
  const session = useGuestSession();
  return (
    <Screen title="Бронирование стола" menu>
      {session === null ? <SignInPrompt topic="booking" /> : <BookingForm key={session.id} session={session} />}
    </Screen>
  );
}

interface Choice {
  restoranid: number | null;
  /** Seconds of the chosen date's midnight, or null for the first date offered (today). */
  date: number | null;
  guests: number;
  minutes: number;
}

type Periods =
  | { status: 'loading'; data: BookingPeriodsAnswer | null }
  | { status: 'ready'; data: BookingPeriodsAnswer }
  | { status: 'error'; error: ApiError | Error; data: BookingPeriodsAnswer | null };

function usePeriods(session: BookingSession, choice: Choice, attempt: number): Periods {
  const key = JSON.stringify([choice, attempt]);
  // The last answer (kept while the next loads, so the form does not jump) and the request it answered.
  const [last, setLast] = useState<{ key: string; data: BookingPeriodsAnswer | null; error: Error | null }>({
    key: '',
    data: null,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    loadBookingPeriods(
      session,
      {
        logictype: 'booking',
        restoranid: choice.restoranid ?? undefined,
        date: choice.date ?? undefined,
        cntpersons: choice.guests,
        cntminutes: choice.minutes,
      },
      { signal: controller.signal },
    ).then(
      (data) => setLast({ key, data, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLast((was) => ({ key, data: was.data, error: error instanceof Error ? error : new Error(String(error)) }));
      },
    );
    return () => controller.abort();
  }, [session, key, choice.restoranid, choice.date, choice.guests, choice.minutes]);
  if (last.key !== key) return { status: 'loading', data: last.data };
  if (last.error) return { status: 'error', error: last.error, data: last.data };
  return last.data ? { status: 'ready', data: last.data } : { status: 'loading', data: null };
}

/** The restaurant the guest is ordering from, as the first choice (the server says when it takes no bookings). */
function currentRestaurantId(id: string | undefined): number | null {
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

function BookingForm({ session }: { session: BookingSession }) {
  const [, navigate] = useLocation();
  const ids = useId();
  const current = useCartState((state) => state.restaurant?.id);
  const [choice, setChoice] = useState<Choice>(() => ({
    restoranid: currentRestaurantId(current),
    date: null,
    guests: DEFAULT_BOOKING_GUESTS,
    minutes: DEFAULT_BOOKING_MINUTES,
  }));
  const [periodfrom, setPeriodfrom] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const periods = usePeriods(session, choice, attempt);
  const active = useActiveBookings(session);
  const data = periods.data;

  if (periods.status === 'error' && data === null) {
    if (periods.error instanceof ApiError && periods.error.status === 403) {
      return (
        <EmptyState
          icon={<CalendarClock />}
          title="Бронирование недоступно"
          text={periods.error.message}
          action={
            <LinkButton href="/" variant="secondary" block>
              На главную
            </LinkButton>
          }
        />
      );
    }
    return (
      <LoadError
        title="Не удалось загрузить время для брони"
        message={periods.error.message}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  // The guest's bookings stand above the form: the form waits for them (or their failure), else
  // it would jump down when they come (issue 18, CLS 0).
  if (data === null || active === null) return <BookingSkeleton />;

  const restaurant = data.restorans.find((r) => r.id === choice.restoranid) ?? null;
  const dateSeconds = choice.date ?? data.dates[0]?.date ?? null;
  const date = data.dates.find((entry) => entry.date === dateSeconds) ?? null;
  const settled = periods.status === 'ready';
  const period = settled ? (data.periods.find((entry) => entry.periodfrom === periodfrom) ?? null) : null;
  const change = (next: Partial<Choice>) => {
    setChoice((was) => ({ ...was, ...next }));
    setError(null);
  };

  const proceed = () => {
    if (!settled) return;
    if (restaurant === null) return setError(CHOOSE_RESTAURANT_MESSAGE);
    if (date === null || data.allowbooking !== 1) return setError(data.message || NO_FREE_TABLES_ON_DATE_MESSAGE);
    if (period === null) return setError('Выберите время.');
    const parameters: BookingParameters = {
      periodfrom: period.periodfrom,
      restoran: restaurant.id,
      restaurantName: restaurant.name,
      restaurantAddress: restaurant.address,
      date: date.date,
      dateLabel: date.label,
      periodText: period.text,
      cntpersons: choice.guests,
      cntminutes: choice.minutes,
      minSum: data.min_sum,
    };
    navigate(routePath('bookingStep2'), { state: { parameters } });
  };

  return (
    <div className="booking">
      <ActiveBookings items={active} />
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-restaurant`}>
          Ресторан
        </label>
        <select
          id={`${ids}-restaurant`}
          className="field__input booking__select"
          value={restaurant?.id ?? ''}
          onChange={(event) => {
            setPeriodfrom(null);
            change({ restoranid: event.target.value === '' ? null : Number(event.target.value) });
          }}
        >
          {restaurant === null ? <option value="">Выберите ресторан</option> : null}
          {data.restorans.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
        {restaurant ? <p className="field__hint">{restaurant.address}</p> : null}
      </div>

      <fieldset className="booking__group">
        <legend className="booking__legend">Дата</legend>
        <div className="booking__dates">
          {data.dates.map((entry) => (
            <label key={entry.date} className="radio-card booking__date">
              <input
                type="radio"
                name={`${ids}-date`}
                value={entry.date}
                checked={entry.date === dateSeconds}
                onChange={() => {
                  setPeriodfrom(null);
                  change({ date: entry.date });
                }}
              />
              <span>{entry.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="booking__pair">
        <div className="booking__counter">
          <span className="booking__legend" id={`${ids}-guests`}>
            Гостей
          </span>
          <Stepper
            label="Гостей"
            value={choice.guests}
            min={BOOKING_MIN_GUESTS}
            max={
              restaurant?.maxPersons ??
              data.restorans.reduce((max, r) => Math.max(max, r.maxPersons), BOOKING_MIN_GUESTS)
            }
            onChange={(guests) => change({ guests })}
          />
        </div>
        <div className="field booking__length">
          <label className="field__label booking__legend" htmlFor={`${ids}-minutes`}>
            Длительность
          </label>
          <select
            id={`${ids}-minutes`}
            className="field__input booking__select"
            value={choice.minutes}
            onChange={(event) => change({ minutes: Number(event.target.value) })}
          >
            {BOOKING_LENGTHS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatBookingLength(minutes)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="booking__group" aria-busy={!settled}>
        <legend className="booking__legend">Время</legend>
        {periods.status === 'error' ? (
          <LoadError
            title="Не удалось загрузить время для брони"
            message={periods.error.message}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        ) : !settled ? (
          <div className="booking__times" role="status" aria-label="Загружаем свободное время…">
            <Skeleton height="2.75rem" />
            <Skeleton height="2.75rem" />
            <Skeleton height="2.75rem" />
          </div>
        ) : data.allowbooking !== 1 || data.periods.length === 0 ? (
          <p className="booking__notice">{data.message || NO_FREE_TABLES_ON_DATE_MESSAGE}</p>
        ) : (
          <div className="booking__times">
            {data.periods.map((entry) => (
              <label key={entry.periodfrom} className="radio-card booking__time">
                <input
                  type="radio"
                  name={`${ids}-period`}
                  value={entry.periodfrom}
                  checked={entry.periodfrom === periodfrom}
                  onChange={() => {
                    setPeriodfrom(entry.periodfrom);
                    setError(null);
                  }}
                />
                <span>{entry.text}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>

      <p className="booking__minimum">
        Минимальная сумма заказа при брони: <strong>{formatMoney(data.min_sum)}</strong>
      </p>
      <div className="booking__actions">
        {error ? (
          <p className="booking__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button block onClick={proceed} disabled={!settled}>
          Продолжить
        </Button>
      </div>
    </div>
  );
}

/** The guest's bookings not over yet (bookingList active: 1), null until they come; a failure is none. */
function useActiveBookings(session: BookingSession): BookingView[] | null {
  const [items, setItems] = useState<BookingView[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // A failure leaves the form as it is: the list is a shortcut, the form still books.
    loadActiveBookings(session, { signal: controller.signal }).then(setItems, () => {
      if (!controller.signal.aborted) setItems([]);
    });
    return () => controller.abort();
  }, [session]);
  return items;
}

/** The way back to a booking's countdown. */
function ActiveBookings({ items }: { items: BookingView[] }) {
  const [, navigate] = useLocation();
  if (items.length === 0) return null;
  return (
    <section className="booking__mine" aria-labelledby="booking-mine">
      <h2 id="booking-mine" className="booking__legend">
        Ваши брони
      </h2>
      <ul className="booking__mine-list">
        {items.map((booking) => (
          <li key={booking.booking_num}>
            <button
              type="button"
              className="booking__mine-item"
              onClick={() => navigate(routePath('bookingResult'), { state: { booking } })}
            >
              <span>
                <span className="booking__mine-name">{booking.restoran_name}</span>
                <span className="booking__mine-when">{booking.dateFormatted}</span>
              </span>
              <ChevronRight aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookingSkeleton() {
  return (
    <div className="booking">
      <span className="visually-hidden" role="status">
        Загружаем рестораны и время…
      </span>
      <Skeleton height="3rem" />
      <Skeleton height="6rem" />
      <Skeleton height="3rem" />
      <Skeleton height="8rem" />
    </div>
  );
}
