import { Clock } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ATTENTION_TITLE, formatMoney, type LaterOrderType } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import type { CartLine } from '../../state/cart-store';
import { cameFromRestaurant } from '../../state/navigation';
import { cartStore, showDialog, useGuestState } from '../../state/store';
import { Button } from '../../ui/button';
import { RadioCards } from '../../ui/radio-cards';
import { type DelayedOrder, delayedRestaurantsQuery, findDelayedOrder } from './api/later-orders';
import { DateChoice, LaterOrderScreen, TimeChoice, useShownAnswer } from './later-order';
import { RestaurantPicker } from './preorder-restaurants';

const TYPE_LABELS: Record<LaterOrderType, string> = { self: 'Заберу сам', inrest: 'В ресторане' };
/**
 * SPEC 2 opens the menu in inrest mode after a delayed order (/menu/{fs_uid}/inrest): at a table
 * comes first and is chosen unless the guest picks pickup, which restaurants taking it also offer
 * (docs/spec-deviations.md).
 */
const TYPE_ORDER: readonly LaterOrderType[] = ['inrest', 'self'];

/**
 * SPEC 2 Отложенный заказ (/delayedzakaz): an order for later, saved now and paid later. The
 * restaurant, the order types it takes, the date and time come from delayedzakazRestorans; the
 * menu opens for that time, and the cart saves the order (order/create props.delayed). A delayed
 * order the guest left at that restaurant (checkDelayed) can be resumed into the cart, with the
 * warning about dishes no longer available (SPEC 4).
 */
export default function DelayedOrderPage() {
  // Opened from a restaurant (its menu's closed notice): that restaurant is chosen to begin with.
  const search = useSearch();
  const [restaurantId, setRestaurantId] = useState<string | null>(() => cameFromRestaurant(search));
  const [type, setType] = useState<LaterOrderType>('inrest');
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const args = useMemo(() => ({ restaurantId }), [restaurantId]);
  const { answer, data } = useShownAnswer(delayedRestaurantsQuery, args);
  const [, navigate] = useLocation();

  const restaurant = data?.restorans.find((entry) => String(entry.id) === restaurantId) ?? null;
  const types = TYPE_ORDER.filter((kind) => restaurant?.order_types.includes(kind));
  const orderType: LaterOrderType | null = types.includes(type) ? type : (types[0] ?? null);
  const ready = restaurant !== null && data?.restoranid === restaurant.id;
  const dates = ready ? (data?.dates ?? []) : [];
  const day = dates.find((entry) => entry.value === date) ?? dates[0] ?? null;
  const chosenTime = day && time && day.times.includes(time) ? time : null;

  const delayed = useDelayedOrder(restaurant?.fs_uid ?? null, types);

  const choose = () => {
    if (!restaurant || !day || !chosenTime || !orderType) return;
    const path = cartStore.getState().orderAtTime({
      restaurantId: String(restaurant.id),
      fsUid: restaurant.fs_uid,
      table: null,
      deliveryDateTime: { deliveryDate: day.value, deliveryTime: chosenTime, isTimePeriods: false },
      booking: null,
      orderType,
      delayed: true,
    });
    navigate(path);
  };

  const resume = async (order: DelayedOrder) => {
    const state = cartStore.getState();
    const lines: CartLine[] = order.cart
      .filter((line) => line.available === 1)
      .map((line) => ({
        token: line.token,
        item: String(line.item),
        cnt: line.cnt,
        comment: line.comment,
        spec: line.spec === null ? null : String(line.spec),
        specs: line.specs.map((option) => ({ specid: String(option.specid), cnt: option.cnt, price: option.price })),
      }));
    // SPEC 4: the dishes no longer available stay out, and the guest is told which.
    if (order.message) await showDialog({ title: ATTENTION_TITLE, message: order.message });
    state.orderAtTime({
      restaurantId: String(order.restoran_id),
      fsUid: order.fs_uid,
      table: null,
      deliveryDateTime: {
        ...order.deliveryDateTimeProps,
        isTimePeriods: order.deliveryDateTimeProps.isTimePeriods === 1,
      },
      booking: null,
      orderType: order.type === 'inrest' ? 'inrest' : 'self',
    });
    const counts = (items: ReadonlyArray<{ id: number; cnt: number }>) =>
      Object.fromEntries(items.map((item) => [String(item.id), item.cnt]));
    // order/create cancels this delayed order with the one it becomes (delayed_order_id), so it is not paid twice.
    state.resumeCart({
      restaurantId: String(order.restoran_id),
      orderId: order.id,
      lines,
      pribors: counts(order.pribors),
      recommended: counts(order.recommendedItems),
    });
    navigate(lines.length > 0 ? '/cart' : `/menu/${order.restoran_id}/${order.type}`);
  };

  return (
    <LaterOrderScreen
      title="Отложенный заказ"
      answer={answer}
      data={data}
      onRetry={() => delayedRestaurantsQuery.refetch(args)}
      chosen={orderType && day ? chosenTime : null}
      onChoose={choose}
    >
      {(data) => (
        <>
          <p className="preorder__intro">
            <Clock aria-hidden="true" />
            <span>Оформите заказ сейчас, а оплатите позже — ресторан приготовит его к выбранному времени.</span>
          </p>
          {data.allowbooking === 0 && data.message && restaurantId === null ? (
            <p className="preorder__notice" role="status">
              {data.message}
            </p>
          ) : null}
          <RestaurantPicker
            name="delayed-restaurant"
            restaurants={data.restorans}
            value={restaurantId}
            onChange={(next) => {
              setRestaurantId(next);
              setDate(null);
              setTime(null);
            }}
          />
          {ready && types.length > 1 ? (
            <fieldset className="preorder__group">
              <legend className="preorder__legend">Как получить заказ</legend>
              <div className="preorder__types">
                <RadioCards
                  name="delayed-type"
                  options={types.map((kind) => ({ value: kind, label: TYPE_LABELS[kind] }))}
                  value={orderType ?? 'inrest'}
                  onChange={setType}
                />
              </div>
            </fieldset>
          ) : null}
          {delayed.order ? (
            <section className="preorder__order" aria-labelledby="delayed-found">
              <h2 id="delayed-found" className="preorder__order-title">
                Ваш отложенный заказ {delayed.order.number}
              </h2>
              <p>
                На {delayed.order.time_text}, {formatMoney(delayed.order.sum)}
              </p>
              <Button variant="secondary" block onClick={() => void resume(delayed.order as DelayedOrder)}>
                Продолжить этот заказ
              </Button>
            </section>
          ) : null}
          {delayed.error ? (
            <p className="preorder__notice" role="alert">
              {delayed.error}
            </p>
          ) : null}
          {ready && dates.length > 0 ? (
            <DateChoice
              name="delayed-date"
              options={dates}
              value={day?.value ?? null}
              onChange={(value) => {
                setDate(value);
                setTime(null);
              }}
            />
          ) : null}
          {ready && day ? (
            <TimeChoice
              name="delayed-time"
              options={day.times.map((entry) => ({ value: entry, label: entry }))}
              value={chosenTime}
              onChange={setTime}
            />
          ) : null}
          {ready && data.message ? (
            <p className="preorder__notice" role="status">
              {data.message}
            </p>
          ) : null}
        </>
      )}
    </LaterOrderScreen>
  );
}

