import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { Armchair, Clock, ShoppingBasket, Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import type { MenuDish, RestaurantWire } from '@chain/contract';
import {
  AS_READY_TEXT,
  chargedCount,
  COUPON_DEBOUNCE_MS,
  dateChoices,
  formatClock,
  formatMoney,
  indexDishes,
  isOpenAt,
  lineTotal,
  openPickupSlots,
  percentLabel,
  wallClockAt,
} from '@chain/domain';
import { ApiError } from '../../api/client';
import { menuSource, useMenu } from '../../api/menu';
import {
  type CartExtrasInput,
  checkCoupon,
  createOrder,
  type CutleryItem,
  loadCutlery,
  loadRecommended,
  type RecommendedItem,
} from '../../api/order';
import { useRestaurantList } from '../../api/restaurants';
import { useSettings } from '../../api/settings';
import { chooseTableByCode } from '../../api/tables';
import type { CartLine, OrderType, PaySystem } from '../../state/app-store';
import { MAX_EXTRA_COUNT } from '@chain/contract';
import { appStore, showDialog, useAppState } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button, IconButton, LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Input } from '../../ui/input';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { Stepper } from '../../ui/stepper';
import { TableCodeSheet } from '../../ui/table-code-sheet';
import { useNow } from '../../ui/use-now';
import { cartFigures, type CouponState, EMPTY_CART_TEXT } from './cart-model';
import { cartTitle, isPreorder } from './cart-title';
import { PayMethodChoice } from '../../ui/pay-method-choice';
import './cart-page.css';

/** SPEC 2 Cart: lines, cutlery, pickup time, e-mail, coupon, pay method, totals and the pay button. */
export default function CartPage() {
  const orderType = useAppState((state) => state.orderType);
  const lines = useAppState((state) => state.cart);
  const restaurantId = useAppState((state) => state.cartRestaurantId ?? state.restaurant?.id ?? null);
  const list = useRestaurantList();
  const restaurant =
    list.status === 'ready' && restaurantId !== null
      ? (list.restaurants.find((entry) => String(entry.id) === restaurantId) ?? null)
      : null;
  const menu = useCartMenu(restaurant);
  const preorder = useAppState((state) => isPreorder(state.checkout));

  if (lines.length === 0 || restaurantId === null) {
    return (
      <Screen title={cartTitle(orderType, preorder)} back>
        <EmptyState
          icon={<ShoppingBasket />}
          title="Корзина пуста"
          text={EMPTY_CART_TEXT}
          action={
            <LinkButton href="/" variant="secondary" block>
              На главную
            </LinkButton>
          }
        />
      </Screen>
    );
  }
  if (!restaurant || !menu) {
    return (
      <Screen title={cartTitle(orderType, preorder)} back busy>
        <span className="visually-hidden" role="status">
          Загружаем корзину…
        </span>
        <div className="cart" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height="4.5rem" className="cart__skeleton" />
          ))}
        </div>
      </Screen>
    );
  }
  return <CartView restaurant={restaurant} dishes={menu} lines={lines} />;
}

/** The dishes of the cart's restaurant: the menu of this visit, asked again after a reload. */
function useCartMenu(restaurant: RestaurantWire | null): readonly MenuDish[] | null {
  const snapshot = useMenu();
  const orderType = useAppState((state) => state.orderType ?? 'self');
  const lockCode = useAppState((state) => state.lockCode);
  const userId = useAppState((state) => (state.user.authorized && state.user.id ? state.user.id : null));
  const current = snapshot.query !== null && restaurant !== null && snapshot.query.restaurantId === String(restaurant.id);
  useEffect(() => {
    if (!restaurant || current) return;
    menuSource.ensureLoaded({ restaurantId: String(restaurant.id), fsUid: restaurant.fs_uid, orderType, isShop: 0, lockCode, userId });
  }, [restaurant, current, orderType, lockCode, userId]);
  return current && snapshot.status === 'ready' ? snapshot.menu.dishes : null;
}

