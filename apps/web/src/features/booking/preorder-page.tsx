import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatMoney } from '@chain/domain';
import { cameFromRestaurant } from '../../state/navigation';
import { cartStore } from '../../state/store';
import { DateChoice, LaterOrderScreen, TimeChoice, useShownAnswer } from './later-order';
import { preorderQuery, type PreorderArgs } from './api/later-orders';
import { RestaurantPicker } from './preorder-restaurants';

/**
 * SPEC 2 Предзаказ (/predzakaz): a table order for later. The restaurant, the date and the time
 * come from predzakazPeriods; «Выбрать блюда» opens that restaurant's menu in inrest mode for
 * that time (orderAtTime), whose cart is «Предзаказ в заведении». Opened from a restaurant
 * (laterOrderPath), that restaurant is chosen first.
 */
export default function PreorderPage() {
  // Opened from a restaurant (its menu's closed notice): that restaurant is chosen to begin with.
  const search = useSearch();
  const [args, setArgs] = useState<PreorderArgs>(() => ({ restaurantId: cameFromRestaurant(search), date: null }));
  const [time, setTime] = useState<string | null>(null);
  const { answer, data } = useShownAnswer(preorderQuery, args);
  const [, navigate] = useLocation();

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

  const ready = restaurant !== null && data?.restoranid === restaurant.id;
  return (
    <LaterOrderScreen
      title="Предзаказ"
      answer={answer}
      data={data}
      onRetry={() => preorderQuery.refetch(args)}
      chosen={period?.text ?? null}
      onChoose={choose}
    >
      {(data) => (
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
            <DateChoice
              name="preorder-date"
              options={data.dates}
              value={chosenDate}
              onChange={(value) => {
                const entry = data.dates.find((candidate) => candidate.value === value);
                if (!entry) return;
                setArgs({ restaurantId: args.restaurantId, date: entry.date });
                setTime(null);
              }}
            />
          ) : null}
          {ready && data.allowbooking === 1 ? (
            <TimeChoice
              name="preorder-time"
              options={data.periods.map((entry) => ({ value: entry.periodfrom, label: entry.text }))}
              value={time}
              onChange={setTime}
            />
          ) : null}
          {data.message && args.restaurantId !== null ? (
            <p className="preorder__notice" role="status">
              {data.message}
            </p>
          ) : null}
          {ready && data.min_sum > 0 ? (
            <p className="preorder__note">Минимальная сумма заказа — {formatMoney(data.min_sum)}</p>
          ) : null}
        </>
      )}
    </LaterOrderScreen>
  );
}