/** checkDelayed for the chosen restaurant and order type: the guest's delayed order there, or null. */
/**
 * The guest's delayed order at this restaurant (checkDelayed), whichever way it is to be got: asked
 * for each order type the restaurant takes for later, the newest found is offered. A pickup order
 * saved earlier shows even though «В ресторане» is chosen first.
 */
function useDelayedOrder(
  fsUid: string | null,
  types: readonly LaterOrderType[],
): { order: DelayedOrder | null; error: string | null } {
  const user = useGuestState((state) => state.user);
  const [found, setFound] = useState<{ key: string; order: DelayedOrder | null; error: string | null } | null>(null);
  const key = fsUid && types.length > 0 && user.authorized ? `${fsUid}|${types.join(',')}|${user.id}` : null;
  useEffect(() => {
    if (!key || !fsUid) return;
    let live = true;
    Promise.all(types.map((orderType) => findDelayedOrder(user, { fsUid, orderType }))).then(
      (orders) => {
        const newest = orders.reduce<DelayedOrder | null>(
          (best, order) => (order && (!best || order.id > best.id) ? order : best),
          null,
        );
        if (live) setFound({ key, order: newest, error: null });
      },
      (error: unknown) =>
        live &&
        setFound({ key, order: null, error: error instanceof ApiError ? error.message : REQUEST_FAILED_MESSAGE }),
    );
    return () => {
      live = false;
    };
    // The user's id and token, and the types, are read at the time of asking; the key names them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return found && found.key === key ? { order: found.order, error: found.error } : { order: null, error: null };
}
