import { type FormEvent, useState } from 'react';
import { staffGuestFlagsCall, staffGuestsCall, type StaffGuest } from '@chain/contract';
import { failureText, staffCall } from './api';
import { StaffError } from './staff-error';

/** A manager finds a guest by phone or e-mail and turns the booking and stop-list flags on or off (issue 17). */
export function GuestsPage() {
  const [query, setQuery] = useState('');
  const [guests, setGuests] = useState<StaffGuest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      setGuests((await staffCall(staffGuestsCall, { query })).guests);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const toggle = async (guest: StaffGuest, flag: 'booking' | 'stoplist') => {
    setError(null);
    try {
      const changed = await staffCall(staffGuestFlagsCall, { [flag]: !guest[flag] }, { params: { id: guest.id } });
      setGuests((current) => (current ?? []).map((entry) => (entry.id === changed.id ? changed : entry)));
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <div className="guests-page">
      <h1>Гости</h1>
      <form className="guests-page__search" onSubmit={(event) => void search(event)}>
        <label className="staff-field staff-field--inline">
          <span>Телефон или e-mail гостя</span>
          <input value={query} maxLength={100} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <button type="submit" className="staff-button staff-button--primary">
          Найти
        </button>
      </form>
      <StaffError text={error} />
      {guests?.length === 0 ? <p className="staff-empty">Гость не найден.</p> : null}
      <ul className="guests-page__list">
        {(guests ?? []).map((guest) => (
          <li key={guest.id} className="staff-card">
            <p>
              <strong>{guest.name || 'Без имени'}</strong> · {guest.phone || guest.email}
            </p>
            {(['booking', 'stoplist'] as const).map((flag) => (
              <button
                key={flag}
                type="button"
                role="switch"
                aria-checked={guest[flag]}
                className={guest[flag] ? 'staff-toggle staff-toggle--on' : 'staff-toggle'}
                onClick={() => void toggle(guest, flag)}
              >
                {flag === 'booking' ? 'Бронирование столов' : 'Стоп-лист в приложении'}:{' '}
                {guest[flag] ? 'вкл.' : 'выкл.'}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
