import type { DeliveryZoneWire, FoundAddress, RestaurantWire } from '@chain/contract';
import { OUTSIDE_DELIVERY_ZONE_MESSAGE } from '@chain/domain';
import { describe, expect, it } from 'vitest';
import { restaurantWire, zoneWire } from '../../api/delivery-fixtures.test-support';
import { EMPTY_ADDRESS_DETAILS as EMPTY_DETAILS } from '../../ui/address-details-fields';
import {
  addressInputOf,
  choosePoint,
  confirmProblem,
  drawnZones,
  NO_HOUSE_MESSAGE,
  NO_POINT_MESSAGE,
  withLookup,
  withZonesNow,
} from './delivery-map-model';

/** A square zone [west, south] … [east, north] as the wire's GeoJSON text ([lon, lat]). */
function zone(
  id: number,
  [west, south, east, north]: [number, number, number, number],
  patch: Partial<DeliveryZoneWire> = {},
): DeliveryZoneWire {
  return zoneWire({
    id,
    name: `Зона ${id}`,
    polygon: JSON.stringify([
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ]),
    color: '#4D1E88E5',
    ...patch,
  });
}

const restaurant = (id: number, patch: Partial<RestaurantWire> = {}) =>
  restaurantWire({ id, name: `Ресторан ${id}`, ...patch });

const CENTRE_ZONE = zone(1, [37.6, 55.75, 37.62, 55.77]);
const LIST = [
  // Delivers nowhere by courier: its zone is neither drawn nor chosen.
  restaurant(1, { deliveryCourier: '0', deliveryZone: [zone(9, [37.5, 55.7, 37.7, 55.8])] }),
  restaurant(2, { deliveryZone: [CENTRE_ZONE, zone(2, [37.62, 55.75, 37.64, 55.77], { active: '0' })] }),
  restaurant(3, {
    deliveryZone: [
      zone(3, [37.62, 55.75, 37.64, 55.77], { color: '#FF00AA00' }),
      zone(4, [1, 1, 2, 2], { polygon: 'not json' }),
    ],
  }),
];
const INSIDE_2 = { lat: 55.76, lon: 37.61 };
const INSIDE_3 = { lat: 55.76, lon: 37.63 };
const OUTSIDE = { lat: 55.9, lon: 37.9 };

const FOUND: FoundAddress = {
  title: 'Малая Бронная улица, 24',
  subtitle: 'Москва, Россия',
  lat: 55.76,
  lon: 37.61,
  region: { id: '77', name: 'Москва', full: 'Москва' },
  city: { id: '77', name: 'Москва', full: 'Москва' },
  street: { id: 's1', name: 'Малая Бронная', full: 'Малая Бронная улица' },
  house: '24',
};

describe('the zones the address map draws (SPEC 4, SPEC 9 colour rule)', () => {
  it('draws the active zones of courier restaurants only, a broken polygon left out, in their colours', () => {
    const zones = drawnZones(LIST);
    expect(zones.map((drawn) => drawn.key)).toEqual(['2:1', '3:3']);
    // '#4D1E88E5' → '#1E88E54D': the colour, 0x4D / 255 of it filled, the outline opaque.
    expect(zones[0]?.style).toEqual({ fill: '#1e88e5', fillOpacity: 0.302, stroke: '#1e88e5', strokeOpacity: 1 });
    // An opaque zone is still filled lightly (docs/design.md Maps).
    expect(zones[1]?.style).toEqual({ fill: '#00aa00', fillOpacity: 0.4, stroke: '#00aa00', strokeOpacity: 1 });
    expect(zones[0]?.polygon[0]?.[0]).toEqual([37.6, 55.75]);
  });
});

