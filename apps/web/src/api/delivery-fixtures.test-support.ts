import type { DeliveryZoneWire, RestaurantWire, SavedAddress } from '@chain/contract';

/*
 * Wire data for the delivery tests of the web app: a restaurant of the list, one of its zones,
 * and a saved address, each with every field filled and a patch for what a test is about.
 */

/** A closed GeoJSON square ring of ±0.01° around the point, as the zone's polygon text. */
export function squareAround(point: { lat: number; lon: number }): string {
  const { lat, lon } = point;
  const d = 0.01;
  return JSON.stringify([
    [
      [lon - d, lat - d],
      [lon + d, lat - d],
      [lon + d, lat + d],
      [lon - d, lat + d],
      [lon - d, lat - d],
    ],
  ]);
}

/** The point the zones below are drawn around (Малая Бронная). */
export const ZONE_CENTRE = { lat: 55.76, lon: 37.59 };

export function zoneWire(patch: Partial<DeliveryZoneWire> = {}): DeliveryZoneWire {
  return {
    id: 11,
    name: 'Патриаршие',
    active: '1',
    polygon: squareAround(ZONE_CENTRE),
    color: '#5500AA00',
    periods: '[]',
    time_limit: 0,
    minordersum_rest: 100_000,
    minordersum_shop: 50_000,
    delivery_price: 19_900,
    free_delivery_from: null,
    ...patch,
  };
}

export function restaurantWire(patch: Partial<RestaurantWire> = {}): RestaurantWire {
  return {
    id: 7,
    fs_uid: 'fs-bronnaya',
    name: 'Жар-печь на Бронной',
    nameShort: 'Бронная',
    address: 'Москва, Малая Бронная, 20',
    about: '',
    phone: '',
    email: '',
    seating: 40,
    location: JSON.stringify(ZONE_CENTRE),
    shedule: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 600, toMinute: 1380, from: '10:00', to: '23:00' })),
    workTime: 'Ежедневно 10:00–23:00',
    active: '1',
    deliveryRest: '1',
    deliverySelf: '1',
    deliveryCourier: '1',
    deliveryZone: [zoneWire()],
    deliveryDays: 0,
    deliveryDaysTrue: 2,
    winecard: '0',
    isFavorite: 0,
    congestion: { text: '' },
    minOrderSum: { inrest: 0, self: 0 },
    minOrderSumShop: { inrest: 0, self: 0 },
    sbp: '1',
    time_zone: 'Europe/Moscow',
    menuKinds: ['restaurant'],
    ...patch,
  };
}

/** A saved address inside the zone above (address/list's shape). */
export function savedAddress(patch: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id: 5,
    region: { id: '', name: '', full: '' },
    city: { id: 'moscow', name: 'Москва', full: 'город Москва' },
    street: { id: 'mbronnaya', name: 'Малая Бронная', full: 'Малая Бронная улица' },
    house: '24',
    podjezd: '2',
    domofon: '12',
    etaz: '3',
    room: '12',
    comment: '',
    full: 'Москва, Малая Бронная улица, 24',
    short: 'Малая Бронная улица, 24',
    long: 'Москва, Малая Бронная улица, 24, подъезд 2, домофон 12, этаж 3, кв. 12',
    ...ZONE_CENTRE,
    ...patch,
  };
}
