import { CalendarDays, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { restaurantClosedText, type RestaurantWire } from '@chain/contract';
import { dateChoices, DELIVERY_TIME_TICK_MS, NO_DELIVERY_TIME_TODAY_MESSAGE, wallClockAt } from '@chain/domain';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { cartStore, useCartState } from '../../state/store';
import { routePath } from '../../state/navigation';
import { Button, LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { useNow } from '../../ui/use-now';
import { type CourierZone, courierFor, pointOf } from '../../api/courier-zones';
import { applyError, chosenDateTime, firstTimeDate, timeOptions } from './delivery-time-model';
import '../../ui/radio-cards.css';
import './delivery-time-page.css';

/** SPEC 2 Delivery time (/delivery_time): a date of deliveryDaysTrue and a time of the zone, then Apply. */
export default function DeliveryTimePage() {
  const list = useQuery(restaurantListQuery);
  const address = useCartState((state) => state.address);
  const point = pointOf(address);
  const found = list.status === 'ready' && point !== null ? courierFor(list.data, point) : null;

  return (
    <Screen title="Время доставки" back busy={list.status === 'loading'}>
      {list.status === 'loading' ? (
        <TimeSkeleton />
      ) : list.status === 'error' ? (
        <LoadError
          title="Не удалось загрузить рестораны"
          message={list.error.message}
          onRetry={() => restaurantListQuery.refetch()}
        />
      ) : found === null || address === null ? (
        <EmptyState
          icon={<MapPin />}
          title="Сначала выберите адрес"
          text="Время доставки зависит от зоны, в которую мы везём заказ."
          action={
            <LinkButton href="/" variant="secondary" block>
              Выбрать адрес
            </LinkButton>
          }
        />
      ) : (
        <TimeChoice
          key={`${found.restaurant.id}:${found.zone.id}`}
          restaurant={found.restaurant}
          zone={found.zone}
          addressLine={address.long || address.full}
        />
      )}
    </Screen>
  );
}

function TimeChoice({
  restaurant,
  zone,
  addressLine,
}: {
  restaurant: RestaurantWire;
  zone: CourierZone;
  addressLine: string;
}) {
  const [, navigate] = useLocation();
  const stored = useCartState((state) => state.checkout.deliveryDateTime);
  // SPEC 9: the choices follow the clock every 60 s (a period closes while the screen is open).
  const now = useNow(DELIVERY_TIME_TICK_MS);
  const clock = wallClockAt(now, restaurant.time_zone);
  // Closed for now (issue 31): the manager's words under the restaurant, as the pickup list shows them.
  const closedText = restaurantClosedText(restaurant, now);
  const dates = dateChoices(clock.date, restaurant.deliveryDaysTrue);
  const [dateValue, setDateValue] = useState(() => stored?.deliveryDate ?? '');
  const date =
    dates.find((entry) => entry.value === dateValue) ??
    firstTimeDate(dates, (entry) => timeOptions(zone, restaurant, entry.date, clock));
  const [timeValue, setTimeValue] = useState<string | null>(() =>
    stored && stored.deliveryDate === date?.value ? stored.deliveryTime : null,
  );
  const [error, setError] = useState<string | null>(null);
  if (!date) return null;

  const options = timeOptions(zone, restaurant, date.date, clock);
  const noneToday = date === dates[0] && zone.periods.length > 0 && options.every((option) => option.disabled);
  const chosen = options.some((option) => option.value === timeValue && !option.disabled) ? timeValue : null;

  const chooseDate = (value: string) => {
    setDateValue(value);
    setTimeValue(null);
    setError(null);
  };
  const apply = () => {
    const problem = applyError(zone, restaurant, date.date, clock, options, chosen);
    setError(problem);
    if (problem !== null || chosen === null) return;
    const state = cartStore.getState();
    // The zone's restaurant delivers (the chain's zones may have moved since the address was chosen).
    if (state.address && state.restaurant?.id !== String(restaurant.id)) {
      state.chooseDeliveryAddress(state.address, {
        id: String(restaurant.id),
        name: restaurant.name,
        nameShort: restaurant.nameShort,
      });
    }
    state.updateCheckout({ deliveryDateTime: chosenDateTime(zone, date.value, chosen) });
    navigate(routePath('restoranMenu', { restoran_id: restaurant.id, order_type: 'delivery' }));
  };

  return (
    <>
      <p className="delivery-time__address">
        <MapPin aria-hidden="true" />
        <span>
          {addressLine}
          <span className="delivery-time__from">Доставит «{restaurant.name}»</span>
          {closedText ? <span className="delivery-time__closed">{closedText}</span> : null}
        </span>
      </p>
      {dates.length > 1 ? (
        <fieldset className="delivery-time__group">
          <legend className="delivery-time__legend">Дата</legend>
          <div className="delivery-time__dates">
            {dates.map((entry) => (
              <label key={entry.value} className="radio-card radio-card--wide">
                <input
                  type="radio"
                  name="delivery-date"
                  value={entry.value}
                  checked={entry === date}
                  onChange={() => chooseDate(entry.value)}
                />
                <span>{entry.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="delivery-time__today">
          <CalendarDays aria-hidden="true" />
          <span>Доставка на сегодня</span>
        </p>
      )}
      <fieldset className="delivery-time__group">
        <legend className="delivery-time__legend">
          {zone.periods.length > 0 ? 'Интервал доставки' : 'Время доставки'}
        </legend>
        {noneToday ? (
          // SPEC 8's text stands where the periods would; Apply repeats it as an alert here.
          <p className="delivery-time__notice" role={error === NO_DELIVERY_TIME_TODAY_MESSAGE ? 'alert' : 'status'}>
            {NO_DELIVERY_TIME_TODAY_MESSAGE}
            {dates.length > 1 ? '. Выберите другую дату.' : ''}
          </p>
        ) : null}
        {options.length === 0 && !noneToday ? (
          <p className="delivery-time__notice">На этот день свободного времени нет. Выберите другую дату.</p>
        ) : null}
        <div className="delivery-time__times">
          {options.map((option) => (
            <label key={option.value} className="radio-card delivery-time__time">
              <input
                type="radio"
                name="delivery-time"
                value={option.value}
                disabled={option.disabled}
                checked={option.value === chosen}
                onChange={() => {
                  setTimeValue(option.value);
                  setError(null);
                }}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="delivery-time__apply">
        {error && error !== NO_DELIVERY_TIME_TODAY_MESSAGE ? (
          <p className="delivery-time__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button block onClick={apply}>
          Применить
        </Button>
      </div>
    </>
  );
}

function TimeSkeleton() {
  return (
    <div className="delivery-time__skeleton">
      <span className="visually-hidden" role="status">
        Загружаем время доставки…
      </span>
      <Skeleton shape="text" width="80%" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
      <Skeleton height="6rem" />
    </div>
  );
}
