import {
  addToCart,
  changeLineCount,
  type CartLine as DomainCartLine,
  type LaterOrderType,
  type LineChoice,
  type OrderType,
  DEFAULT_PAY_METHOD,
  type PayMethod,
  randomUuid,
} from '@chain/domain';
import { createStore } from 'zustand/vanilla';

/*
 * The cart: the order being built (SPEC 3 cart, address, checkout, orderType, restoran →
 * restaurant) and the rules that keep it one restaurant's (SPEC 4). Kept in storage with the rest
 * of SPEC 3's client state (persistence.ts).
 */

/**
 * SPEC 3 Cart line, the domain's shape (packages/domain cart.ts): token (hash of item id, spec id
 * and specs), item, cnt, comment, spec (the single option's id or null) and specs (multi options
 * with their own counts; the copied price is informative only). Ids are kept as text.
 */
export type CartLine = DomainCartLine;

/**
 * The delivery address the order goes to (SPEC 3 Address, saved form). `id` is the saved
 * address's id, null for a point not saved (a guest not signed in). `full` (region, city, street,
 * house) goes with the order, `short` (street and house) is for lists, `long` is `full` with the
 * entrance, intercom, floor and flat: the courier's line. The details are kept apart for the
 * forms that edit them.
 */
export interface DeliveryAddress {
  id: string | null;
  full: string;
  short: string;
  long: string;
  lat: number | null;
  lon: number | null;
  /** Entrance. */
  podjezd: string;
  /** Intercom. */
  domofon: string;
  /** Floor. */
  etaz: string;
  /** Flat or office. */
  room: string;
  comment: string;
}

/** The restaurant the guest orders from. Kiosk mode knows only its id (SPEC 2 guard). */
export interface RestaurantChoice {
  id: string;
  name: string;
  nameShort: string;
}

/** The order placed by the last checkout, awaiting payment (SPEC 2 Payment, SPEC 4). */
export interface PlacedOrder {
  id: string;
  number: string;
  /** Kopecks, the server's sum. */
  sum: number;
  paySystem: PayMethod;
  /**
   * A kiosk order's follow token (order/create `follow_token`): the Thanks screen's QR opens
   * /follow/{token}; null for other orders. Stored with the order, so a reload during payment
   * still ends with the QR.
   */
  followToken: string | null;
}

/** SPEC 3 Delivery date/time props: the day (dd.mm.yyyy) and time the order is for. */
export interface DeliveryDateTimeProps {
  deliveryDate: string;
  deliveryTime: string;
  isTimePeriods: boolean;
}

/**
 * The booking an inrest order is made from (SPEC 4 Booking → ordering dishes): its number, sent
 * with the menu call and order/create, and its minimum sum in kopecks, which the cart applies
 * when larger than the restaurant's (SPEC 5).
 */
export interface CheckoutBooking {
  num: string;
  minSum: number;
}

/** What orderAtTime takes: an inrest order at a restaurant for a time, or from a booking. */
export interface OrderAtTimeInput {
  restaurantId: string;
  /** The restaurant's fs_uid, as the caller has it from the restaurant list (the menu path takes the id). */
  fsUid: string;
  /** The booked table, or null for none. */
  table: string | null;
  deliveryDateTime: DeliveryDateTimeProps | null;
  booking: CheckoutBooking | null;
  /** Absent: inrest. A delayed order may be a pickup ('self') for later. */
  orderType?: LaterOrderType;
  /** SPEC 4 delayed order (Отложенный заказ): order/create saves it for later (props.delayed 1), unpaid. */
  delayed?: boolean;
}

/** A delayed order taken back into the cart (SPEC 4 checkDelayed): its id, its available lines and extras. */
export interface ResumedCart {
  restaurantId: string;
  /** The delayed order's id: order/create cancels it with the order it becomes (delayed_order_id). */
  orderId: number;
  lines: CartLine[];
  pribors: Record<string, number>;
  recommended: Record<string, number>;
}

/** What the guest has chosen for the order being built. */
export interface Checkout {
  table: string;
  /** SPEC 9: SBP by default. */
  paySystem: PayMethod;
  coupon: string;
  email: string;
  comment: string;
  /** SPEC 3 Delivery date/time props. */
  deliveryDateTime: DeliveryDateTimeProps | null;
  /**
   * The booking this inrest order is made from, or null. Cleared whenever the restaurant or the
   * order type changes and when an order is placed.
   */
  booking: CheckoutBooking | null;
  /** SPEC 4: this checkout is a delayed order, saved by order/create for later and not paid now. */
  delayed: boolean;
  /**
   * SPEC 4: the guest's delayed order this cart resumes (checkDelayed), or null. order/create
   * cancels it with the new order, so it is never paid twice. Cleared with the booking.
   */
  resumedOrderId: number | null;
  /** SPEC 3 Cutlery items: the count chosen for each offered id (absent: the server's default). */
  pribors: Record<string, number>;
  /** SPEC 3 Recommended items: the count chosen for each offered id (absent: the server's count, 0). */
  recommended: Record<string, number>;
  /**
   * SPEC 4 / decision 012: one idempotency key per checkout attempt, kept until the order is
   * placed, so a reload or a retry after a lost answer sends the same key (one order).
   */
  idempotencyKey: string | null;
  /** The order placed last, read by /payment (also after the bank's return, by its id). */
  order: PlacedOrder | null;
}

