import { describe, expect, it } from 'vitest';
import { createAppStores } from './app-stores';
import type { CartLine, DeliveryAddress } from './cart-store';
import { EMPTY_USER } from './guest-store';
import { INITIAL_PERSISTED_STATE, STATE_VERSION, STORAGE_KEY } from './persisted-shape';
import { type AllState, storeView } from './stores.test-support';
import { lineToken } from '@chain/domain';
import { kioskGuestPresent } from './kiosk-guest';
import { MemoryStorage } from './memory-storage.test-support';

const LINE: CartLine = { token: 'a1', item: '101', cnt: 2, comment: '', spec: null, specs: [] };
const SIGNED_IN = { authorized: true, id: '42', password: 'token', name: 'Анна', phone: '79991234567' };

async function loadedStore(storage = new MemoryStorage()) {
  const stores = createAppStores(storage);
  await stores.statePersistence.hydrate();
  return { store: storeView(stores), stores, storage };
}

function stored(storage: MemoryStorage): { state: Record<string, unknown>; version: number } {
  return storage.json(STORAGE_KEY) as { state: Record<string, unknown>; version: number };
}

describe('client-kept state (SPEC 3)', () => {
  it('starts signed out, outside kiosk mode, with an empty cart and SBP as the pay method (SPEC 9)', async () => {
    const { store } = await loadedStore();
    const state = store.getState();
    expect(state.user).toEqual(EMPTY_USER);
    expect(state.kiosk).toBe(false);
    expect(state.cart).toEqual([]);
    expect(state.checkout.paySystem).toBe('sbp');
  });

  it('keeps kiosk, the kiosk token, user, cart, address, favourites, checkout, order type, restaurant and lock code in storage', async () => {
    const { store, storage } = await loadedStore();
    store.getState().setUser(SIGNED_IN);
    store.getState().setOrderType('self');
    expect(Object.keys(stored(storage).state).sort()).toEqual(
      [
        'address',
        'cart',
        'cartRestaurantId',
        'checkout',
        'favoriteRestaurants',
        'favorites',
        'kiosk',
        'kioskToken',
        'lockCode',
        'menuFilters',
        'orderType',
        'restaurant',
        'user',
      ].sort(),
    );
    expect(stored(storage).state['orderType']).toBe('self');
  });

  it('does not keep the idle overlay, the drawer, the dialogs or the options sheet', async () => {
    const { store, storage } = await loadedStore();
    store.getState().setShowDrawer(true);
    store.getState().setKioskIdleVisible(true);
    store.getState().setSpecModal('101');
    store.getState().setDishesLoaded(true);
    store.getState().setKioskAccessible(true);
    store.getState().setOrderType('self');
    const keys = Object.keys(stored(storage).state);
    for (const key of [
      'showDrawer',
      'kioskIdleVisible',
      'kioskAccessible',
      'dialogItems',
      'specModal',
      'dishesLoaded',
    ]) {
      expect(keys).not.toContain(key);
    }
  });

  it('stores the shape with its version', async () => {
    const { store, storage } = await loadedStore();
    store.getState().setKiosk(true);
    expect(stored(storage).version).toBe(STATE_VERSION);
  });

  it('brings back what a previous visit stored', async () => {
    const first = await loadedStore();
    first.store.getState().setUser(SIGNED_IN);
    first.store.getState().setRestaurant({ id: '7', name: 'На Арбате' });
    first.store.setState({ cart: [LINE] });

    const again = await loadedStore(new MemoryStorage(Object.fromEntries(first.storage.values)));
    expect(again.store.getState().user.name).toBe('Анна');
    expect(again.store.getState().restaurant).toEqual({ id: '7', name: 'На Арбате', nameShort: '' });
    expect(again.store.getState().cart).toEqual([LINE]);
    expect(again.store.getState().showDrawer).toBe(false);
  });

  it('does not read storage before the state is loaded', () => {
    const storage = new MemoryStorage();
    createAppStores(storage);
    expect(storage.reads).toBe(0);
  });
});

describe('actions (SPEC 4)', () => {
  it('logout clears the user fields (SPEC 4 Order type)', async () => {
    const { store } = await loadedStore();
    store.getState().setUser({ ...SIGNED_IN, booking: true, stoplist: true, email: 'a@b.ru' });
    store.getState().logout();
    expect(store.getState().user).toEqual(EMPTY_USER);
  });

  it('logout leaves kiosk mode and the cart as they are', async () => {
    const { store } = await loadedStore();
    store.setState({ kiosk: true, cart: [LINE] });
    store.getState().logout();
    expect(store.getState().kiosk).toBe(true);
    expect(store.getState().cart).toEqual([LINE]);
  });

  it('setUser merges the fields it is given', async () => {
    const { store } = await loadedStore();
    store.getState().setUser(SIGNED_IN);
    store.getState().setUser({ email: 'anna@example.ru' });
    expect(store.getState().user).toMatchObject({ ...SIGNED_IN, email: 'anna@example.ru' });
  });

  it('changing the restaurant empties the cart (SPEC 4 Order type)', async () => {
    const { store } = await loadedStore();
    store.getState().setRestaurant({ id: '7' });
    store.setState({ cart: [LINE] });
    store.getState().setRestaurant({ id: '8' });
    expect(store.getState().restaurant?.id).toBe('8');
    expect(store.getState().cart).toEqual([]);
  });

  it('choosing the same restaurant again keeps the cart', async () => {
    const { store } = await loadedStore();
    store.getState().setRestaurant({ id: '7' });
    store.setState({ cart: [LINE] });
    store.getState().setRestaurant({ id: '7', name: 'На Арбате' });
    expect(store.getState().cart).toEqual([LINE]);
    expect(store.getState().restaurant?.name).toBe('На Арбате');
  });

  it('clearing the restaurant empties the cart too', async () => {
    const { store } = await loadedStore();
    store.getState().setRestaurant({ id: '7' });
    store.setState({ cart: [LINE] });
    store.getState().setRestaurant(null);
    expect(store.getState().cart).toEqual([]);
  });

  it('sets kiosk mode and the order type', async () => {
    const { store } = await loadedStore();
    store.getState().setKiosk(true);
    store.getState().setOrderType('delivery');
    expect(store.getState().kiosk).toBe(true);
    expect(store.getState().orderType).toBe('delivery');
  });
});