function CartView({ restaurant, dishes, lines }: { restaurant: RestaurantWire; dishes: readonly MenuDish[]; lines: CartLine[] }) {
  const [, navigate] = useLocation();
  const orderType = useAppState((state) => state.orderType ?? 'self');
  const kiosk = useAppState((state) => state.kiosk);
  const user = useAppState((state) => state.user);
  const checkout = useAppState((state) => state.checkout);
  const dishIndex = useMemo(() => indexDishes(dishes), [dishes]);
  const restaurantId = String(restaurant.id);

  // SPEC 2 Cart: cutlery and recommended items, their counts kept with the checkout (a reload keeps them).
  // Until both lists have come (or failed) the totals are not final: the pay button waits.
  const cutlery = useCartExtras(loadCutlery, orderType, restaurantId, lines, user, 'once');
  const recommended = useCartExtras(loadRecommended, orderType, restaurantId, lines, user, 'per-dishes');
  const extrasSettled = cutlery !== null && recommended !== null;
  const chosenCutlery = (cutlery ?? []).map((item) => ({ ...item, cnt: checkout.pribors[item.id] ?? item.cnt }));
  const chosenRecommended = (recommended ?? []).map((item) => ({ ...item, cnt: checkout.recommended[item.id] ?? item.cnt }));

  const coupon = useCoupon(checkout.coupon, orderType, restaurant.fs_uid, user);
  // SPEC 5: an order for «as soon as ready» needs the restaurant open now; else textNoTime shows
  // (a later pickup slot is checked against the schedule where it is chosen).
  const now = useNow(60_000);
  const settings = useSettings();
  const purchaseAllowed = checkout.deliveryDateTime !== null || isOpenAt(restaurant.shedule, now, restaurant.time_zone);
  const figures = cartFigures({
    lines,
    dishes: dishIndex,
    cutlery: chosenCutlery,
    recommended: chosenRecommended,
    coupon,
    orderType,
    restaurant: { minOrderSum: restaurant.minOrderSum, minOrderSumShop: restaurant.minOrderSumShop },
    purchaseAllowed,
    textNoTime: settings.status === 'ready' ? settings.settings.textNoTime : '',
  });
  const paySystem: PaySystem = kiosk ? 'sbp' : checkout.paySystem;
  const email = checkout.email || user.email;

  // SPEC 4: a process flag blocks a double submit (a ref: two taps within one render count once).
  const placing = useRef(false);
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (placing.current || !extrasSettled) return;
    placing.current = true;
    setBusy(true);
    const state = appStore.getState();
    try {
      const order = await createOrder({
        user: state.user,
        restaurantId,
        orderType,
        lines,
        cutlery: chosenCutlery,
        recommended: chosenRecommended,
        comment: state.checkout.comment,
        table: orderType === 'inrest' ? state.checkout.table || null : null,
        pickup: state.checkout.deliveryDateTime,
        email: kiosk ? '' : email,
        coupon: kiosk ? '' : state.checkout.coupon,
        paySystem,
        lockCode: state.lockCode,
        idempotencyKey: state.checkoutKey(),
      });
      if (order.delayed === 1) {
        await showDialog({ title: 'Внимание', message: order.message || 'Заказ сохранён.' });
        state.orderPlaced({ id: String(order.id), number: order.number, sum: order.sum, paySystem });
        navigate('/', { replace: true });
        return;
      }
      state.orderPlaced({ id: String(order.id), number: order.number, sum: order.sum, paySystem });
      navigate('/payment', { state: { orderId: order.id, orderNum: order.number, orderSum: order.sum, paysystem: paySystem } });
    } catch (error) {
      // SPEC 8: the server's message in a 'Внимание' dialog; a network failure only re-enables the button.
      if (error instanceof ApiError && error.kind === 'server') {
        if (error.code === 'idempotency_conflict') state.updateCheckout({ idempotencyKey: null });
        await showDialog({ title: 'Внимание', message: error.message });
      }
    } finally {
      placing.current = false;
      setBusy(false);
    }
  };

  const { totals } = figures;
  // SPEC 4 inrest: the order goes to a table; without one (scan later) the guest gives its code first.
  const needsTable = orderType === 'inrest' && checkout.table.trim() === '';
  return (
    <Screen
      title={cartTitle(orderType, isPreorder(checkout))}
      back
      actions={
        needsTable && figures.button.show ? (
          <p className="cart__blocked" role="status">
            Укажите номер стола, чтобы оплатить заказ
          </p>
        ) : figures.button.show ? (
          <Button block busy={busy || !extrasSettled} onClick={() => void pay()}>
            {`Оплатить ${formatMoney(totals.toPay)}`}
          </Button>
        ) : figures.button.message ? (
          <p className="cart__blocked" role="status">
            {figures.button.message}
          </p>
        ) : undefined
      }
    >
      <div className="cart">
        <ul className="cart__lines" aria-label="Блюда заказа">
          {lines.map((line) => (
            <li key={line.token}>
              <LineRow line={line} dish={dishes.find((dish) => String(dish.id) === String(line.item))} />
            </li>
          ))}
        </ul>

        <RecommendedBlock
          id="cart-add"
          title="Добавить к заказу"
          items={chosenRecommended.filter((item) => item.separated === 0)}
        />
        <RecommendedBlock id="cart-recommended" title="Рекомендуем" items={chosenRecommended.filter((item) => item.separated === 1)} />

        {chosenCutlery.length > 0 ? (
          <section className="cart__block" aria-labelledby="cart-cutlery">
            <h2 id="cart-cutlery" className="cart__block-title">
              Приборы
            </h2>
            {chosenCutlery.map((item) => (
              <CutleryRow key={item.id} item={item} onChange={(cnt) => appStore.getState().setExtraCount('pribors', item.id, cnt)} />
            ))}
          </section>
        ) : null}

        {orderType === 'self' ? <PickupTime restaurant={restaurant} /> : null}
        {orderType === 'inrest' && !kiosk ? <TableChoice table={checkout.table} /> : null}

        {kiosk ? null : (
          <section className="cart__block" aria-label="Чек и купон">
            <Input
              label="E-mail для чека"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => appStore.getState().updateCheckout({ email: event.target.value })}
            />
            <Input
              label="Купон"
              autoComplete="off"
              autoCapitalize="characters"
              value={checkout.coupon}
              onChange={(event) => appStore.getState().updateCheckout({ coupon: event.target.value })}
              hint={
                coupon.status === 'checking'
                  ? 'Проверяем купон…'
                  : figures.coupon.status === 'below-minimum'
                    ? figures.coupon.message
                    : coupon.status === 'applied'
                      ? coupon.message || percentLabel(coupon.percent)
                      : undefined
              }
              error={coupon.status === 'refused' ? coupon.message : null}
            />
          </section>
        )}

        <fieldset className="cart__block cart__pay">
          <legend className="cart__block-title">Способ оплаты</legend>
          <PayMethodChoice name="cart-pay" kiosk={kiosk} value={paySystem} onChange={(method) => appStore.getState().updateCheckout({ paySystem: method })} />
        </fieldset>

        <dl className="cart__totals" aria-label="Итого">
          <div>
            <dt>Блюда</dt>
            <dd>{formatMoney(totals.items)}</dd>
          </div>
          {totals.recommended > 0 ? (
            <div>
              <dt>Дополнительно</dt>
              <dd>{formatMoney(totals.recommended)}</dd>
            </div>
          ) : null}
          {totals.cutlery > 0 ? (
            <div>
              <dt>Приборы</dt>
              <dd>{formatMoney(totals.cutlery)}</dd>
            </div>
          ) : null}
          {figures.discountPercent !== 0 ? (
            <div>
              <dt>{percentLabel(figures.discountPercent)}</dt>
              <dd>{`${figures.discountPercent > 0 ? '−' : '+'}${formatMoney(Math.abs(totals.discount))}`}</dd>
            </div>
          ) : null}
          <div className="cart__total">
            <dt>К оплате</dt>
            <dd data-testid="cart-to-pay">{formatMoney(totals.toPay)}</dd>
          </div>
        </dl>
      </div>
    </Screen>
  );
}

