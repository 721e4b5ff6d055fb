import { ordersCreated } from '../../metrics/metrics';
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  businessDay,
  couponProblemMessage,
  formatMoney,
  isEmailValid,
  isoDateText,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_STATUS,
  ORDER_TYPE_NOT_OFFERED_MESSAGES,
  type OrderType,
  phoneDigits,
  TABLE_NUMBER_MESSAGE,
} from '@chain/domain';
import type { OrderCreateBody } from '@chain/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, OrdersTable } from '../../db/types';
import type { Insertable } from 'kysely';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { consumeRateLimits } from '../../http/rate-limit';
import { checkLockCodeTry } from '../../http/lock-code';
import type { UserRow } from '../auth';
import { liveBookingTerms } from '../booking';
import { type KioskDevice, requireKioskDevice } from '../kiosk';
import { cancelResumedDelayedOrder, findUserOrderState, followTokenOf } from '../order-history';
import { orderCatalogue, type OrderCatalogue } from './catalogue';
import { quoteOrder } from './checkout';
import { assertChainDelivers, deliveryZone, knownTable, requireRestaurant, type RestaurantContext } from './context';
import { applicableCoupon, type CouponRow } from './coupons';
import { orderRateLimits } from './limits';
import { lockCodeTry, priceCart, type PricedItem } from './pricing';
import { quotedDeliverySum } from './quotes';
import {
  claimCouponTotal,
  claimCouponUse,
  findOrderByKey,
  findRecentOrderByRequest,
  insertOrder,
  lockOrderRequest,
  type OrderRow,
  takeNextNumber,
} from './repository';
import { assertNotClosedForNow, bookingOrderTiming, orderTiming } from './timing';

/** order/create resuming a delayed order that another order already resumed, or that was paid or cancelled (SPEC 4). */
export const DELAYED_ORDER_CLOSED_MESSAGE = 'Этот отложенный заказ уже продолжен или оплачен. Проверьте «Мои заказы».';

/** A request without an idempotency key repeated within this window is taken as a retry. */
const RETRY_WINDOW_MINUTES = 10;

const TYPE_PREFIX = { inrest: 'З', self: 'С', delivery: 'Д' } as const;

export interface CreatedOrder {
  success: true;
  message: string;
  delayed: 0 | 1;
  id: number;
  number: string;
  sum: number;
  items_sum: number;
  cutlery_sum: number;
  recommended_sum: number;
  discount_percent: number;
  discount_sum: number;
  delivery_sum: number;
  /** The coupon asked with: true applied, false below its minimum and not applied, null none. */
  coupon_applied: boolean | null;
  /** A kiosk order's follow link token (decision 023); null for others. */
  follow_token: string | null;
}

/**
 * The request as it matters for "the same request twice": whose it is (the guest, else the kiosk)
 * and everything but the key, push token and kiosk token, keys sorted. A key of one kiosk's order
 * sent by another kiosk is another request: an idempotency conflict, never that order.
 */
