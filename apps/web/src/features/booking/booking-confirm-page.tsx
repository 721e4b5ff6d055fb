import { type FormEvent, useId, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { APP_ROUTES } from '@chain/contract';
import { DEFAULT_BOOKING_AGREEMENT, ERROR_TITLE, formatGuests, formatMoney } from '@chain/domain';
import { type BookingSession, saveBooking } from './api/booking';
import { useQuery } from '../../api/query-cache';
import { settingsQuery } from '../../api/settings';
import { readBookingStep2State, routePath } from '../../state/navigation';
import { showDialog } from '../../state/store';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { useGuestSession } from '../../state/guest-session';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { type BookingParameters, formatBookingLength, readBookingParameters } from './booking-model';
import { TextArea } from '../../ui/input';
import './booking.css';

/** The comment bookingSave keeps (contract: up to 500 characters). */
const COMMENT_MAX = 500;
const AGREEMENT_MISSING = 'Чтобы забронировать стол, примите условия бронирования.';

/** SPEC 2 BookingStep2: Подтверждение бронирования — the chosen booking, booking_text_step2, a comment, the agreement (SPEC 5). */
export default function BookingConfirmPage() {
  const session = useGuestSession();
  const parameters = readBookingParameters(readBookingStep2State(useHistoryState<unknown>())?.parameters);
  // SPEC 2: without the booking parameters the screen is Бронирование стола.
  if (parameters === null) return <Redirect to={APP_ROUTES.booking} replace />;
  return (
    <Screen title="Подтверждение бронирования" back>
      {session === null ? <SignInPrompt topic="booking" /> : <ConfirmForm session={session} parameters={parameters} />}
    </Screen>
  );
}

function ConfirmForm({ session, parameters }: { session: BookingSession; parameters: BookingParameters }) {
  const [, navigate] = useLocation();
  const ids = useId();
  const settings = useQuery(settingsQuery);
  const terms = settings.status === 'ready' ? settings.data.booking_text_step2.trim() : '';
  const [comment, setComment] = useState('');
  const [agreed, setAgreed] = useState(DEFAULT_BOOKING_AGREEMENT);
  const [agreementError, setAgreementError] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!agreed) {
      setAgreementError(true);
      document.getElementById(`${ids}-agree`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const booking = await saveBooking(session, {
        restoran: parameters.restoran,
        cntpersons: parameters.cntpersons,
        cntminutes: parameters.cntminutes,
        periodfrom: parameters.periodfrom,
        date: parameters.date,
        comment: comment.trim(),
      });
      // The result replaces this screen: going back does not offer to book the same table twice.
      navigate(routePath('bookingResult'), { replace: true, state: { booking } });
    } catch (error) {
      setSaving(false);
      // SPEC 8: the booking save error shows the server's text (or the request-failed text).
      await showDialog({ title: ERROR_TITLE, message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <form className="booking" noValidate onSubmit={(event) => void submit(event)}>
      {terms ? <p className="booking__terms">{terms}</p> : null}
      <dl className="booking__summary">
        <div>
          <dt>Ресторан</dt>
          <dd>
            {parameters.restaurantName}
            <span className="booking__muted">{parameters.restaurantAddress}</span>
          </dd>
        </div>
        <div>
          <dt>Дата и время</dt>
          <dd>
            {parameters.dateLabel}, {parameters.periodText}
          </dd>
        </div>
        <div>
          <dt>Гости</dt>
          <dd>{formatGuests(parameters.cntpersons)}</dd>
        </div>
        <div>
          <dt>Длительность</dt>
          <dd>{formatBookingLength(parameters.cntminutes)}</dd>
        </div>
        <div>
          <dt>Минимальная сумма заказа</dt>
          <dd>{formatMoney(parameters.minSum)}</dd>
        </div>
      </dl>
      <TextArea
        label="Комментарий"
        rows={3}
        maxLength={COMMENT_MAX}
        placeholder="Например, стол у окна"
        value={comment}
        onChange={setComment}
      />
      <div className="booking__agreement">
        <label className="booking__check">
          <input
            id={`${ids}-agree`}
            type="checkbox"
            checked={agreed}
            required
            aria-invalid={agreementError}
            aria-describedby={agreementError ? `${ids}-agree-error` : undefined}
            onChange={(event) => {
              setAgreed(event.target.checked);
              if (event.target.checked) setAgreementError(false);
            }}
          />
          <span>Я согласен с условиями бронирования</span>
        </label>
        {agreementError ? (
          <p id={`${ids}-agree-error`} className="booking__error" role="alert">
            {AGREEMENT_MISSING}
          </p>
        ) : null}
      </div>
      <Button type="submit" block busy={saving}>
        Забронировать
      </Button>
    </form>
  );
}