/** The cart's part of the stored state (SPEC 3). */
export interface CartFields {
  cart: CartLine[];
  /** The restaurant the cart's lines were chosen at (its id), null while the cart is empty. */
  cartRestaurantId: string | null;
  address: DeliveryAddress | null;
  checkout: Checkout;
  orderType: OrderType | null;
  restaurant: RestaurantChoice | null;
}

export const CART_KEYS = [
  'cart',
  'cartRestaurantId',
  'address',
  'checkout',
  'orderType',
  'restaurant',
] as const satisfies ReadonlyArray<keyof CartFields>;

export interface CartActions {
  /**
   * SPEC 2 Home: Delivery / Delivery address map: the guest delivers to this address from this
   * restaurant (the one of the address's zone). Sets the order type to delivery, forgets the
   * chosen delivery time (it belongs to the zone) and empties the cart when the restaurant or
   * the address (its id, or its point when not saved) is another one.
   */
  chooseDeliveryAddress: (address: DeliveryAddress, restaurant: RestaurantChoice) => void;
  /**
   * A saved address's details were edited (Мои адреса): when it is the order's address it takes
   * the new lines and details, keeping the cart and the chosen time; any other address is ignored.
   */
  refreshDeliveryAddress: (address: DeliveryAddress) => void;
  /** SPEC 4: changing the restaurant empties the cart. */
  setRestaurant: (next: { id: string; name?: string; nameShort?: string } | null) => void;
  /**
   * Another order type forgets the chosen time and the booking (they belong to the old one);
   * the same type keeps them.
   */
  setOrderType: (orderType: OrderType | null) => void;
  /**
   * SPEC 2 Предзаказ / Отложенный заказ / a booking's «Заказать блюда»: an inrest order at this
   * restaurant for a time and/or from a booking. Sets the order type inrest, the restaurant
   * (another one empties the cart, SPEC 4), the table ('' for none), the time and the booking;
   * returns the menu path to go to (/menu/{restaurantId}/inrest).
   */
  orderAtTime: (input: OrderAtTimeInput) => string;
  /**
   * SPEC 4 Cart: a delayed order found by checkDelayed resumed — its lines (the available ones)
   * and extras become the cart of its restaurant, replacing what was there.
   */
  resumeCart: (resumed: ResumedCart) => void;
  clearCart: () => void;
  /** Merges checkout choices (pay method, coupon, e-mail, pickup time…). */
  updateCheckout: (patch: Partial<Checkout>) => void;
  /** Sets the count of a cutlery or recommended item of the cart (SPEC 5: never below 0). */
  setExtraCount: (kind: 'pribors' | 'recommended', id: number, cnt: number) => void;
  /** The idempotency key of this checkout attempt, made once and kept until the order is placed. */
  checkoutKey: () => string;
  /** SPEC 4: on success the cart is emptied and the placed order kept for the payment screen. */
  orderPlaced: (order: PlacedOrder) => void;
  /**
   * SPEC 4: adds a dish with its options through the domain's addToCart (an existing token raises
   * its count). Lines of another restaurant are dropped first: a cart belongs to one restaurant.
   */
  addToCart: (restaurantId: string, choice: LineChoice & { readonly cnt?: number }) => void;
  /** SPEC 4: +1 / −1 on a line; zero or below removes it (domain changeLineCount). */
  changeLineCount: (token: string, delta: number) => void;
  /**
   * SPEC 4 Kiosk idle: the next kiosk guest's order starts clean — no cart, the checkout empty
   * (table included), the order type back to 'inrest'. The restaurant stays: it is the kiosk's.
   */
  startNextKioskGuest: () => void;
}

export type CartState = CartFields & CartActions;

export const EMPTY_CHECKOUT: Checkout = {
  table: '',
  paySystem: DEFAULT_PAY_METHOD,
  coupon: '',
  email: '',
  comment: '',
  deliveryDateTime: null,
  booking: null,
  delayed: false,
  resumedOrderId: null,
  pribors: {},
  recommended: {},
  idempotencyKey: null,
  order: null,
};

export const INITIAL_CART: CartFields = {
  cart: [],
  cartRestaurantId: null,
  address: null,
  checkout: EMPTY_CHECKOUT,
  orderType: null,
  restaurant: null,
};

/** A new cart starts with the default cutlery and no recommended items. */
const NO_EXTRAS = { pribors: {}, recommended: {} } satisfies Pick<Checkout, 'pribors' | 'recommended'>;
/** What belongs to one order for later (a booking, a delayed order, the delayed order resumed): forgotten together. */
const NOT_FOR_LATER = { booking: null, delayed: false, resumedOrderId: null } satisfies Pick<
  Checkout,
  'booking' | 'delayed' | 'resumedOrderId'
>;

