import {
  addToCart,
  changeLineCount,
  normalizedFilters,
  type CartLine as DomainCartLine,
  type DishLabel,
  type LaterOrderType,
  type LineChoice,
  type OrderType,
  type PayMethod,
  randomUuid,
} from '@chain/domain';
import { createStore } from 'zustand/vanilla';
import { persist, type StateStorage } from 'zustand/middleware';
import { jsonStorage } from './safe-storage';

/*
 * The client-kept state of SPEC 3. SPEC names → names here (docs/architecture.md: code identifiers
 * are English, transliterated wire words stay in the contract and the route paths):
 *   kiosk, user, cart, address, favorites, checkout, orderType, lockCode  — same names
 *   restoran → restaurant, favorite_restorans → favoriteRestaurants
 * Persisted in localStorage: the ten above, and kioskToken (a kiosk's device token, decision 038). Kept for this visit only: kioskIdleVisible,
 * showDrawer, dialogItems, specModal, dishesLoaded (the drawer shows Любимое only when
 * dishes are loaded, SPEC 2 Side drawer), kioskAccessible (a kiosk's accessibility mode is
 * one guest's choice: a reload or the next guest starts without it) and kioskGuestGeneration
 * (which kiosk guest this is, so an answer meant for a guest who has gone is not shown to the next).
 */


/** SPEC 3 User. `password` is the token the server issued at sign-in. */
export interface User {
  authorized: boolean;
  id: string;
  password: string;
  name: string;
  phone: string;
  email: string;
  card: string;
  city: string;
  street: string;
  house: string;
  room: string;
  /** Flag: the booking tile is shown (SPEC 6). */
  booking: boolean;
  /** Flag: the stop-list tile is shown (SPEC 6). */
  stoplist: boolean;
}

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

export interface PersistedState {
  kiosk: boolean;
  /**
   * The device token kiosk/enter gave this kiosk (decision 038): sent with each order and with the
   * payment calls of its orders. '' for none: a phone, or a kiosk left without one (connected
   * before tokens existed, or ended by staff elsewhere), whose Home then asks staff for the code.
   */
  kioskToken: string;
  user: User;
  cart: CartLine[];
  /** The restaurant the cart's lines were chosen at (its id), null while the cart is empty. */
  cartRestaurantId: string | null;
  address: DeliveryAddress | null;
  favorites: string[];
  favoriteRestaurants: string[];
  checkout: Checkout;
  orderType: OrderType | null;
  restaurant: RestaurantChoice | null;
  lockCode: string;
  /**
   * The menu's label filters the guest chose (issue 31: «Вегетарианское», «Без орехов»…), each
   * once in the one list's order; kept on this device, cleared for a kiosk's next guest.
   */
  menuFilters: DishLabel[];
}

/** A choice offered by a dialog (SPEC 8 dialog helper). */
export interface DialogChoice {
  readonly label: string;
  readonly variant?: 'primary' | 'secondary' | 'ghost';
}

/** An open or queued dialog; the first one is shown. */
export interface DialogRequest {
  readonly id: number;
  readonly title?: string | undefined;
  readonly message?: string | undefined;
  readonly items?: readonly DialogChoice[] | undefined;
  /** The index of the chosen item, or null (acknowledged alert, dismissed choice). */
  readonly resolve: (choiceIndex: number | null) => void;
}

export interface SessionState {
  kioskIdleVisible: boolean;
  /** The kiosk's accessibility mode (issue 14): larger type, content within reach, longer idle times. */
  kioskAccessible: boolean;
  /**
   * Which kiosk guest this is: endKioskGuest counts it up. A request started for one guest (the
   * pay tap) compares it when its answer comes, and drops an answer that is a gone guest's.
   */
  kioskGuestGeneration: number;
  /** An order/create of the pay tap is on its way: the kiosk's idle count waits for its answer. */
  placingOrder: boolean;
  showDrawer: boolean;
  dialogItems: DialogRequest[];
  /** The dish whose options sheet is open. */
  specModal: string | null;
  dishesLoaded: boolean;
}

