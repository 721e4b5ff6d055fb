import type { FoundAddress } from '@chain/contract';

/**
 * Street types as geocoders write them, full and short: what `name` leaves out of a part
 * (account.ts addressPartInput: `name` bare, Ленина; `full` with its type, улица Ленина).
 */
const STREET_TYPES =
  /^(улица|ул\.?|переулок|пер\.?|проспект|просп\.?|пр-т|бульвар|б-р|площадь|пл\.?|набережная|наб\.?|шоссе|ш\.?|проезд|пр-д|тупик|аллея)$/i;

/** One level of an address: `full` as the geocoder wrote it, `name` without the street type, `id` the full text (geocoders give the levels no ids). */
export function addressPart(full: string): FoundAddress['street'] {
  const text = full.trim();
  const words = text.split(/\s+/);
  const bare = words.filter((word) => !STREET_TYPES.test(word));
  // Cut to what address/save takes (account.ts addressPartInput), so a found address can be saved.
  return {
    id: text.slice(0, 100),
    name: (bare.length > 0 ? bare.join(' ') : text).slice(0, 200),
    full: text.slice(0, 300),
  };
}

/** What both geocoders read from their answers, before it is put as the contract has it. */
export interface AddressLevels {
  country: string;
  region: string;
  city: string;
  street: string;
  house: string;
  lat: number;
  lon: number;
}

/** A found address: title 'Малая Бронная улица, 24', subtitle 'Москва, Россия'. */
export function foundAddress(levels: AddressLevels): FoundAddress {
  const city = levels.city || levels.region;
  return {
    title: levels.house ? `${levels.street}, ${levels.house}` : levels.street,
    subtitle: [city, levels.country].filter(Boolean).join(', '),
    lat: levels.lat,
    lon: levels.lon,
    region: addressPart(levels.region || city),
    city: addressPart(city),
    street: addressPart(levels.street),
    house: houseNumber(levels.house),
  };
}

/**
 * The house as address/save takes it (at most 20 characters): OpenStreetMap may list several
 * numbers of one building ('12;14;16'), of which the first is the address.
 */
export function houseNumber(house: string): string {
  return (house.split(/[;,]/)[0] ?? '').trim().slice(0, 20);
}