describe('the cart (SPEC 4, domain cart rules)', () => {
  it('adds a dish with its options as one line and raises its count when the same choice comes again', async () => {
    const { store } = await loadedStore();
    const choice = { item: '101', spec: '11', specs: [{ specid: '21', cnt: 2 }] };
    store.getState().addToCart('1', choice);
    store.getState().addToCart('1', { ...choice, cnt: 2 });
    expect(store.getState().cart).toEqual([
      { token: lineToken(choice), item: '101', cnt: 3, comment: '', spec: '11', specs: [{ specid: '21', cnt: 2 }] },
    ]);
    expect(store.getState().cartRestaurantId).toBe('1');
  });

  it('drops the lines of another restaurant before adding', async () => {
    const { store } = await loadedStore();
    store.getState().addToCart('1', { item: '101' });
    store.getState().addToCart('2', { item: '202' });
    expect(store.getState().cart.map((line) => line.item)).toEqual(['202']);
    expect(store.getState().cartRestaurantId).toBe('2');
  });

  it('changes a line count and removes the line at zero, forgetting the restaurant of an empty cart', async () => {
    const { store } = await loadedStore();
    store.getState().addToCart('1', { item: '101' });
    const token = store.getState().cart[0]?.token ?? '';
    store.getState().changeLineCount(token, 1);
    expect(store.getState().cart[0]?.cnt).toBe(2);
    store.getState().changeLineCount(token, -2);
    expect(store.getState().cart).toEqual([]);
    expect(store.getState().cartRestaurantId).toBeNull();
  });

  it('changing the restaurant forgets the cart and its restaurant', async () => {
    const { store } = await loadedStore();
    store.getState().setRestaurant({ id: '1' });
    store.getState().addToCart('1', { item: '101' });
    store.getState().setRestaurant({ id: '2' });
    expect(store.getState().cart).toEqual([]);
    expect(store.getState().cartRestaurantId).toBeNull();
  });

  it('keeps the chosen cutlery and recommended counts across a reload, never below 0 (SPEC 3, 5)', async () => {
    const { store, storage } = await loadedStore();
    store.getState().addToCart('1', { item: '101' });
    store.getState().setExtraCount('pribors', 2, 3);
    store.getState().setExtraCount('recommended', 6, 1);
    store.getState().setExtraCount('recommended', 7, -2);
    const { store: reloaded } = await loadedStore(storage);
    expect(reloaded.getState().checkout.pribors).toEqual({ '2': 3 });
    expect(reloaded.getState().checkout.recommended).toEqual({ '6': 1, '7': 0 });
  });

  it('forgets the extras with the cart: emptied, of another restaurant, or placed as an order', async () => {
    const { store } = await loadedStore();
    const extras = () => ({
      pribors: store.getState().checkout.pribors,
      recommended: store.getState().checkout.recommended,
    });
    const none = { pribors: {}, recommended: {} };

    store.getState().addToCart('1', { item: '101' });
    store.getState().setExtraCount('recommended', 6, 2);
    store.getState().addToCart('1', { item: '102' });
    expect(extras().recommended).toEqual({ '6': 2 });
    store.getState().addToCart('2', { item: '202' });
    expect(extras()).toEqual(none);

    store.getState().setExtraCount('pribors', 1, 4);
    const token = store.getState().cart[0]?.token ?? '';
    store.getState().changeLineCount(token, -1);
    expect(extras()).toEqual(none);

    store.getState().addToCart('2', { item: '202' });
    store.getState().setExtraCount('pribors', 1, 4);
    store.getState().orderPlaced({ id: '9', number: 'С-009', sum: 1_000, paySystem: 'sbp', followToken: null });
    expect(extras()).toEqual(none);
  });

  it('keeps the lock code', async () => {
    const { store, storage } = await loadedStore();
    store.getState().setLockCode('5821');
    expect(stored(storage).state['lockCode']).toBe('5821');
  });
});