export interface AppActions {
  /** Merges the fields given into the user (sign-in passes `authorized: true` with the rest). */
  setUser: (patch: Partial<User>) => void;
  /** SPEC 4: logout clears the user fields. */
  logout: () => void;
  /** Kiosk mode on or off; off forgets the kiosk's token too. */
  setKiosk: (kiosk: boolean) => void;
  /** The kiosk's device token (kiosk/enter), or '' when the server no longer takes it. */
  setKioskToken: (kioskToken: string) => void;
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
  /** SPEC 3 lockCode: the code that unlocked locked dishes; '' forgets it. */
  setLockCode: (lockCode: string) => void;
  /** The menu's label filters (issue 31); [] shows every dish. */
  setMenuFilters: (filters: readonly DishLabel[]) => void;
  /** SPEC 3 favorites: marks a dish (its id) as a favourite or not; kept on this device only. */
  setFavorite: (dishId: string, favourite: boolean) => void;
  /** SPEC 3 favorite_restorans: marks a restaurant (its id) as a favourite or not. */
  setFavoriteRestaurant: (restaurantId: string, favourite: boolean) => void;
  setShowDrawer: (open: boolean) => void;
  setKioskIdleVisible: (visible: boolean) => void;
  setPlacingOrder: (placing: boolean) => void;
  setKioskAccessible: (on: boolean) => void;
  /**
   * SPEC 4 Kiosk idle: the guest has gone; the next one starts clean. Empties the cart and the
   * checkout (table included), the lock code, the menu's filters, the order type back to 'inrest', closes every open
   * dialog (each resolves with null), the options sheet, the drawer and the idle overlay, turns
   * accessibility mode off and counts kioskGuestGeneration up. Kiosk mode and the restaurant stay.
   */
  endKioskGuest: () => void;
  setSpecModal: (dishId: string | null) => void;
  setDishesLoaded: (loaded: boolean) => void;
  enqueueDialog: (request: Omit<DialogRequest, 'id'>) => number;
  /** Closes the dialog with this id and reports the choice; a second call does nothing. */
  resolveDialog: (id: number, choiceIndex: number | null) => void;
}

export type AppState = PersistedState & SessionState & AppActions;

// The stored shape's values live with its checks (persisted-shape.ts); the store's users import them from here.
export { EMPTY_CHECKOUT, EMPTY_USER, INITIAL_PERSISTED_STATE, STATE_VERSION, STORAGE_KEY } from './persisted-shape';
import { EMPTY_CHECKOUT, EMPTY_USER, INITIAL_PERSISTED_STATE, migratePersistedState, sanitizePersistedState, STATE_VERSION, STORAGE_KEY } from './persisted-shape';

/** A new cart starts with the default cutlery and no recommended items. */
const NO_EXTRAS = { pribors: {}, recommended: {} } satisfies Pick<Checkout, 'pribors' | 'recommended'>;
/** What belongs to one order for later (a booking, a delayed order, the delayed order resumed): forgotten together. */
const NOT_FOR_LATER = { booking: null, delayed: false, resumedOrderId: null } satisfies Pick<Checkout, 'booking' | 'delayed' | 'resumedOrderId'>;

const PERSISTED_KEYS = Object.keys(INITIAL_PERSISTED_STATE) as Array<keyof PersistedState>;

/**
 * A favourites list with the id in it (added once, at the end) or out of it. The same list comes
 * back when nothing changes, so a repeated tap neither re-renders nor writes storage.
 */
function withFavourite(list: string[], id: string, favourite: boolean): string[] {
  const present = list.includes(id);
  if (present === favourite) return list;
  return favourite ? [...list, id] : list.filter((entry) => entry !== id);
}

/** Same place: the same saved address, or for unsaved ones the same point. */
export function sameDeliveryAddress(a: DeliveryAddress | null, b: DeliveryAddress | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.id !== null || b.id !== null) return a.id === b.id;
  return a.lat === b.lat && a.lon === b.lon;
}

export function pickPersisted(state: PersistedState): PersistedState {
  const picked: Partial<Record<keyof PersistedState, unknown>> = {};
  for (const key of PERSISTED_KEYS) picked[key] = state[key];
  return picked as PersistedState;
}

/**
 * The app's store. It does not read storage until `persist.rehydrate()` is called: the router
 * loads the state once, on the first navigation (SPEC 2 Navigation guard).
 */