function LineRow({ line, dish }: { line: CartLine; dish: MenuDish | undefined }) {
  const name = dish?.name ?? 'Блюдо недоступно';
  const options = dish
    ? [
        ...(line.spec != null ? [dish.spec.find((option) => String(option.specid) === String(line.spec))?.specname] : []),
        ...line.specs.map((chosen) => {
          const option = dish.spec.find((entry) => String(entry.specid) === String(chosen.specid));
          return option ? `${option.specname}${chosen.cnt > 1 ? ` ×${chosen.cnt}` : ''}` : undefined;
        }),
      ].filter(Boolean)
    : [];
  const available = dish !== undefined && dish.allowed;
  return (
    <article className={available ? 'cart-line' : 'cart-line cart-line--unavailable'} aria-label={name}>
      <div className="cart-line__text">
        <h3 className="cart-line__name">{name}</h3>
        {options.length > 0 ? <p className="cart-line__options">{options.join(', ')}</p> : null}
        {!available ? <p className="cart-line__warning">Сейчас недоступно — удалите из заказа</p> : null}
        <p className="cart-line__price">{formatMoney(lineTotal(line, dish))}</p>
      </div>
      <div className="cart-line__controls">
        <IconButton
          label={`Удалить: ${name}`}
          icon={<Trash2 />}
          onClick={() => appStore.getState().changeLineCount(line.token, -line.cnt)}
        />
        <Stepper
          value={line.cnt}
          label={name}
          onChange={(next) => appStore.getState().changeLineCount(line.token, next - line.cnt)}
        />
      </div>
    </article>
  );
}

