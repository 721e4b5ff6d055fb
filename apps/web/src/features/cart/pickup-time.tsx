import { useId, useState } from 'react';
import { Clock } from 'lucide-react';
import type { RestaurantWire } from '@chain/contract';
import { AS_READY_TEXT, chosenTimeLabel, dateChoices, formatClock, openPickupSlots, wallClockAt } from '@chain/domain';
import { appStore, useAppState } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { useNow } from '../../ui/use-now';

/** SPEC 2 Cart pickup time: as soon as ready, or a day and an open slot of the restaurant. */
export function PickupTime({ restaurant }: { restaurant: RestaurantWire }) {
  const chosen = useAppState((state) => state.checkout.deliveryDateTime);
  const [open, setOpen] = useState(false);
  const now = useNow(60_000);
  const clock = wallClockAt(now, restaurant.time_zone);
  const dates = dateChoices(clock.date, restaurant.deliveryDays);
  const [dateValue, setDateValue] = useState(chosen?.deliveryDate ?? dates[0]?.value ?? '');
  const date = dates.find((entry) => entry.value === dateValue) ?? dates[0];
  // Only times the restaurant is open at (what the server takes, SPEC 4 schedule).
  const slots = date ? openPickupSlots(restaurant.shedule, date.date, clock) : [];
  const today = dates[0]?.value;
  const dateSelectId = useId();

  const label = chosen ? chosenTimeLabel(chosen, clock.date) : AS_READY_TEXT;
  const choose = (time: string | null) => {
    appStore.getState().updateCheckout({
      deliveryDateTime: time === null || !date ? null : { deliveryDate: date.value, deliveryTime: time, isTimePeriods: false },
    });
    setOpen(false);
  };

  return (
    <section className="cart__block" aria-labelledby="cart-pickup">
      <h2 id="cart-pickup" className="cart__block-title">
        Время самовывоза
      </h2>
      <Button variant="secondary" block icon={<Clock />} onClick={() => setOpen(true)} aria-label={`Время самовывоза: ${label}`}>
        {label}
      </Button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title="Время самовывоза">
        {dates.length > 1 ? (
          <div className="field">
            <label className="field__label" htmlFor={dateSelectId}>
              Дата
            </label>
            <select id={dateSelectId} className="field__input" value={date?.value} onChange={(event) => setDateValue(event.target.value)}>
              {dates.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="cart__slots" role="group" aria-label="Время">
          {date?.value === today ? (
            <button type="button" className="cart__slot" aria-pressed={chosen === null} onClick={() => choose(null)}>
              {AS_READY_TEXT}
            </button>
          ) : null}
          {slots.length === 0 && date?.value !== today ? <p className="cart__hint">На этот день свободного времени нет</p> : null}
          {slots.map((minute) => {
            const time = formatClock(minute);
            const pressed = chosen?.deliveryDate === date?.value && chosen?.deliveryTime === time;
            return (
              <button key={minute} type="button" className="cart__slot" aria-pressed={pressed} onClick={() => choose(time)}>
                {time}
              </button>
            );
          })}
        </div>
      </BottomSheet>
    </section>
  );
}