export function createAppStore(storage: StateStorage) {
  let lastDialogId = 0;
  return createStore<AppState>()(
    persist<AppState, [], [], PersistedState>(
      (set, get) => ({
        ...INITIAL_PERSISTED_STATE,
        kioskIdleVisible: false,
        kioskAccessible: false,
        kioskGuestGeneration: 0,
        placingOrder: false,
        showDrawer: false,
        dialogItems: [],
        specModal: null,
        dishesLoaded: false,

        setUser: (patch) => set((state) => ({ user: { ...state.user, ...patch } })),
        logout: () => set({ user: EMPTY_USER }),
        setKiosk: (kiosk) => set(kiosk ? { kiosk } : { kiosk, kioskToken: '' }),
        setKioskToken: (kioskToken) => set({ kioskToken }),
        setRestaurant: (next) =>
          set((state) => {
            const restaurant = next
              ? { id: next.id, name: next.name ?? '', nameShort: next.nameShort ?? '' }
              : null;
            const changed = (state.restaurant?.id ?? null) !== (restaurant?.id ?? null);
            return changed
              ? { restaurant, cart: [], cartRestaurantId: null, checkout: { ...state.checkout, ...NO_EXTRAS, ...NOT_FOR_LATER } }
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
              booking: booking && orderType === 'inrest' ? { num: booking.num, minSum: Math.max(0, Math.trunc(booking.minSum)) } : null,
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
        clearCart: () => set((state) => ({ cart: [], cartRestaurantId: null, checkout: { ...state.checkout, ...NO_EXTRAS } })),
        updateCheckout: (patch) => set((state) => ({ checkout: { ...state.checkout, ...patch } })),
        setExtraCount: (kind, itemId, cnt) =>
          set((state) => ({
            checkout: { ...state.checkout, [kind]: { ...state.checkout[kind], [String(itemId)]: Math.max(0, Math.trunc(cnt)) } },
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
            checkout: { ...state.checkout, ...NO_EXTRAS, order, idempotencyKey: null, coupon: '', comment: '', deliveryDateTime: null, ...NOT_FOR_LATER },
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
        setLockCode: (lockCode) => set({ lockCode }),
        setMenuFilters: (filters) => set({ menuFilters: normalizedFilters(filters) }),
        setFavorite: (dishId, favourite) => {
          const favorites = withFavourite(get().favorites, dishId, favourite);
          if (favorites !== get().favorites) set({ favorites });
        },
        setFavoriteRestaurant: (restaurantId, favourite) => {
          const favoriteRestaurants = withFavourite(get().favoriteRestaurants, restaurantId, favourite);
          if (favoriteRestaurants !== get().favoriteRestaurants) set({ favoriteRestaurants });
        },
        setShowDrawer: (showDrawer) => set({ showDrawer }),
        setKioskIdleVisible: (kioskIdleVisible) => set({ kioskIdleVisible }),
        setPlacingOrder: (placingOrder) => set({ placingOrder }),
        setKioskAccessible: (kioskAccessible) => set({ kioskAccessible }),
        endKioskGuest: () => {
          const open = get().dialogItems;
          set({
            cart: [],
            cartRestaurantId: null,
            checkout: EMPTY_CHECKOUT,
            lockCode: '',
            menuFilters: [],
            orderType: 'inrest',
            dialogItems: [],
            specModal: null,
            showDrawer: false,
            kioskIdleVisible: false,
            kioskAccessible: false,
            kioskGuestGeneration: get().kioskGuestGeneration + 1,
          });
          // Resolved after the state is clean, so a waiting caller sees the next guest's state.
          for (const dialog of open) dialog.resolve(null);
        },
        setSpecModal: (specModal) => set({ specModal }),
        setDishesLoaded: (dishesLoaded) => set({ dishesLoaded }),
        enqueueDialog: (request) => {
          lastDialogId += 1;
          const dialog: DialogRequest = { ...request, id: lastDialogId };
          set((state) => ({ dialogItems: [...state.dialogItems, dialog] }));
          return dialog.id;
        },
        resolveDialog: (dialogId, choiceIndex) => {
          const dialog = get().dialogItems.find((item) => item.id === dialogId);
          if (!dialog) return;
          set((state) => ({ dialogItems: state.dialogItems.filter((item) => item.id !== dialogId) }));
          dialog.resolve(choiceIndex);
        },
      }),
      {
        name: STORAGE_KEY,
        version: STATE_VERSION,
        storage: jsonStorage<PersistedState>(storage),
        skipHydration: true,
        partialize: pickPersisted,
        migrate: migratePersistedState,
        merge: (stored, current) => ({ ...current, ...sanitizePersistedState(stored) }),
      },
    ),
  );
}

export type AppStore = ReturnType<typeof createAppStore>;