describe('stored shape versions', () => {
  it('migrates a version 1 cart: the single option object becomes its id, the cart gets its restaurant', async () => {
    const v1Line = {
      token: 'abc',
      item: '101',
      cnt: 2,
      comment: 'без лука',
      spec: { specid: '11', price: 0, cnt: 1 },
      specs: [{ specid: '21', price: 9000, cnt: 2 }],
    };
    const { store, storage } = await loadedStore(
      new MemoryStorage({
        [STORAGE_KEY]: JSON.stringify({
          state: {
            cart: [v1Line, { ...v1Line, token: 'def', spec: null, specs: [] }],
            restaurant: { id: '1', name: 'A', nameShort: 'a' },
          },
          version: 1,
        }),
      }),
    );
    expect(store.getState().cart).toEqual([
      { ...v1Line, spec: '11' },
      { ...v1Line, token: 'def', spec: null, specs: [] },
    ]);
    expect(store.getState().cartRestaurantId).toBe('1');
    store.getState().setKiosk(false);
    expect(stored(storage).version).toBe(STATE_VERSION);
  });

  it('migrates an empty version 1 cart without a restaurant', async () => {
    const { store } = await loadedStore(
      new MemoryStorage({
        [STORAGE_KEY]: JSON.stringify({
          state: { cart: [], restaurant: { id: '1', name: '', nameShort: '' } },
          version: 1,
        }),
      }),
    );
    expect(store.getState().cart).toEqual([]);
    expect(store.getState().cartRestaurantId).toBeNull();
    expect(store.getState().restaurant?.id).toBe('1');
  });

  it('migrates a version 2 checkout: no idempotency key and no placed order yet, the rest kept', async () => {
    const checkout = {
      table: '',
      paySystem: 'card',
      coupon: 'ZHAR10',
      email: 'a@b.ru',
      comment: '',
      deliveryDateTime: null,
      bookingNum: null,
    };
    const { store } = await loadedStore(
      new MemoryStorage({ [STORAGE_KEY]: JSON.stringify({ state: { checkout }, version: 2 }) }),
    );
    const { bookingNum: _dropped, ...kept } = checkout;
    expect(store.getState().checkout).toEqual({
      ...kept,
      booking: null,
      delayed: false,
      resumedOrderId: null,
      pribors: {},
      recommended: {},
      idempotencyKey: null,
      order: null,
    });
  });

  function storageWith(value: unknown) {
    return new MemoryStorage({ [STORAGE_KEY]: JSON.stringify(value) });
  }

  it('migrates a state saved without a version, keeping what fits', async () => {
    const { store, storage } = await loadedStore(
      storageWith({ state: { kiosk: true, user: { ...SIGNED_IN }, orderType: 'self' }, version: 0 }),
    );
    expect(store.getState().kiosk).toBe(true);
    expect(store.getState().user).toMatchObject(SIGNED_IN);
    expect(store.getState().orderType).toBe('self');
    expect(store.getState().cart).toEqual([]);
    expect(stored(storage).version).toBe(STATE_VERSION);
  });

  it('keeps what it understands of a state saved by a newer version (a rollback)', async () => {
    const { store } = await loadedStore(
      storageWith({ state: { kiosk: true, lockCode: '1234', somethingNew: [1, 2] }, version: STATE_VERSION + 1 }),
    );
    expect(store.getState().kiosk).toBe(true);
    expect(store.getState().lockCode).toBe('1234');
    expect(store.getState()).not.toHaveProperty('somethingNew');
  });

  it('drops a damaged field alone and keeps the others', async () => {
    const { store } = await loadedStore(
      storageWith({
        state: {
          ...INITIAL_PERSISTED_STATE,
          kiosk: 'yes',
          orderType: 'teleport',
          favorites: ['1', '2'],
          user: SIGNED_IN,
        },
        version: STATE_VERSION,
      }),
    );
    expect(store.getState().kiosk).toBe(false);
    expect(store.getState().orderType).toBeNull();
    expect(store.getState().favorites).toEqual(['1', '2']);
    expect(store.getState().user.authorized).toBe(true);
  });

  it('starts afresh when the stored text is not JSON', async () => {
    const { store, stores } = await loadedStore(new MemoryStorage({ [STORAGE_KEY]: '{not json' }));
    expect(stores.statePersistence.hasHydrated()).toBe(true);
    expect(store.getState().user).toEqual(EMPTY_USER);
  });

  it('starts afresh when the stored value is not an object', async () => {
    const { store } = await loadedStore(storageWith({ state: 'broken', version: STATE_VERSION }));
    expect(store.getState().kiosk).toBe(false);
  });
});