function requestHash(body: OrderCreateBody, userId: number | null, kiosk: KioskDevice | null): string {
  const { idempotency_key: _key, pushToken: _push, cart_raw: _raw, kiosk_token: _kiosk, ...rest } = body;
  const whose = userId ?? (kiosk ? `kiosk:${kiosk.id}` : 'kiosk');
  return createHash('sha256')
    .update(`${whose}|${canonical(rest)}`)
    .digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const isOn = (value: unknown) => value === true || value === 1 || value === '1';

/**
 * order/create (SPEC 4, 5, 7). The order is checked and priced from the catalogue snapshot of
 * the current version (a dish stopped a moment ago is seen), then written in one short
 * transaction under an advisory lock on the request's idempotency key, so a double tap or a
 * retry after a timeout returns the first order instead of making a second.
 *
 * The number of the day comes from a counter row every order of the restaurant shares; it is
 * taken in its own statement, like a sequence, so that hot row is locked for one statement,
 * not for a whole order (a rare retry race may skip a number, as a sequence would).
 */
export async function createOrder(
  app: FastifyInstance,
  body: OrderCreateBody,
  /** The signed-in guest, proven by the registration (the contract's orderUserCredentials); null for a kiosk. */
  user: UserRow | null,
  client: { ip: string },
  now = new Date(),
): Promise<CreatedOrder> {
  // A kiosk order needs a kiosk (issue 30 point 1, decision 038): the token of a device connected
  // to the restaurant with its staff code, checked before anything else — a retry included, so a
  // stranger holding another kiosk's key learns nothing of its order.
  const kiosk = body.source === 'kiosk' ? await orderKiosk(app, body, now) : null;
  const hash = requestHash(body, user?.id ?? null, kiosk);
  // Without a key, an identical request of the same signed-in guest within the window is a
  // retry. Without a guest there is no one to tell two requests apart: two kiosk guests with the
  // same cart are two orders (issue 11), so a keyless request without a user gets a key of its own.
  const key = body.idempotency_key ?? (user ? null : `auto-${randomUUID()}`);

  const secret = app.config.authSecret;
  const retried = await findEarlier(app.db, secret, key, hash, now);
  if (retried) return retried;
  // Every other attempt counts against its address and guest, refused or not, before any work
  // (issue 11, decision 017): the count is one atomic statement, so concurrent orders cannot pass it together.
  await consumeRateLimits(app.db, orderRateLimits({ ip: client.ip, userId: user?.id ?? null, kiosk }), now);

  const catalogue = await orderCatalogue(app.database);
  let draft: OrderDraft;
  try {
    draft = await draftOrder(app, catalogue, body, user, client, now);
  } catch (error) {
    // A retry of an order that resumed a delayed one, arriving as the first commits, finds that
    // delayed order closed by the first: it answers the order made, as any retry does.
    const made =
      error instanceof AppError && error.code === 'delayed_order_closed'
        ? await findEarlier(app.db, secret, key, hash, now)
        : null;
    if (made) return made;
    throw error;
  }
  const day = isoDateText(businessDay(now, draft.restaurant.row.time_zone));
  const prefix = body.source === 'kiosk' ? 'К' : TYPE_PREFIX[body.order.type];
  const znumber = `${prefix}-${String(await takeNextNumber(app.db, draft.restaurant.row.id, day)).padStart(3, '0')}`;

  let written: { type: string; source: string } | undefined;
  const created = await app.db.transaction().execute(async (trx) => {
    await lockOrderRequest(trx, key ?? hash);
    const earlier = await findEarlier(trx, secret, key, hash, now);
    if (earlier) return earlier;
    // The delayed order this one resumes is cancelled with it, or the order is not made (SPEC 4):
    // of two orders resuming it at once, the second waits on its row and finds it cancelled.
    if (draft.resumes && !(await cancelResumedDelayedOrder(trx, draft.resumes.orderId, draft.resumes.userId))) {
      throw (
        resumeRefusal(await findUserOrderState(trx, draft.resumes.orderId, draft.resumes.userId)) ??
        conflict(DELAYED_ORDER_CLOSED_MESSAGE, 'delayed_order_closed')
      );
    }
    const couponUse =
      draft.couponApplied && draft.coupon ? { couponId: draft.coupon.id, userId: user?.id ?? null } : null;
    // Two orders of one guest with a one-time coupon at once: one of them gets it.
    if (couponUse && draft.coupon?.once_per_user && user && !(await claimCouponUse(trx, draft.coupon.id, user.id))) {
      throw new AppError(409, 'coupon_used', couponProblemMessage('coupon_used'));
    }
    // Orders racing for a coupon's last use (issue 31): its row is held, one of them gets it.
    if (
      couponUse &&
      draft.coupon &&
      draft.coupon.max_uses !== null &&
      !(await claimCouponTotal(trx, draft.coupon.id))
    ) {
      throw new AppError(409, 'coupon_used_up', couponProblemMessage('coupon_used_up'));
    }
    const order = await insertOrder(
      trx,
      {
        ...draft.values,
        kiosk_device_id: kiosk?.id ?? null,
        znumber,
        business_day: day,
        idempotency_key: key ?? `auto-${randomUUID()}`,
        request_hash: hash,
      },
      draft.items.map((item) => ({
        ...item,
        spec: item.spec ? JSON.stringify(item.spec) : null,
        specs: JSON.stringify(item.specs),
      })),
      { actor: body.source, couponUse },
    );
    written = { type: order.type, source: order.source };
    return answer(order, draft.delayed, secret);
  });
  // Counted once committed, a retry answered with the earlier order not again (issue 32).
  if (written) ordersCreated.inc(written);
  return created;
}

/** A kiosk order's kiosk: a device connected to the restaurant the order names (any restaurant of the catalogue; else 403 kiosk_not_connected). */
async function orderKiosk(app: FastifyInstance, body: OrderCreateBody, now: Date): Promise<KioskDevice> {
  const restaurant = (await orderCatalogue(app.database)).restaurant(body.restoran);
  return requireKioskDevice(app.db, body.kiosk_token, restaurant?.row.id ?? null, now);
}

/** The order an earlier identical request made: by its key, or without a key by the same request within the retry window. */
async function findEarlier(
  db: Kysely<Database> | Transaction<Database>,
  secret: string,
  key: string | null,
  hash: string,
  now: Date,
): Promise<CreatedOrder | null> {
  const earlier = key
    ? await findOrderByKey(db, key)
    : await findRecentOrderByRequest(db, hash, new Date(now.getTime() - RETRY_WINDOW_MINUTES * 60_000));
  if (!earlier) return null;
  if (earlier.request_hash !== hash)
    throw conflict('Этот ключ уже использован для другого заказа.', 'idempotency_conflict');
  return answer(earlier, earlier.delayed, secret);
}

/** Everything checked and priced, ready to be written. */
interface OrderDraft {
  restaurant: RestaurantContext;
  coupon: CouponRow | null;
  /** false when the coupon was below its minimum: recorded, not applied, not spent. */
  couponApplied: boolean;
  values: Omit<Insertable<OrdersTable>, 'znumber' | 'business_day' | 'idempotency_key' | 'request_hash'>;
  items: PricedItem[];
  delayed: boolean;
  /** The guest's delayed order this order resumes (delayed_order_id), cancelled in the order's transaction. */
  resumes: { orderId: number; userId: number } | null;
}

/**
 * Why the guest's order cannot be resumed (SPEC 4), or null when it is a delayed order still
 * waiting for them — unpaid and awaiting payment, the one checkDelayed offers: another guest's,
 * unknown or not delayed reads as not found (404), resumed, paid or cancelled as a 409.
 */
function resumeRefusal(order: { delayed: boolean; paid: boolean; status: number } | undefined): AppError | null {
  if (!order?.delayed) return notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  if (order.paid || order.status !== ORDER_STATUS.awaitingPayment)
    return conflict(DELAYED_ORDER_CLOSED_MESSAGE, 'delayed_order_closed');
  return null;
}

/**
 * The delayed order an order resumes, checked before the order is written so a refusal costs no
 * order number; the order's transaction decides again. Only a signed-in guest has one.
 */
async function resumableDelayedOrder(
  db: Kysely<Database>,
  orderId: number,
  user: UserRow | null,
): Promise<{ orderId: number; userId: number }> {
  if (!user) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  const refusal = resumeRefusal(await findUserOrderState(db, orderId, user.id));
  if (refusal) throw refusal;
  return { orderId, userId: user.id };
}

/**
 * Checks the order and prices it with the one checkout quote (issue 12): what is charged is the
 * quote's total, the coupon applies from its minimum (below it the order is charged without it
 * and records it as not applied), and a delivery order named by an order/delivery quote keeps the
 * quote's delivery sum. Every blocker of the quote is a readable 4xx.
 */
async function draftOrder(
  app: FastifyInstance,
  catalogue: OrderCatalogue,
  body: OrderCreateBody,
  user: UserRow | null,
  client: { ip: string },
  now: Date,
): Promise<OrderDraft> {
  const db = app.db;
  const orderType = body.order.type;
  const restaurant = requireRestaurant(catalogue, body.restoran);
  assertTakesOrderType(catalogue, restaurant, orderType);
  assertNotClosedForNow(restaurant, now);

  const delayed = isOn(body.order.props?.delayed);
  if (delayed && catalogue.settings.allow_delayed !== 1)
    throw badRequest('Отложенные заказы сейчас не принимаются.', 'delayed');
  const resumes =
    body.delayed_order_id === undefined ? null : await resumableDelayedOrder(db, body.delayed_order_id, user);

  const booking =
    orderType === 'inrest' && body.order.booking_num
      ? await liveBookingTerms(
          db,
          body.order.booking_num,
          { restaurantId: restaurant.row.id, userId: user?.id ?? null },
          now,
        )
      : null;

  const zone = orderType === 'delivery' ? deliveryZone(restaurant, body.order.props?.address ?? null) : null;
  // An order from a booking is for the booking's time (SPEC 4, 5), not a time of its own.
  const timing = booking
    ? bookingOrderTiming(restaurant, booking, now)
    : orderTiming(restaurant, orderType, body.deliveryDateTimeProps, zone?.domain ?? null, now);
  if (delayed && timing.asReady) throw badRequest('Для отложенного заказа выберите дату и время.', 'delayed');
  // A table order needs one of the restaurant's tables — except a signed-in guest's pre-order
  // for a chosen time (SPEC 2 Предзаказ, «Предзаказ в заведении»): the guest is not there yet,
  // and names the order at the restaurant. A kiosk order always has its table.
  const preorderWithoutTable =
    orderType === 'inrest' &&
    !timing.asReady &&
    user !== null &&
    body.source !== 'kiosk' &&
    isBlankTable(body.order.table);
  const tableNum =
    orderType === 'inrest' && !preorderWithoutTable ? checkTable(catalogue, restaurant, body.order.table) : null;

  const lockCode = body.lock_code?.trim() || null;
  // The menu and order/create count lock-code tries in one counter (issue 11 point 7).
  const tried = lockCodeTry(catalogue, restaurant, body.cart, lockCode);
  if (tried !== null) await checkLockCodeTry(db, { ip: client.ip, userId: user?.id ?? null }, tried, now);
  const priced = priceCart(catalogue, restaurant, {
    cart: body.cart,
    cutlery: body.pribors ?? [],
    recommended: body.recommendedItems ?? [],
    orderType,
    lockCode,
  });

  const couponCode = body.coupon?.trim() ?? '';
  const coupon: CouponRow | null = couponCode
    ? await applicableCoupon(db, couponCode, {
        orderType,
        restaurantId: restaurant.row.id,
        timeZone: restaurant.row.time_zone,
        userId: user?.id ?? null,
        now,
      })
    : null;
  const priceNow = quoteOrder(priced, { restaurant, orderType, zone, booking, coupon });
  const quotedDelivery =
    zone && body.delivery_uuid
      ? await quotedDeliverySum(app, body.delivery_uuid, {
          restaurant,
          zone,
          priced,
          subtotal: priceNow.totals.subtotal,
          when: body.deliveryDateTimeProps,
          now,
        }).catch((error: unknown) => {
          // A quote gone stale because a price changed under the cart (issue 31): the guest reads
          // the new total, as any total changed under the cart reads, not that delivery moved.
          const staleByPrice =
            error instanceof AppError &&
            error.code === 'delivery_quote_stale' &&
            body.expected_sum !== undefined &&
            body.expected_sum !== priceNow.totals.toPay;
          throw staleByPrice ? new AppError(409, 'sum_changed', sumChangedMessage(priceNow.totals.toPay)) : error;
        })
      : null;
  const quote =
    quotedDelivery === null
      ? priceNow
      : quoteOrder(priced, { restaurant, orderType, zone, booking, coupon, quotedDelivery });
  const blocker = quote.blockers[0];
  if (blocker?.reason === 'below-minimum') throw badRequest(blocker.message ?? '', 'minimum');
  // priceCart already refused unavailable lines by name; a cart worth nothing cannot be paid.
  if (blocker) throw badRequest('Корзина пуста — выберите блюда в меню', 'empty');
  if (body.expected_sum !== undefined && body.expected_sum !== quote.totals.toPay) {
    throw new AppError(409, 'sum_changed', sumChangedMessage(quote.totals.toPay));
  }

  const email = body.email?.trim().toLowerCase() ?? user?.email ?? '';
  const emailsend = isOn(body.emailsend);
  if (emailsend && !isEmailValid(email)) throw badRequest('Введите верный email.', 'email');
  const phone = body.phone ? phoneDigits(body.phone) : (user?.phone ?? null);
  if (body.phone && !phone) throw badRequest('Проверьте правильность ввода телефона.', 'phone');

  const address = body.order.props?.address ?? null;
  const { totals } = quote;
  return {
    restaurant,
    coupon,
    couponApplied: quote.coupon.status === 'applied',
    items: priced.items,
    delayed,
    resumes,
    values: {
      restaurant_id: restaurant.row.id,
      user_id: user?.id ?? null,
      source: body.source,
      type: orderType,
      status: ORDER_STATUS.awaitingPayment,
      delayed,
      items_sum: totals.items,
      cutlery_sum: totals.cutlery,
      recommended_sum: totals.recommended,
      discount_percent: quote.discountPercent,
      discount_sum: totals.discount,
      delivery_sum: totals.delivery,
      sum: totals.toPay,
      coupon_id: coupon?.id ?? null,
      coupon_applied: quote.coupon.status !== 'below-minimum',
      table_num: tableNum,
      booking_num: booking ? (body.order.booking_num ?? null) : null,
      zone_id: zone?.row.id ?? null,
      comment: body.order.comment?.trim() ?? '',
      props: JSON.stringify({
        deliveryTime: timing.deliveryTime,
        deliveryDate: timing.deliveryDate,
        as_ready: timing.asReady ? 1 : 0,
        ...(address ? { address } : {}),
        ...(body.cart_raw === undefined ? {} : { cart_raw: body.cart_raw }),
      }),
      as_ready: timing.asReady,
      ready_at: timing.readyAt,
      name: user?.name ?? '',
      phone: phone ?? '',
      email,
      emailsend,
      push_token: body.pushToken ?? null,
      // Kiosks take SBP only (SPEC 6).
      pay_method: body.source === 'kiosk' ? 'sbp' : (body.paysystem ?? 'sbp'),
    },
  };
}

/** order/create when the total the guest was shown is no longer the total (issue 12). */
export function sumChangedMessage(toPay: number): string {
  return `Сумма заказа изменилась: теперь ${formatMoney(toPay)}. Проверьте корзину и оплатите снова.`;
}

function answer(order: OrderRow, delayed: boolean, secret: string): CreatedOrder {
  const couponNotApplied = order.coupon_id !== null && !order.coupon_applied;
  return {
    success: true,
    message: delayed
      ? `Отложенный заказ ${order.znumber} сохранён.`
      : `Заказ ${order.znumber} принят. Осталось оплатить.`,
    delayed: delayed ? 1 : 0,
    id: order.id,
    number: order.znumber,
    sum: order.sum,
    items_sum: order.items_sum,
    cutlery_sum: order.cutlery_sum,
    recommended_sum: order.recommended_sum,
    discount_percent: Number(order.discount_percent),
    discount_sum: order.discount_sum,
    delivery_sum: order.delivery_sum,
    coupon_applied: order.coupon_id === null ? null : !couponNotApplied,
    follow_token: followTokenOf(secret, order),
  };
}

function assertTakesOrderType(catalogue: OrderCatalogue, restaurant: RestaurantContext, orderType: OrderType): void {
  if (orderType === 'delivery') assertChainDelivers(catalogue);
  const takes = {
    inrest: restaurant.row.delivery_rest,
    self: restaurant.row.delivery_self,
    delivery: restaurant.row.delivery_courier,
  }[orderType];
  if (!takes) throw new AppError(409, 'order_type', ORDER_TYPE_NOT_OFFERED_MESSAGES[orderType]);
}

function isBlankTable(table: string | number | null | undefined): boolean {
  return table === null || table === undefined || String(table).trim() === '';
}

function checkTable(
  catalogue: OrderCatalogue,
  restaurant: RestaurantContext,
  table: string | number | null | undefined,
): string {
  const num = knownTable(catalogue, restaurant, table);
  if (num === null) throw badRequest(TABLE_NUMBER_MESSAGE, 'table');
  return num;
}
