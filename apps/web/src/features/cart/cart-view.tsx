import { useMemo } from 'react';
import type { MenuDish, RestaurantWire } from '@chain/contract';
import { cartTotal, formatShortDate, indexDishes, wallClockAt } from '@chain/domain';
import { useQuery } from '../../api/query-cache';
import { settingsQuery } from '../../api/settings';
import type { CartLine } from '../../state/cart-store';
import { KIOSK_PAY_METHOD, type PayMethod } from '@chain/domain';
import { cartStore, useCartState, useGuestState, useKioskState } from '../../state/store';
import { Input } from '../../ui/input';
import { PayMethodChoice } from '../../ui/pay-method-choice';
import { Screen } from '../../ui/screen';
import { useNow } from '../../ui/use-now';
import { CartExtras } from './cart-extras';
import { CartLoading } from './cart-loading';
import { LineRow } from './cart-line';
import {
  cartFigures,
  couponToSend,
  deliveryStanding,
  deliveryZoneAt,
  orderTimeStanding,
  totalIsFinal,
} from './cart-model';
import { cartTitle, isPreorder } from './cart-title';
import { CartTotals } from './cart-totals';
import { CouponField } from './coupon-field';
import { PayButton } from './pay-button';
import { PickupTime } from './pickup-time';
import { InrestTime } from './inrest-time';
import { TableChoice } from './table-choice';
import type { CartExtras as CartExtraLists } from './use-cart-extras';
import { pointOf } from '../../api/courier-zones';
import { useCoupon } from './use-coupon';
import { useDeliveryQuote } from './use-delivery-quote';
import { DeliverySection } from './delivery-section';
import { KioskOrderFacts } from './kiosk-order-facts';
import { PriceChangeNotice, usePriceChanges } from './price-change-notice';