describe('the delivery address (SPEC 2 Home: Delivery, SPEC 3 Address)', () => {
  const HOME: DeliveryAddress = {
    id: '5',
    full: 'Москва, Малая Бронная улица, 24',
    short: 'Малая Бронная улица, 24',
    long: 'Москва, Малая Бронная улица, 24, подъезд 2, домофон 12, этаж 3, кв. 12',
    lat: 55.76,
    lon: 37.59,
    podjezd: '2',
    domofon: '12',
    etaz: '3',
    room: '12',
    comment: 'Код на двери',
  };
  const WORK: DeliveryAddress = { ...HOME, id: '6', full: 'Москва, Тверская улица, 7', short: 'Тверская улица, 7' };
  const ARBAT = { id: '7', name: 'На Арбате', nameShort: 'Арбат' };
  const TIME = { deliveryDate: '2026-11-23', deliveryTime: '12:00-13:00', isTimePeriods: true };

  async function deliveringHome() {
    const { store, storage } = await loadedStore();
    store.getState().chooseDeliveryAddress(HOME, ARBAT);
    store.getState().addToCart('7', { item: '101' });
    store.getState().setExtraCount('pribors', 1, 2);
    store.getState().updateCheckout({ deliveryDateTime: TIME });
    return { store, storage };
  }

  it('sets the order type, the restaurant and the address, and forgets the chosen delivery time', async () => {
    const { store } = await deliveringHome();
    store.getState().chooseDeliveryAddress(HOME, ARBAT);
    const state = store.getState();
    expect(state.orderType).toBe('delivery');
    expect(state.restaurant).toEqual(ARBAT);
    expect(state.address).toEqual(HOME);
    expect(state.checkout.deliveryDateTime).toBeNull();
  });

  it('keeps the cart when the same address is chosen again (its details may change)', async () => {
    const { store } = await deliveringHome();
    store.getState().chooseDeliveryAddress({ ...HOME, room: '14' }, ARBAT);
    expect(store.getState().cart).toHaveLength(1);
    expect(store.getState().checkout.pribors).toEqual({ '1': 2 });
    expect(store.getState().address?.room).toBe('14');
  });

  it('empties the cart when another address is chosen, even of the same restaurant', async () => {
    const { store } = await deliveringHome();
    store.getState().chooseDeliveryAddress(WORK, ARBAT);
    expect(store.getState().cart).toEqual([]);
    expect(store.getState().cartRestaurantId).toBeNull();
    expect(store.getState().checkout.pribors).toEqual({});
    expect(store.getState().address).toEqual(WORK);
  });

  it('empties the cart when the restaurant is another one', async () => {
    const { store } = await deliveringHome();
    store.getState().chooseDeliveryAddress(HOME, { id: '8', name: 'На Тверской', nameShort: '' });
    expect(store.getState().cart).toEqual([]);
    expect(store.getState().restaurant?.id).toBe('8');
  });

  it('tells unsaved addresses apart by their point', async () => {
    const { store } = await loadedStore();
    const point = { ...HOME, id: null };
    store.getState().chooseDeliveryAddress(point, ARBAT);
    store.getState().addToCart('7', { item: '101' });
    store.getState().chooseDeliveryAddress({ ...point, etaz: '4' }, ARBAT);
    expect(store.getState().cart).toHaveLength(1);
    store.getState().chooseDeliveryAddress({ ...point, lat: 55.77 }, ARBAT);
    expect(store.getState().cart).toEqual([]);
    store.getState().addToCart('7', { item: '101' });
    store.getState().chooseDeliveryAddress(HOME, ARBAT);
    expect(store.getState().cart).toEqual([]);
  });

  it("takes the edited details of the order's address, keeping the cart and the time; another address changes nothing", async () => {
    const { store } = await deliveringHome();
    store.getState().refreshDeliveryAddress({ ...HOME, room: '14', long: 'Москва, Малая Бронная улица, 24, кв. 14' });
    expect(store.getState().address?.room).toBe('14');
    expect(store.getState().cart).toHaveLength(1);
    expect(store.getState().checkout.deliveryDateTime).toEqual(TIME);
    store.getState().refreshDeliveryAddress(WORK);
    expect(store.getState().address?.id).toBe('5');
  });

  it('keeps the address with its details across a reload', async () => {
    const { storage } = await deliveringHome();
    const again = await loadedStore(new MemoryStorage(Object.fromEntries(storage.values)));
    expect(again.store.getState().address).toEqual(HOME);
    expect(again.store.getState().checkout.deliveryDateTime).toEqual(TIME);
  });

  it("reads a version 3 address without the courier's details, which start empty", async () => {
    const address = { id: '5', full: HOME.full, short: HOME.short, lat: 55.76, lon: 37.59 };
    const { store } = await loadedStore(
      new MemoryStorage({ [STORAGE_KEY]: JSON.stringify({ state: { address, orderType: 'delivery' }, version: 3 }) }),
    );
    expect(store.getState().address).toEqual({
      ...address,
      long: '',
      podjezd: '',
      domofon: '',
      etaz: '',
      room: '',
      comment: '',
    });
    expect(store.getState().orderType).toBe('delivery');
  });
});

describe('checkout attempts (SPEC 4, decision 012)', () => {
  it('keeps one idempotency key per attempt, across a reload, until the order is placed', async () => {
    const { store, storage } = await loadedStore();
    const key = store.getState().checkoutKey();
    expect(key).toMatch(/^[\w-]{8,64}$/);
    expect(store.getState().checkoutKey()).toBe(key);
    const { store: reloaded } = await loadedStore(storage);
    expect(reloaded.getState().checkoutKey()).toBe(key);

    reloaded.getState().addToCart('5', { item: '101' });
    reloaded.getState().updateCheckout({ coupon: 'ZHAR10', paySystem: 'card' });
    reloaded.getState().orderPlaced({ id: '17', number: 'С-001', sum: 50_000, paySystem: 'card', followToken: null });
    const state = reloaded.getState();
    expect(state.cart).toEqual([]);
    expect(state.cartRestaurantId).toBeNull();
    expect(state.checkout.order).toEqual({
      id: '17',
      number: 'С-001',
      sum: 50_000,
      paySystem: 'card',
      followToken: null,
    });
    expect(state.checkout.coupon).toBe('');
    expect(state.checkout.paySystem).toBe('card');
    expect(state.checkout.idempotencyKey).toBeNull();
    expect(state.checkoutKey()).not.toBe(key);
  });
});