describe('a chosen point (SPEC 4 Delivery location)', () => {
  it('inside an active zone sets that zone and its restaurant', () => {
    const chosen = choosePoint(LIST, INSIDE_2, 'tap');
    expect(chosen.courier?.restaurant.id).toBe(2);
    expect(chosen.courier?.zone.id).toBe(1);
    expect(chosen.lookup).toEqual({ status: 'loading' });
    expect(choosePoint(LIST, INSIDE_3, 'drag').courier?.restaurant.id).toBe(3);
  });

  it("outside every active zone (or in a non-courier restaurant's zone) has no courier", () => {
    expect(choosePoint(LIST, OUTSIDE, 'locate').courier).toBeNull();
    expect(choosePoint([LIST[0] as RestaurantWire], INSIDE_2, 'tap').courier).toBeNull();
  });

  it('a point found by search keeps its address; a late answer for an older point is dropped', () => {
    const searched = choosePoint(LIST, INSIDE_2, 'search', FOUND);
    expect(searched.lookup).toEqual({ status: 'found', address: FOUND });
    const tapped = choosePoint(LIST, INSIDE_3, 'tap');
    expect(withLookup(tapped, INSIDE_2, { status: 'none' })).toBe(tapped);
    expect(withLookup(tapped, INSIDE_3, { status: 'found', address: FOUND })?.lookup.status).toBe('found');
    expect(withLookup(null, INSIDE_3, { status: 'none' })).toBeNull();
  });
});

describe('a chosen point when the zones change under the open map (issue 31: the back office)', () => {
  it('is read against the zones as they are now: a zone switched off leaves it outside, a new zone takes it; its address stays', () => {
    const chosen = withLookup(choosePoint(LIST, INSIDE_2, 'tap'), INSIDE_2, { status: 'found', address: FOUND })!;
    // Nothing changed: the same point.
    expect(withZonesNow(chosen, LIST)).toBe(chosen);
    expect(withZonesNow(null, LIST)).toBeNull();
    // The manager switched zone 1 off: outside every zone, told so by «Я ЗДЕСЬ».
    const switchedOff = [LIST[0]!, restaurant(2, { deliveryZone: [{ ...CENTRE_ZONE, active: '0' }] }), LIST[2]!];
    const outside = withZonesNow(chosen, switchedOff)!;
    expect(outside.courier).toBeNull();
    expect(outside.lookup).toEqual({ status: 'found', address: FOUND });
    expect(confirmProblem(outside)).toBe(OUTSIDE_DELIVERY_ZONE_MESSAGE);
    // A zone drawn over it by another restaurant: that restaurant delivers.
    const drawn = [...switchedOff, restaurant(4, { deliveryZone: [zone(5, [37.6, 55.75, 37.62, 55.77])] })];
    expect(withZonesNow(outside, drawn)?.courier).toMatchObject({ restaurant: { id: 4 }, zone: { id: 5 } });
  });
});

describe('«Я ЗДЕСЬ»', () => {
  it('goes on only with a point inside a zone that has a house', () => {
    expect(confirmProblem(null)).toBe(NO_POINT_MESSAGE);
    expect(confirmProblem(choosePoint(LIST, OUTSIDE, 'tap', FOUND))).toBe(OUTSIDE_DELIVERY_ZONE_MESSAGE);
    expect(confirmProblem(choosePoint(LIST, INSIDE_2, 'tap'))).toBe(NO_HOUSE_MESSAGE);
    expect(confirmProblem(choosePoint(LIST, INSIDE_2, 'tap', { ...FOUND, house: '' }))).toBe(NO_HOUSE_MESSAGE);
    const failed = withLookup(choosePoint(LIST, INSIDE_2, 'tap'), INSIDE_2, {
      status: 'error',
      message: 'Поиск адреса сейчас недоступен.',
    });
    expect(confirmProblem(failed)).toBe('Поиск адреса сейчас недоступен.');
    expect(confirmProblem(choosePoint(LIST, INSIDE_2, 'search', FOUND))).toBeNull();
  });
});

describe('the saved address (address/save)', () => {
  it("takes the found parts, the trimmed details and the marker's point", () => {
    const input = addressInputOf(
      FOUND,
      { lat: 55.7601, lon: 37.6102 },
      { ...EMPTY_DETAILS, room: ' 12 ', etaz: '3', comment: 'код 45' },
    );
    expect(input).toEqual({
      region: FOUND.region,
      city: FOUND.city,
      street: FOUND.street,
      house: '24',
      room: '12',
      podjezd: '',
      domofon: '',
      etaz: '3',
      comment: 'код 45',
      lat: 55.7601,
      lon: 37.6102,
    });
  });

  it('leaves out a region or city the geocoder did not name', () => {
    const input = addressInputOf({ ...FOUND, region: { id: '', name: '', full: '' } }, INSIDE_2, EMPTY_DETAILS);
    expect(input).not.toHaveProperty('region');
    expect(input.city?.name).toBe('Москва');
  });
});