/**
 * Recommended items of one kind (sauces apart from drinks and desserts) as a row of small cards
 * that scrolls sideways, so suggestions never push the totals far down; nothing when none is offered.
 */
function RecommendedBlock({ id, title, items }: { id: string; title: string; items: RecommendedItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="cart__block" aria-labelledby={id}>
      <h2 id={id} className="cart__block-title">
        {title}
      </h2>
      <ul className="cart__suggestions">
        {items.map((item) => (
          <li key={item.id} className="cart__suggestion">
            <img className="cart__suggestion-photo" src={item.img} alt="" width={64} height={64} loading="lazy" decoding="async" />
            <span className="cart__suggestion-name">{item.name}</span>
            <span className="cart__hint">{extraPricing(item).join(', ')}</span>
            <Stepper
              value={item.cnt}
              min={0}
              max={MAX_EXTRA_COUNT}
              label={item.name}
              onChange={(cnt) => appStore.getState().setExtraCount('recommended', item.id, cnt)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** '40 г', 'бесплатно 1 шт.', 'далее 50,00 ₽': what is free and what each one more costs (SPEC 5). */
function extraPricing(item: Pick<CutleryItem, 'price' | 'free_cnt'> & { weight?: string }): string[] {
  return [
    item.weight ?? '',
    item.free_cnt > 0 ? `бесплатно ${item.free_cnt} шт.` : '',
    item.price > 0 ? `${item.free_cnt > 0 ? 'далее ' : ''}${formatMoney(item.price)}` : '',
  ].filter(Boolean);
}

/** A cutlery item: what is free, what each one more costs, and its count within 0..max (SPEC 5). */
function CutleryRow({ item, onChange }: { item: CutleryItem; onChange: (cnt: number) => void }) {
  const charged = chargedCount(item);
  return (
    <div className="cart__option cart__option--row">
      <span className="cart__option-text">
        <span>{item.name}</span>
        <span className="cart__hint">
          {extraPricing(item).join(', ')}
          {charged > 0 ? ` · ${formatMoney(charged * item.price)}` : ''}
        </span>
      </span>
      <Stepper value={item.cnt} min={0} max={item.max} label={item.name} onChange={onChange} />
    </div>
  );
}

/**
 * A cart extra list asked of the server: the cutlery once per restaurant and order type; the
 * recommendations again whenever the cart's dishes change (dishes in the cart are not suggested).
 * null until the first answer; the previous list stays on screen while the next one loads.
 * Nothing offered is not an error the guest can act on, so a failure counts as an empty list
 * (or leaves the list as it was).
 */
function useCartExtras<Item>(
  load: (input: CartExtrasInput, options: { signal: AbortSignal }) => Promise<Item[]>,
  orderType: OrderType,
  restaurantId: string,
  lines: readonly CartLine[],
  user: CartExtrasInput['user'],
  refresh: 'once' | 'per-dishes',
): Item[] | null {
  const [items, setItems] = useState<Item[] | null>(null);
  const dishes = refresh === 'per-dishes' ? [...new Set(lines.map((line) => line.item))].sort().join(',') : '';
  const ask = useEffectEvent((signal: AbortSignal) => {
    load({ orderType, restaurantId, lines, user }, { signal }).then(setItems, () => {
      if (!signal.aborted) setItems((previous) => previous ?? []);
    });
  });
  useEffect(() => {
    const controller = new AbortController();
    ask(controller.signal);
    return () => controller.abort();
  }, [orderType, restaurantId, dishes, user.id]);
  return items;
}

/** SPEC 9: the coupon is checked 1000 ms after the guest stops typing. */
function useCoupon(code: string, orderType: 'inrest' | 'self' | 'delivery', fsUid: string, user: { id: string; password: string }): CouponState {
  const [result, setResult] = useState<{ code: string; state: CouponState } | null>(null);
  const trimmed = code.trim();
  const setState = (state: CouponState) => setResult({ code: trimmed, state });
  useEffect(() => {
    if (trimmed === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkCoupon({ coupon: trimmed, orderType, fsUid, user }, { signal: controller.signal }).then(
        (answer) => setState({ status: 'applied', percent: answer.discountPercent, minSum: answer.minSum, message: answer.message }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: 'refused', message: error instanceof Error ? error.message : 'Купон не применён' });
        },
      );
    }, COUPON_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the session does not change while the cart is open
  }, [trimmed, orderType, fsUid]);
  if (trimmed === '') return { status: 'none' };
  return result?.code === trimmed ? result.state : { status: 'checking' };
}

/** The table the in-restaurant order goes to, given (or changed) by its code. */
function TableChoice({ table }: { table: string }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const cartRestaurant = useAppState((state) => state.cartRestaurantId);
  return (
    <section className="cart__block" aria-labelledby="cart-table">
      <h2 id="cart-table" className="cart__block-title">
        Стол
      </h2>
      <Button variant="secondary" block icon={<Armchair />} onClick={() => setOpen(true)}>
        {table ? `Стол №${table} — сменить` : 'Указать номер стола'}
      </Button>
      <TableCodeSheet
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={async (code) => {
          const chosen = await chooseTableByCode(code);
          if (!chosen) return;
          setOpen(false);
          // A table of another restaurant empties the cart (SPEC 4): its menu opens.
          if (chosen.restaurantId !== cartRestaurant) navigate(`/menu/${encodeURIComponent(chosen.restaurantId)}/inrest`);
        }}
      />
    </section>
  );
}

function PickupTime({ restaurant }: { restaurant: RestaurantWire }) {
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

  const label = chosen
    ? `${chosen.deliveryDate === today ? 'Сегодня' : chosen.deliveryDate}, ${chosen.deliveryTime}`
    : AS_READY_TEXT;
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
