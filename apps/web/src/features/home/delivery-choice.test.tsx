// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTENTION_TITLE, OUTSIDE_DELIVERY_ZONE_MESSAGE } from '@chain/domain';
import { addressListQuery } from '../../api/addresses';
import { restaurantWire, savedAddress } from '../../api/delivery-fixtures.test-support';
import { restaurantListQuery } from '../../api/restaurants';
import { cartStore, chromeStore, guestStore } from '../../state/store';
import { ADDRESS_CHANGE_EMPTIES_CART, DeliveryChoice } from './delivery-choice';
import { appSnapshot, resetAppStores } from '../../state/stores.test-support';

const SESSION = { id: '42', password: 'token' };
const BRONNAYA = restaurantWire();
const HOME = savedAddress({ domofon: '', etaz: '', long: 'Москва, Малая Бронная улица, 24, подъезд 2, кв. 12' });
const FAR = savedAddress({
  id: 6,
  short: 'Ленина, 1',
  full: 'Тверь, Ленина, 1',
  long: 'Тверь, Ленина, 1',
  lat: 56.85,
  lon: 35.9,
});

let location: ReturnType<typeof memoryLocation> & { history: string[] };
function renderChoice() {
  location = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={location.hook}>
      <DeliveryChoice />
    </Router>,
  );
}
const settle = () => act(async () => {});
const tapDelivery = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Доставка' }));
  await settle();
};

describe('Home → Доставка (SPEC 2 Home: Delivery, SPEC 4 Delivery location)', () => {
  beforeEach(() => {
    resetAppStores();
    restaurantListQuery.set(undefined, [BRONNAYA]);
  });
  afterEach(() => {
    cleanup();
  });

  it('takes a guest who is not signed in straight to the map', async () => {
    renderChoice();
    await tapDelivery();
    expect(location.history.at(-1)).toBe('/delivery_to');
  });

  it('takes a guest without saved addresses straight to the map', async () => {
    guestStore.getState().setUser({ ...SESSION, authorized: true });
    addressListQuery.set(SESSION, []);
    renderChoice();
    await tapDelivery();
    expect(location.history.at(-1)).toBe('/delivery_to');
  });

  it('lists the saved addresses with the warning and «Новый адрес»', async () => {
    guestStore.getState().setUser({ ...SESSION, authorized: true });
    addressListQuery.set(SESSION, [HOME, FAR]);
    renderChoice();
    await tapDelivery();
    const sheet = screen.getByRole('dialog', { name: 'Куда доставить?' });
    expect(within(sheet).getByText(ADDRESS_CHANGE_EMPTIES_CART)).toBeTruthy();
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toContain(`${HOME.short}${HOME.long}`);
    expect(within(sheet).getByRole('link', { name: 'Новый адрес' }).getAttribute('href')).toBe('/delivery_to');
    expect(location.history).toEqual(['/']);
  });

  it('chooses an address inside a zone: delivery from its restaurant, the cart of another address emptied, then the time', async () => {
    const state = appSnapshot();
    state.setUser({ ...SESSION, authorized: true });
    state.setRestaurant({ id: '7', name: BRONNAYA.name });
    state.addToCart('7', { item: '101' });
    addressListQuery.set(SESSION, [HOME, FAR]);
    renderChoice();
    await tapDelivery();
    fireEvent.click(screen.getByRole('button', { name: /Малая Бронная улица, 24/ }));
    await settle();
    const after = appSnapshot();
    expect(after.orderType).toBe('delivery');
    expect(after.restaurant).toEqual({ id: '7', name: BRONNAYA.name, nameShort: 'Бронная' });
    expect(after.address).toMatchObject({ id: '5', long: HOME.long, room: '12', lat: 55.76, lon: 37.59 });
    expect(after.cart).toEqual([]);
    expect(location.history.at(-1)).toBe('/delivery_time');
  });

  it('says delivery is impossible to an address outside every zone, and changes nothing', async () => {
    guestStore.getState().setUser({ ...SESSION, authorized: true });
    addressListQuery.set(SESSION, [HOME, FAR]);
    renderChoice();
    await tapDelivery();
    fireEvent.click(screen.getByRole('button', { name: /Ленина, 1/ }));
    await settle();
    expect(chromeStore.getState().dialogItems[0]).toMatchObject({
      title: ATTENTION_TITLE,
      message: OUTSIDE_DELIVERY_ZONE_MESSAGE,
    });
    expect(cartStore.getState().orderType).toBeNull();
    expect(location.history).toEqual(['/']);
  });
});