describe('the placed order across a reload (SPEC 4, issue 14)', () => {
  it("keeps a kiosk order's follow token, so a reload during payment still ends with the follow QR", async () => {
    const { store, storage } = await loadedStore();
    store.getState().orderPlaced({ id: '17', number: 'К-001', sum: 50_000, paySystem: 'sbp', followToken: 'tok.en-1' });
    const { store: reloaded } = await loadedStore(storage);
    expect(reloaded.getState().checkout.order).toEqual({
      id: '17',
      number: 'К-001',
      sum: 50_000,
      paySystem: 'sbp',
      followToken: 'tok.en-1',
    });
  });

  it('reads an order stored without a follow token (a web order, an older version) as having none', async () => {
    const order = { id: '17', number: 'С-001', sum: 50_000, paySystem: 'card' };
    const { store } = await loadedStore(
      new MemoryStorage({
        [STORAGE_KEY]: JSON.stringify({
          state: { checkout: { ...INITIAL_PERSISTED_STATE.checkout, order } },
          version: 4,
        }),
      }),
    );
    expect(store.getState().checkout.order).toEqual({ ...order, followToken: null });
  });

  it('drops a damaged follow token alone and keeps the order', async () => {
    const order = { id: '17', number: 'К-001', sum: 50_000, paySystem: 'sbp', followToken: 42 };
    const { store } = await loadedStore(
      new MemoryStorage({
        [STORAGE_KEY]: JSON.stringify({
          state: { checkout: { ...INITIAL_PERSISTED_STATE.checkout, order } },
          version: STATE_VERSION,
        }),
      }),
    );
    expect(store.getState().checkout.order).toEqual({ ...order, followToken: null });
  });
});

describe('favourites (SPEC 3 favorites and favorite_restorans, issue 7)', () => {
  it('adds and removes favourite dishes by id, each once, in the order they were added', async () => {
    const { store } = await loadedStore();
    store.getState().setFavorite('101', true);
    store.getState().setFavorite('205', true);
    store.getState().setFavorite('101', true);
    expect(store.getState().favorites).toEqual(['101', '205']);
    store.getState().setFavorite('101', false);
    expect(store.getState().favorites).toEqual(['205']);
    store.getState().setFavorite('999', false);
    expect(store.getState().favorites).toEqual(['205']);
  });

  it('adds and removes favourite restaurants apart from the dishes', async () => {
    const { store } = await loadedStore();
    store.getState().setFavoriteRestaurant('1', true);
    store.getState().setFavoriteRestaurant('3', true);
    store.getState().setFavoriteRestaurant('1', false);
    expect(store.getState().favoriteRestaurants).toEqual(['3']);
    expect(store.getState().favorites).toEqual([]);
  });

  it('keeps both lists across a reload (no server call: this device only)', async () => {
    const { store, storage } = await loadedStore();
    store.getState().setFavorite('101', true);
    store.getState().setFavoriteRestaurant('1', true);
    const { store: reloaded } = await loadedStore(new MemoryStorage(Object.fromEntries(storage.values)));
    expect(reloaded.getState().favorites).toEqual(['101']);
    expect(reloaded.getState().favoriteRestaurants).toEqual(['1']);
  });

  it('changes nothing, and writes nothing, when the mark is already as asked', async () => {
    const { store, storage } = await loadedStore();
    store.getState().setFavorite('101', true);
    const before = store.getState().favorites;
    const writes = storage.writes;
    store.getState().setFavorite('101', true);
    store.getState().setFavorite('7', false);
    store.getState().setFavoriteRestaurant('1', false);
    expect(store.getState().favorites).toBe(before);
    expect(storage.writes).toBe(writes);
  });

  it('keeps favourites when the guest logs out, changes restaurant or empties the cart', async () => {
    const { store } = await loadedStore();
    store.getState().setUser(SIGNED_IN);
    store.getState().setFavorite('101', true);
    store.getState().setFavoriteRestaurant('1', true);
    store.getState().setRestaurant({ id: '2' });
    store.getState().clearCart();
    store.getState().logout();
    expect(store.getState().favorites).toEqual(['101']);
    expect(store.getState().favoriteRestaurants).toEqual(['1']);
  });
});

