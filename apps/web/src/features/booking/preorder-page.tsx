import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { formatMoney, LOAD_FAILED_MESSAGE } from '@chain/domain';
import { useQuery } from '../../api/query-cache';
import { cartStore } from '../../state/store';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { RadioCards } from '../../ui/radio-cards';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { predzakazQuery, type PredzakazArgs } from './preorder-api';
import { RestaurantPicker } from './preorder-restaurants';
import './preorder.css';

/**
 * SPEC 2 Предзаказ (/predzakaz): a table order for later. The restaurant, the date and the time
 * come from predzakazPeriods; «Выбрать блюда» opens that restaurant's menu in inrest mode for
 * that time (orderAtTime), whose cart is «Предзаказ в заведении».
 */
export default function PreorderPage() {
  const [args, setArgs] = useState<PredzakazArgs>({ restaurantId: null, date: null });
  const [time, setTime] = useState<string | null>(null);
  const answer = useQuery(predzakazQuery, args);
  const [, navigate] = useLocation();
  // The last answer stays shown while the next one (another restaurant or date) loads.
  const [shown, setShown] = useState(answer.data);
  if (answer.status === 'ready' && answer.data !== shown) setShown(answer.data);

  const data = answer.status === 'ready' ? answer.data : shown;
  const restaurant = data?.restorans.find((entry) => String(entry.id) === args.restaurantId) ?? null;
  const chosenDate = data?.deliveryDateTimeProps.deliveryDate ?? null;
  const period = data?.periods.find((entry) => entry.periodfrom === time) ?? null;

  const choose = () => {
    if (!restaurant || !chosenDate || !period) return;
    const path = cartStore.getState().orderAtTime({
      restaurantId: String(restaurant.id),
      fsUid: restaurant.fs_uid,
      table: null,
      deliveryDateTime: { deliveryDate: chosenDate, deliveryTime: period.periodfrom, isTimePeriods: false },
      booking: null,
    });
    navigate(path);
  };

  let body;
  if (answer.status === 'error' && !data) {
    body = <LoadError title={LOAD_FAILED_MESSAGE} message={answer.error.message} onRetry={() => predzakazQuery.refetch(args)} />;
  } else if (!data) {
    body = <PickerSkeleton />;
  } else {
    const ready = restaurant !== null && data.restoranid === restaurant.id;
    body = (
      <>
        <p className="preorder__intro">
          <CalendarClock aria-hidden="true" />
          <span>Закажите блюда заранее — ресторан приготовит их к выбранному времени.</span>
        </p>
        <RestaurantPicker
          name="preorder-restaurant"
          restaurants={data.restorans}
          value={args.restaurantId}
          onChange={(restaurantId) => {
            setArgs({ restaurantId, date: null });
            setTime(null);
          }}
        />
        {ready && data.dates.length > 0 ? (
          <fieldset className="preorder__group">
            <legend className="preorder__legend">Дата</legend>
            <div className="preorder__dates">
              <RadioCards
                name="preorder-date"
                wide
                options={data.dates}
                value={chosenDate}
                onChange={(value) => {
                  const entry = data.dates.find((candidate) => candidate.value === value);
                  if (!entry) return;
                  setArgs({ restaurantId: args.restaurantId, date: entry.date });
                  setTime(null);
                }}
              />
            </div>
          </fieldset>
        ) : null}
        {ready && data.allowbooking === 1 ? (
          <fieldset className="preorder__group">
            <legend className="preorder__legend">Время</legend>
            <div className="preorder__times">
              <RadioCards
                name="preorder-time"
                optionClassName="preorder__time"
                options={data.periods.map((entry) => ({ value: entry.periodfrom, label: entry.text }))}
                value={time}
                onChange={setTime}
              />
            </div>
          </fieldset>
        ) : null}
        {data.message && args.restaurantId !== null ? (
          <p className="preorder__notice" role="status">
            {data.message}
          </p>
        ) : null}
        {ready && data.min_sum > 0 ? <p className="preorder__note">Минимальная сумма заказа — {formatMoney(data.min_sum)}</p> : null}
        {answer.status === 'error' ? (
          <LoadError title={LOAD_FAILED_MESSAGE} message={answer.error.message} onRetry={() => predzakazQuery.refetch(args)} />
        ) : null}
      </>
    );
  }

  return (
    <Screen
      title="Предзаказ"
      back="/"
      busy={answer.status === 'loading'}
      actions={
        data ? (
          <Button block disabled={!period || answer.status !== 'ready'} onClick={choose}>
            {period ? `Выбрать блюда к ${period.text}` : 'Выберите ресторан и время'}
          </Button>
        ) : undefined
      }
    >
      {body}
    </Screen>
  );
}

export function PickerSkeleton() {
  return (
    <div className="preorder__skeleton">
      <span className="visually-hidden" role="status">
        Загружаем рестораны…
      </span>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height="3.5rem" />
      ))}
    </div>
  );
}