/** Same place: the same saved address, or for unsaved ones the same point. */
export function sameDeliveryAddress(a: DeliveryAddress | null, b: DeliveryAddress | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.id !== null || b.id !== null) return a.id === b.id;
  return a.lat === b.lat && a.lon === b.lon;
}

export function createCartStore() {
  return createStore<CartState>()((set, get) => ({
    ...INITIAL_CART,
    setRestaurant: (next) =>
      set((state) => {
        const restaurant = next ? { id: next.id, name: next.name ?? '', nameShort: next.nameShort ?? '' } : null;
        const changed = (state.restaurant?.id ?? null) !== (restaurant?.id ?? null);
        return changed
          ? {
              restaurant,
              cart: [],
              cartRestaurantId: null,
              checkout: { ...state.checkout, ...NO_EXTRAS, ...NOT_FOR_LATER },
            }
          : { restaurant };
      }),
    chooseDeliveryAddress: (address, restaurant) =>
      set((state) => {
        const same = state.restaurant?.id === restaurant.id && sameDeliveryAddress(state.address, address);
        const checkout = { ...state.checkout, deliveryDateTime: null, ...NOT_FOR_LATER };
        return {
          orderType: 'delivery',
          restaurant: { id: restaurant.id, name: restaurant.name, nameShort: restaurant.nameShort },
          address,
          ...(same ? { checkout } : { cart: [], cartRestaurantId: null, checkout: { ...checkout, ...NO_EXTRAS } }),
        };
      }),
    refreshDeliveryAddress: (address) => {
      if (sameDeliveryAddress(get().address, address)) set({ address });
    },
    setOrderType: (orderType) =>
      set((state) =>
        state.orderType === orderType
          ? { orderType }
          : { orderType, checkout: { ...state.checkout, deliveryDateTime: null, ...NOT_FOR_LATER } },
      ),
    orderAtTime: ({ restaurantId, table, deliveryDateTime, booking, orderType = 'inrest', delayed = false }) => {
      set((state) => {
        const sameRestaurant = state.restaurant?.id === restaurantId;
        const restaurant = sameRestaurant ? state.restaurant : { id: restaurantId, name: '', nameShort: '' };
        const emptied = sameRestaurant ? {} : { cart: [], cartRestaurantId: null };
        const checkout: Checkout = {
          ...state.checkout,
          ...(sameRestaurant ? {} : NO_EXTRAS),
          table: table ?? '',
          deliveryDateTime: deliveryDateTime ? { ...deliveryDateTime } : null,
          booking:
            booking && orderType === 'inrest'
              ? { num: booking.num, minSum: Math.max(0, Math.trunc(booking.minSum)) }
              : null,
          delayed,
          resumedOrderId: null,
        };
        return { orderType, restaurant, ...emptied, checkout };
      });
      return `/menu/${encodeURIComponent(restaurantId)}/${orderType}`;
    },
    resumeCart: ({ restaurantId, orderId, lines, pribors, recommended }) =>
      set((state) => ({
        cart: lines,
        cartRestaurantId: lines.length > 0 ? restaurantId : null,
        checkout: { ...state.checkout, pribors, recommended, resumedOrderId: orderId, idempotencyKey: null },
      })),
    clearCart: () =>
      set((state) => ({ cart: [], cartRestaurantId: null, checkout: { ...state.checkout, ...NO_EXTRAS } })),
    updateCheckout: (patch) => set((state) => ({ checkout: { ...state.checkout, ...patch } })),
    setExtraCount: (kind, itemId, cnt) =>
      set((state) => ({
        checkout: {
          ...state.checkout,
          [kind]: { ...state.checkout[kind], [String(itemId)]: Math.max(0, Math.trunc(cnt)) },
        },
      })),
    checkoutKey: () => {
      const existing = get().checkout.idempotencyKey;
      if (existing) return existing;
      const key = randomUuid();
      set((state) => ({ checkout: { ...state.checkout, idempotencyKey: key } }));
      return key;
    },
    orderPlaced: (order) =>
      set((state) => ({
        cart: [],
        cartRestaurantId: null,
        checkout: {
          ...state.checkout,
          ...NO_EXTRAS,
          order,
          idempotencyKey: null,
          coupon: '',
          comment: '',
          deliveryDateTime: null,
          ...NOT_FOR_LATER,
        },
      })),
    addToCart: (restaurantId, choice) =>
      set((state) => {
        const sameCart = state.cartRestaurantId === restaurantId;
        const lines = sameCart ? state.cart : [];
        return {
          cart: addToCart(lines, choice),
          cartRestaurantId: restaurantId,
          ...(sameCart ? {} : { checkout: { ...state.checkout, ...NO_EXTRAS } }),
        };
      }),
    changeLineCount: (token, delta) =>
      set((state) => {
        const cart = changeLineCount(state.cart, token, delta);
        return cart.length > 0
          ? { cart }
          : { cart, cartRestaurantId: null, checkout: { ...state.checkout, ...NO_EXTRAS } };
      }),
    startNextKioskGuest: () => set({ cart: [], cartRestaurantId: null, checkout: EMPTY_CHECKOUT, orderType: 'inrest' }),
  }));
}

export type CartStore = ReturnType<typeof createCartStore>;