describe('the next kiosk guest (SPEC 4 Kiosk idle, issue 14)', () => {
  it('turns accessibility mode on and off for this visit only', async () => {
    const { store, storage } = await loadedStore();
    expect(store.getState().kioskAccessible).toBe(false);
    store.getState().setKioskAccessible(true);
    expect(store.getState().kioskAccessible).toBe(true);
    const reloaded = (await loadedStore(storage)).store;
    expect(reloaded.getState().kioskAccessible).toBe(false);
  });

  it('starts the next guest clean: cart, checkout with the table, lock code, order type, sheets and modes', async () => {
    const { store } = await loadedStore();
    const state = store.getState();
    state.setKiosk(true);
    state.setRestaurant({ id: '1', name: 'Центральный' });
    state.setOrderType('self');
    state.addToCart('1', { item: '101', spec: null, specs: [] });
    state.updateCheckout({ table: '12', comment: 'без лука', email: 'a@example.com' });
    state.checkoutKey();
    state.setLockCode('7777');
    state.setSpecModal('101');
    state.setShowDrawer(true);
    state.setKioskIdleVisible(true);
    state.setKioskAccessible(true);

    store.getState().endKioskGuest();

    const next = store.getState();
    expect(next.cart).toEqual([]);
    expect(next.cartRestaurantId).toBeNull();
    expect(next.checkout).toEqual(INITIAL_PERSISTED_STATE.checkout);
    expect(next.lockCode).toBe('');
    expect(next.orderType).toBe('inrest');
    expect(next.specModal).toBeNull();
    expect(next.showDrawer).toBe(false);
    expect(next.kioskIdleVisible).toBe(false);
    expect(next.kioskAccessible).toBe(false);
    expect(next.kiosk).toBe(true);
    expect(next.restaurant?.id).toBe('1');
  });

  it('closes every open dialog, each answering null, after the state is clean', async () => {
    const { store } = await loadedStore();
    store.getState().addToCart('1', { item: '101', spec: null, specs: [] });
    const answers: Array<{ choice: number | null; cartLines: number }> = [];
    for (let index = 0; index < 2; index += 1) {
      store.getState().enqueueDialog({
        message: `Вопрос ${index}`,
        resolve: (choice) => answers.push({ choice, cartLines: store.getState().cart.length }),
      });
    }
    store.getState().endKioskGuest();
    expect(store.getState().dialogItems).toEqual([]);
    expect(answers).toEqual([
      { choice: null, cartLines: 0 },
      { choice: null, cartLines: 0 },
    ]);
  });

  it('counts the guests: each end of a guest is a new generation, kept for this visit only', async () => {
    const { store, storage } = await loadedStore();
    const first = store.getState().kioskGuestGeneration;
    store.getState().endKioskGuest();
    expect(store.getState().kioskGuestGeneration).toBe(first + 1);
    store.getState().endKioskGuest();
    expect(store.getState().kioskGuestGeneration).toBe(first + 2);
    expect(Object.keys(stored(storage).state)).not.toContain('kioskGuestGeneration');
  });
});

describe('a kiosk guest present (SPEC 4 Kiosk idle on Home, issue 14)', () => {
  it("is nobody on a clean kiosk: the kiosk, its restaurant and the order type are the kiosk's own", async () => {
    const { store } = await loadedStore();
    store.getState().setKiosk(true);
    store.getState().setRestaurant({ id: '1', name: 'Центральный' });
    store.getState().endKioskGuest();
    expect(kioskGuestPresent(store.getState())).toBe(false);
  });

  it('is someone as soon as anything of a guest is left: a cart, a table, a key, an order, a lock code, accessibility mode', async () => {
    const leftBehind: Array<(state: AllState) => void> = [
      (state) => state.addToCart('1', { item: '101' }),
      (state) => state.updateCheckout({ table: '12' }),
      (state) => void state.checkoutKey(),
      (state) => state.orderPlaced({ id: '17', number: 'К-001', sum: 50_000, paySystem: 'sbp', followToken: 'tok' }),
      (state) => state.setLockCode('5821'),
      (state) => state.setKioskAccessible(true),
    ];
    for (const leave of leftBehind) {
      const { store } = await loadedStore();
      store.getState().setKiosk(true);
      leave(store.getState());
      expect(kioskGuestPresent(store.getState())).toBe(true);
      store.getState().endKioskGuest();
      expect(kioskGuestPresent(store.getState())).toBe(false);
    }
  });
});

describe('ordering for a time or from a booking (SPEC 2 Предзаказ, SPEC 4 Booking, SPEC 5)', () => {
  const AT_SEVEN = { deliveryDate: '24.11.2026', deliveryTime: '19:00', isTimePeriods: false };
  const BOOKING = { num: '241126-0001', minSum: 400000 };

  it('sets inrest at the restaurant with the table, time and booking, and returns the menu path', async () => {
    const { store } = await loadedStore();
    const path = store
      .getState()
      .orderAtTime({ restaurantId: '2', fsUid: 'fs-2', table: '5', deliveryDateTime: AT_SEVEN, booking: BOOKING });
    expect(path).toBe('/menu/2/inrest');
    const state = store.getState();
    expect(state.orderType).toBe('inrest');
    expect(state.restaurant?.id).toBe('2');
    expect(state.checkout.table).toBe('5');
    expect(state.checkout.deliveryDateTime).toEqual(AT_SEVEN);
    expect(state.checkout.booking).toEqual(BOOKING);
  });

  it('empties the cart when the restaurant is another one (SPEC 4) and keeps it at the same one', async () => {
    const { store } = await loadedStore();
    store.getState().setRestaurant({ id: '1', name: 'Центральный', nameShort: 'Центр' });
    store.getState().addToCart('1', { item: '101', spec: null, specs: [] });
    store
      .getState()
      .orderAtTime({ restaurantId: '1', fsUid: 'fs-1', table: null, deliveryDateTime: AT_SEVEN, booking: null });
    expect(store.getState().cart).toHaveLength(1);
    expect(store.getState().restaurant).toEqual({ id: '1', name: 'Центральный', nameShort: 'Центр' });
    expect(store.getState().checkout.table).toBe('');
    store
      .getState()
      .orderAtTime({ restaurantId: '2', fsUid: 'fs-2', table: null, deliveryDateTime: AT_SEVEN, booking: null });
    expect(store.getState().cart).toEqual([]);
    expect(store.getState().cartRestaurantId).toBeNull();
    expect(store.getState().restaurant?.id).toBe('2');
  });

  it('forgets the booking and the time when the order type or the restaurant changes', async () => {
    const { store } = await loadedStore();
    store
      .getState()
      .orderAtTime({ restaurantId: '2', fsUid: 'fs-2', table: '5', deliveryDateTime: AT_SEVEN, booking: BOOKING });
    store.getState().setOrderType('inrest');
    expect(store.getState().checkout.booking).toEqual(BOOKING);
    store.getState().setOrderType('self');
    expect(store.getState().checkout.booking).toBeNull();
    expect(store.getState().checkout.deliveryDateTime).toBeNull();

    store
      .getState()
      .orderAtTime({ restaurantId: '2', fsUid: 'fs-2', table: '5', deliveryDateTime: null, booking: BOOKING });
    store.getState().setRestaurant({ id: '2', name: 'Речной' });
    expect(store.getState().checkout.booking).toEqual(BOOKING);
    store.getState().setRestaurant({ id: '3' });
    expect(store.getState().checkout.booking).toBeNull();
  });

  it('forgets the booking once the order is placed, and keeps it across a reload before', async () => {
    const { store, storage } = await loadedStore();
    store
      .getState()
      .orderAtTime({ restaurantId: '2', fsUid: 'fs-2', table: '5', deliveryDateTime: null, booking: BOOKING });
    const reloaded = (await loadedStore(storage)).store;
    expect(reloaded.getState().checkout.booking).toEqual(BOOKING);
    reloaded.getState().orderPlaced({ id: '9', number: 'К-009', sum: 400000, paySystem: 'sbp', followToken: null });
    expect(reloaded.getState().checkout.booking).toBeNull();
    expect(reloaded.getState().checkout.deliveryDateTime).toBeNull();
  });

  it('drops a stored booking that is not a number and a non-negative whole minimum', async () => {
    const checkout = { ...INITIAL_PERSISTED_STATE.checkout, booking: { num: 'X', minSum: -5 } };
    const { store } = await loadedStore(
      new MemoryStorage({ [STORAGE_KEY]: JSON.stringify({ state: { checkout }, version: STATE_VERSION }) }),
    );
    expect(store.getState().checkout.booking).toBeNull();
  });
});

