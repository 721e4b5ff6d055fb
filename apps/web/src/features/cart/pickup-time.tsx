import { useId, useState } from 'react';
import { Clock } from 'lucide-react';
import type { RestaurantWire } from '@chain/contract';
import { AS_READY_TEXT, chosenTimeLabel, formatClock, wallClockAt } from '@chain/domain';
import { cartStore, useCartState } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { useNow } from '../../ui/use-now';
import { firstPickupDay, pickupDays } from './pickup-time-model';

/**
 * SPEC 2 Cart pickup time: as soon as ready, or a day and an open slot of the restaurant. The
 * sheet opens on the chosen day, else on the first day with something to choose — after a
 * holiday (issue 31) or late in the evening, the next open day.
 */
export function PickupTime({ restaurant }: { restaurant: RestaurantWire }) {
  const chosen = useCartState((state) => state.checkout.deliveryDateTime);
  const [open, setOpen] = useState(false);
  const now = useNow(60_000);
  const clock = wallClockAt(now, restaurant.time_zone);
  const days = pickupDays(restaurant, clock);
  const [dateValue, setDateValue] = useState<string | null>(chosen?.deliveryDate ?? null);
  const day = days.find((entry) => entry.value === dateValue) ?? firstPickupDay(days);
  const dateSelectId = useId();

  const label = chosen ? chosenTimeLabel(chosen, clock.date) : AS_READY_TEXT;
  const choose = (time: string | null) => {
    cartStore.getState().updateCheckout({
      deliveryDateTime:
        time === null || !day ? null : { deliveryDate: day.value, deliveryTime: time, isTimePeriods: false },
    });
    setOpen(false);
  };

  return (
    <section className="cart__block" aria-labelledby="cart-pickup">
      <h2 id="cart-pickup" className="cart__block-title">
        Время самовывоза
      </h2>
      <Button
        variant="secondary"
        block
        icon={<Clock />}
        onClick={() => setOpen(true)}
        aria-label={`Время самовывоза: ${label}`}
      >
        {label}
      </Button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title="Время самовывоза">
        {days.length > 1 ? (
          <div className="field">
            <label className="field__label" htmlFor={dateSelectId}>
              Дата
            </label>
            <select
              id={dateSelectId}
              className="field__input"
              value={day?.value}
              onChange={(event) => setDateValue(event.target.value)}
            >
              {days.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="cart__slots" role="group" aria-label="Время">
          {day?.asReady ? (
            <button
              type="button"
              className="cart__slot cart__slot--as-ready"
              aria-pressed={chosen === null}
              onClick={() => choose(null)}
            >
              {AS_READY_TEXT}
            </button>
          ) : null}
          {day && !day.asReady && day.slots.length === 0 ? (
            <p className="cart__hint">На этот день свободного времени нет</p>
          ) : null}
          {day?.slots.map((minute) => {
            const time = formatClock(minute);
            const pressed = chosen?.deliveryDate === day.value && chosen.deliveryTime === time;
            return (
              <button
                key={minute}
                type="button"
                className="cart__slot"
                aria-pressed={pressed}
                onClick={() => choose(time)}
              >
                {time}
              </button>
            );
          })}
        </div>
      </BottomSheet>
    </section>
  );
}