/** SPEC 2 Cart of a known restaurant and menu: its figures (cart-model.ts) and the parts of the screen. */
export function CartView({
  restaurant,
  dishes,
  lines,
  extras,
}: {
  restaurant: RestaurantWire;
  dishes: readonly MenuDish[];
  lines: CartLine[];
  /** The cutlery and recommended items (useCartExtras), asked by the page beside the menu. */
  extras: CartExtraLists;
}) {
  const orderType = useCartState((state) => state.orderType ?? 'self');
  const kiosk = useKioskState((state) => state.kiosk);
  const user = useGuestState((state) => state.user);
  const checkout = useCartState((state) => state.checkout);
  const dishIndex = useMemo(() => indexDishes(dishes), [dishes]);
  const restaurantId = String(restaurant.id);
  const priceChanges = usePriceChanges(lines, dishIndex);

  const coupon = useCoupon(checkout.coupon, orderType, restaurant.fs_uid, user);
  // SPEC 5: an order for «as soon as ready» needs the restaurant open now, a chosen time open then
  // (its holidays counted, issue 31); else textNoTime shows — or, closed for now, its own words.
  const now = useNow(60_000);
  const settings = useQuery(settingsQuery);
  const timeStanding = orderTimeStanding(restaurant, checkout.deliveryDateTime, checkout.booking !== null, now);
  const openNow = timeStanding.open;

  // SPEC 2 Cart «Доставка курьером»: the zone of the address and the order/delivery quote of this cart.
  const delivery = orderType === 'delivery';
  const address = useCartState((state) => state.address);
  const point = delivery ? pointOf(address) : null;
  const zone = delivery ? deliveryZoneAt(restaurant, point) : null;
  const quote = useDeliveryQuote(
    {
      fsUid: restaurant.fs_uid,
      lines,
      cutlery: extras.cutlery,
      recommended: extras.recommended,
      point,
      when: checkout.deliveryDateTime,
      itemsSum: cartTotal(lines, dishIndex),
    },
    delivery && zone !== null && extras.settled,
  );
  const todayDate = wallClockAt(now, restaurant.time_zone).date;
  const standing = delivery
    ? deliveryStanding({ point, zone, when: checkout.deliveryDateTime, today: formatShortDate(todayDate), quote })
    : null;
  const purchaseAllowed =
    timeStanding.reason === null &&
    (standing ? standing.blocked === null && (zone?.hasPeriods === true || openNow) : openNow);
  const figures = cartFigures({
    lines,
    dishes: dishIndex,
    cutlery: extras.cutlery,
    recommended: extras.recommended,
    coupon,
    orderType,
    restaurant: { minOrderSum: restaurant.minOrderSum, minOrderSumShop: restaurant.minOrderSumShop },
    zone,
    quotedDelivery: standing?.quotedDelivery ?? null,
    // SPEC 5: a booking's minimum applies to its inrest order when larger.
    booking: orderType === 'inrest' && checkout.booking ? { min_sum: checkout.booking.minSum } : null,
    purchaseAllowed,
    textNoTime:
      timeStanding.reason ?? standing?.blocked ?? (settings.status === 'ready' ? settings.data.textNoTime : ''),
  });
  const paySystem: PayMethod = kiosk ? KIOSK_PAY_METHOD : checkout.paySystem;
  const email = checkout.email || user.email;

  // SPEC 4 inrest: the order goes to a table; without one (scan later) the guest gives its code
  // first. A pre-order for a chosen time may go without one (the guest is not there yet; the
  // server takes it, decision 028). A kiosk's table comes from Home's keypad.
  const preorderForTime = !kiosk && orderType === 'inrest' && checkout.deliveryDateTime !== null;
  const needsTable = (kiosk || orderType === 'inrest') && checkout.table.trim() === '' && !preorderForTime;
  // The cutlery and recommended items stand above the pickup, payment and totals: shown before
  // their lists come, everything below would jump down when they do (issue 18, CLS 0). Later
  // asks keep the list on screen (use-cart-extras.ts), so this waits once.
  if (!extras.settled) return <CartLoading title={cartTitle(orderType, isPreorder(checkout))} />;
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
          <PayButton
            toPay={figures.totals.toPay}
            order={{
              restaurantId,
              orderType,
              lines,
              cutlery: extras.cutlery,
              recommended: extras.recommended,
              email,
              paySystem,
              kiosk,
              coupon: couponToSend(coupon, checkout.coupon),
              expectedSum: figures.totals.toPay,
              address: point && address ? { ...point, full: address.long || address.full, short: address.short } : null,
              deliveryUuid: quote.status === 'ready' ? quote.uuid : null,
              requote: quote.retry,
            }}
            ready={totalIsFinal(extras.settled, coupon) && (standing === null || standing.final)}
          />
        ) : figures.button.message ? (
          <p className="cart__blocked" role="status">
            {figures.button.message}
          </p>
        ) : undefined
      }
    >
      <div className="cart">
        <PriceChangeNotice changes={priceChanges.changes} dishes={dishes} onDismiss={priceChanges.dismiss} />
        <section aria-labelledby="cart-lines-title">
          {/* The lines' names are h3: under the screen's h1 they need an h2 of their own. */}
          <h2 id="cart-lines-title" className="visually-hidden">
            Ваш заказ
          </h2>
          <ul className="cart__lines" aria-label="Блюда заказа">
            {lines.map((line) => (
              <li key={line.token}>
                <LineRow line={line} dish={dishes.find((dish) => String(dish.id) === String(line.item))} />
              </li>
            ))}
          </ul>
        </section>

        <CartExtras cutlery={extras.cutlery} recommended={extras.recommended} />

        {orderType === 'self' ? <PickupTime restaurant={restaurant} /> : null}
        {delivery ? (
          <DeliverySection
            address={address}
            when={checkout.deliveryDateTime}
            today={todayDate}
            quote={quote}
            onRetry={quote.retry}
          />
        ) : null}
        {orderType === 'inrest' && !kiosk ? (
          <InrestTime when={checkout.deliveryDateTime} booking={checkout.booking} />
        ) : null}
        {orderType === 'inrest' && !kiosk ? <TableChoice table={checkout.table} optional={preorderForTime} /> : null}
        {kiosk ? <KioskOrderFacts table={checkout.table} /> : null}

        {kiosk ? null : (
          <section className="cart__block" aria-label="Чек и купон">
            <Input
              label="E-mail для чека"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => cartStore.getState().updateCheckout({ email: event.target.value })}
            />
            <CouponField code={checkout.coupon} coupon={coupon} quoted={figures.coupon} />
          </section>
        )}

        {kiosk ? null : (
          <fieldset className="cart__block cart__pay">
            <legend className="cart__block-title">Способ оплаты</legend>
            <PayMethodChoice
              name="cart-pay"
              kiosk={kiosk}
              value={paySystem}
              onChange={(method) => cartStore.getState().updateCheckout({ paySystem: method })}
            />
          </fieldset>
        )}

        <CartTotals figures={figures} delivery={delivery} />
      </div>
    </Screen>
  );
}