describe('a delayed order (SPEC 4 Отложенный заказ, checkDelayed)', () => {
  it('is a pickup or inrest order for later, forgotten with the order type or once placed', async () => {
    const { store } = await loadedStore();
    const when = { deliveryDate: '24.11.2026', deliveryTime: '19:00', isTimePeriods: false };
    const path = store.getState().orderAtTime({
      restaurantId: '2',
      fsUid: 'fs-2',
      table: null,
      deliveryDateTime: when,
      booking: { num: 'B', minSum: 1 },
      orderType: 'self',
      delayed: true,
    });
    expect(path).toBe('/menu/2/self');
    expect(store.getState().orderType).toBe('self');
    expect(store.getState().checkout.delayed).toBe(true);
    // A booking belongs to a table order only.
    expect(store.getState().checkout.booking).toBeNull();
    store.getState().setOrderType('inrest');
    expect(store.getState().checkout.delayed).toBe(false);
  });

  it('resumes its lines and extras as the cart of its restaurant, remembering which order it continues', async () => {
    const { store } = await loadedStore();
    store.getState().addToCart('1', { item: '101', spec: null, specs: [] });
    store
      .getState()
      .resumeCart({ restaurantId: '2', orderId: 77, lines: [LINE], pribors: { '3': 2 }, recommended: {} });
    expect(store.getState().cart).toEqual([LINE]);
    expect(store.getState().cartRestaurantId).toBe('2');
    expect(store.getState().checkout.pribors).toEqual({ '3': 2 });
    expect(store.getState().checkout.resumedOrderId).toBe(77);
  });

  it('forgets the order it continues with another restaurant, another order type, or once placed', async () => {
    const { store } = await loadedStore();
    const resume = () =>
      store.getState().resumeCart({ restaurantId: '2', orderId: 77, lines: [LINE], pribors: {}, recommended: {} });
    const when = { deliveryDate: '24.11.2026', deliveryTime: '19:00', isTimePeriods: false };
    store.getState().orderAtTime({
      restaurantId: '2',
      fsUid: 'fs-2',
      table: null,
      deliveryDateTime: when,
      booking: null,
      orderType: 'self',
    });
    resume();
    store.getState().setOrderType('inrest');
    expect(store.getState().checkout.resumedOrderId).toBeNull();
    resume();
    store.getState().setRestaurant({ id: '3' });
    expect(store.getState().checkout.resumedOrderId).toBeNull();
    resume();
    store.getState().orderPlaced({ id: '5', number: 'С-005', sum: 100, paySystem: 'sbp', followToken: null });
    expect(store.getState().checkout.resumedOrderId).toBeNull();
  });
});

describe("a kiosk's device token (decision 038)", () => {
  it('is kept across a restart, and forgotten when kiosk mode ends', async () => {
    const storage = new MemoryStorage();
    const { store } = await loadedStore(storage);
    store.getState().setKiosk(true);
    store.getState().setKioskToken('device-token');
    store.getState().endKioskGuest();
    const { store: restarted } = await loadedStore(storage);
    expect(restarted.getState()).toMatchObject({ kiosk: true, kioskToken: 'device-token' });
    restarted.getState().setKiosk(false);
    expect(restarted.getState().kioskToken).toBe('');
  });

  it('is none for a kiosk set up before tokens existed (state version 7): its Home asks staff for the code', async () => {
    const before = {
      ...INITIAL_PERSISTED_STATE,
      kiosk: true,
      restaurant: { id: '10', name: 'Жар-печь на Тверской', nameShort: '' },
    } as Record<string, unknown>;
    delete before['kioskToken'];
    const { store } = await loadedStore(
      new MemoryStorage({ [STORAGE_KEY]: JSON.stringify({ state: before, version: 7 }) }),
    );
    expect(store.getState()).toMatchObject({ kiosk: true, kioskToken: '', restaurant: { id: '10' } });
  });
});

