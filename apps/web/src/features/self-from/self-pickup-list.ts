import {
  restaurantClosedText,
  restaurantOpeningNow,
  restaurantWallClock,
  type RestaurantWire,
  scheduleOfBusinessDay,
} from '@chain/contract';
import { favouritesFirst, type Instant, openHoursText } from '@chain/domain';

/** What one row of the self-pickup list shows (SPEC 2 Self-pickup restaurant list). */
export interface PickupRestaurant {
  /** The restaurant id as the route and the client state carry it. */
  readonly id: string;
  readonly name: string;
  readonly nameShort: string;
  readonly address: string;
  /** Empty when the restaurant reports nothing. */
  readonly congestion: string;
  readonly winecard: boolean;
  readonly favourite: boolean;
  /** SPEC 4 Open now, on the restaurant's own clock. */
  readonly open: boolean;
  /**
   * Open: 'Открыто до 23:00' or 'Открыто круглосуточно'. Closed: when it opens ('Откроется в
   * 10:00', 'Откроется завтра в 10:00', the domain's opensText) or the manager's «Закрыто до …».
   */
  readonly hours: string;
  /** The restaurant's photo (issue 31): '' when it has none — the card is then as it always was. */
  readonly img: string;
}

type ListEntry = Pick<
  RestaurantWire,
  | 'id'
  | 'name'
  | 'nameShort'
  | 'address'
  | 'active'
  | 'deliverySelf'
  | 'winecard'
  | 'congestion'
  | 'shedule'
  | 'time_zone'
> &
  Partial<Pick<RestaurantWire, 'deliveryRest' | 'closedUntil' | 'closedText' | 'holidays' | 'img'>>;

/**
 * SPEC 2 Self-pickup list: restaurants that are active and take pickup orders (deliverySelf
 * '1'), those open now first and then those closed, each saying when it opens (SPEC 4 open now;
 * issue 33: at night a closed restaurant came first); in each, favourites first and then the
 * chain's order.
 * Favourites are restaurant ids as text, the id the menu route and the client state use.
 * For the in-restaurant order ('Отсканировать позже', SPEC 2) the same list holds the
 * restaurants taking table orders (deliveryRest '1') instead.
 */
export function selfPickupRestaurants(
  restaurants: readonly ListEntry[],
  favouriteIds: readonly string[],
  now: Instant,
  orderType: 'self' | 'inrest' = 'self',
): PickupRestaurant[] {
  const favourites = new Set(favouriteIds);
  const rows = restaurants
    .filter(
      (restaurant) =>
        restaurant.active === '1' &&
        (orderType === 'inrest' ? restaurant.deliveryRest === '1' : restaurant.deliverySelf === '1'),
    )
    .map((restaurant): PickupRestaurant => {
      const clock = restaurantWallClock(restaurant, now);
      // Closed for now (issue 31): the manager's words in place of the hours, and not open.
      const closed = restaurantClosedText({ ...restaurant, closedUntil: restaurant.closedUntil ?? null }, now);
      // A holiday's hours in place of the weekday's (issue 31).
      const today = scheduleOfBusinessDay(restaurant, clock);
      const opening = restaurantOpeningNow(restaurant, now);
      return {
        id: String(restaurant.id),
        name: restaurant.name,
        nameShort: restaurant.nameShort,
        address: restaurant.address,
        congestion: restaurant.congestion.text.trim(),
        winecard: restaurant.winecard === '1',
        favourite: favourites.has(String(restaurant.id)),
        open: closed === null && opening.open,
        hours: closed ?? (opening.open ? openHoursText(today, clock) : opening.opens),
        img: restaurant.img ?? '',
      };
    });
  const favourite = (row: PickupRestaurant) => row.favourite;
  return [
    ...favouritesFirst(
      rows.filter((row) => row.open),
      favourite,
    ),
    ...favouritesFirst(
      rows.filter((row) => !row.open),
      favourite,
    ),
  ];
}