describe("the menu's label filters (issue 31)", () => {
  it('are kept on the device once each in the one list’s order, forgotten for a kiosk’s next guest', async () => {
    const storage = new MemoryStorage();
    const { store } = await loadedStore(storage);
    store.getState().setMenuFilters(['nuts', 'vegetarian', 'nuts']);
    expect(store.getState().menuFilters).toEqual(['vegetarian', 'nuts']);
    const { store: restarted } = await loadedStore(storage);
    expect(restarted.getState().menuFilters).toEqual(['vegetarian', 'nuts']);
    restarted.getState().setKiosk(true);
    restarted.getState().endKioskGuest();
    expect(restarted.getState().menuFilters).toEqual([]);
  });

  it('start empty for a state saved before them (version 8), the rest kept; an unknown stored label is dropped alone', async () => {
    const before = { ...INITIAL_PERSISTED_STATE, lockCode: '5821' } as Record<string, unknown>;
    delete before['menuFilters'];
    const { store } = await loadedStore(
      new MemoryStorage({ [STORAGE_KEY]: JSON.stringify({ state: before, version: 8 }) }),
    );
    expect(store.getState()).toMatchObject({ menuFilters: [], lockCode: '5821' });
    const { store: odd } = await loadedStore(
      new MemoryStorage({
        [STORAGE_KEY]: JSON.stringify({ state: { menuFilters: ['nuts', 'made-up', 7] }, version: STATE_VERSION }),
      }),
    );
    expect(odd.getState().menuFilters).toEqual(['nuts']);
  });
});

describe('the stores by concern, kept as one stored value (SPEC 3, issue 33)', () => {
  /** What a phone saved with the one store of version 9: a signed-in guest mid-order. */
  const SAVED_V9 = {
    version: 9,
    state: {
      kiosk: false,
      kioskToken: '',
      user: { ...EMPTY_USER, ...SIGNED_IN, booking: true },
      cart: [LINE],
      cartRestaurantId: '1',
      address: null,
      favorites: ['101'],
      favoriteRestaurants: ['3'],
      checkout: { ...INITIAL_PERSISTED_STATE.checkout, coupon: 'LETO', pribors: { '7': 2 }, idempotencyKey: 'key-1' },
      orderType: 'self',
      restaurant: { id: '1', name: 'Жар-печь на Патриарших', nameShort: 'Патрики' },
      lockCode: '5821',
      menuFilters: ['vegetarian'],
    },
  };

  it('loads what a phone saved with the one store into each store: no guest loses a cart', async () => {
    const { stores, storage } = await loadedStore(new MemoryStorage({ [STORAGE_KEY]: JSON.stringify(SAVED_V9) }));
    const cart = stores.cartStore.getState();
    expect(cart.cart).toEqual([LINE]);
    expect(cart.cartRestaurantId).toBe('1');
    expect(cart.orderType).toBe('self');
    expect(cart.restaurant?.nameShort).toBe('Патрики');
    expect(cart.checkout).toMatchObject({ coupon: 'LETO', pribors: { '7': 2 }, idempotencyKey: 'key-1' });
    const guest = stores.guestStore.getState();
    expect(guest.user).toMatchObject({ authorized: true, id: '42', password: 'token', booking: true });
    expect(guest.favorites).toEqual(['101']);
    expect(guest.favoriteRestaurants).toEqual(['3']);
    expect(guest.lockCode).toBe('5821');
    expect(guest.menuFilters).toEqual(['vegetarian']);
    expect(stores.kioskStore.getState().kiosk).toBe(false);
    // Read as it is (its version is this one's): nothing written until something changes.
    expect(storage.writes).toBe(0);
  });

  it('writes back the same one value, version 9, that the one store wrote', async () => {
    const { stores, storage } = await loadedStore(new MemoryStorage({ [STORAGE_KEY]: JSON.stringify(SAVED_V9) }));
    stores.cartStore.getState().changeLineCount(LINE.token, 1);
    expect(stored(storage)).toEqual({ version: 9, state: { ...SAVED_V9.state, cart: [{ ...LINE, cnt: 3 }] } });
  });

  it('writes once for a change of a kept field, and not for the chrome or the kiosk visit', async () => {
    const { stores, storage } = await loadedStore();
    stores.guestStore.getState().setFavorite('101', true);
    expect(storage.writes).toBe(1);
    stores.chromeStore.getState().setShowDrawer(true);
    stores.kioskStore.getState().setKioskIdleVisible(true);
    stores.kioskStore.getState().setKioskAccessible(true);
    expect(storage.writes).toBe(1);
  });

  it('writes nothing before the state is loaded, so an early change cannot overwrite a saved cart', () => {
    const storage = new MemoryStorage({ [STORAGE_KEY]: JSON.stringify(SAVED_V9) });
    const stores = createAppStores(storage);
    stores.kioskStore.getState().setKiosk(false);
    stores.guestStore.getState().setLockCode('1');
    expect(storage.writes).toBe(0);
    expect(stored(storage)).toEqual(SAVED_V9);
  });
});
