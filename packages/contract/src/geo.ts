import * as z from 'zod/mini';
import { defineCall } from './call';
import { latitude, longitude } from './common';

/*
 * Maps and addresses (issue 13; SPEC 4 Delivery location, SPEC 7 "a maps service … for maps,
 * geocoding and geolocation"). The web app draws the map through its map adapter: the spec's
 * maps service (Yandex Maps JS API 2.1) when the chain configured a key, else an open tile map.
 * Geocoding goes through the server's geocoder adapter (Yandex Geocoder or a Nominatim/Photon-
 * compatible service; the sandbox answers with the demo city's directory), cached there.
 */

/** One level of a found address, as the saved address takes it (account.ts addressPartInput). */
const foundPart = z.object({ id: z.string(), name: z.string(), full: z.string() });

/** An address the geocoder found: what the map shows, and what address/save takes. */
export const foundAddress = z.object({
  /** 'Малая Бронная улица, 24': the line of a suggestion. */
  title: z.string(),
  /** 'Москва, Россия': the second line. */
  subtitle: z.string(),
  lat: z.number(),
  lon: z.number(),
  region: foundPart,
  city: foundPart,
  street: foundPart,
  /** The house number; '' when the point is a street, not a house. */
  house: z.string(),
});
export type FoundAddress = z.infer<typeof foundAddress>;

const query = z.string().check(z.trim(), z.minLength(2, 'введите хотя бы 2 символа'), z.maxLength(200));

export const geoSuggest = defineCall({
  name: 'geoSuggest',
  method: 'POST',
  path: '/api/v1/geo/suggest',
  tag: 'geo',
  summary: 'Address suggestions for what the guest types, nearest the given point first',
  description:
    'Up to 10 addresses (houses first) for a search text of 2 to 200 characters, from the configured geocoder; answers are cached by text and area. `near` orders them by distance. JSON body.',
  auth: 'public',
  body: z.object({ q: query, near: z.optional(z.nullable(z.object({ lat: latitude, lon: longitude }))) }),
  response: z.object({ items: z.array(foundAddress) }),
  errors: {
    validation: 'the text is shorter than 2 or longer than 200 characters, or the point is out of range (400)',
    geocoder_unavailable:
      "the geocoder did not answer in time: 'Поиск адреса сейчас недоступен. Укажите точку на карте.' (503)",
  },
});

export const geoReverse = defineCall({
  name: 'geoReverse',
  method: 'POST',
  path: '/api/v1/geo/reverse',
  tag: 'geo',
  summary: 'The address at a point of the map (a tap, a dragged marker, geolocation)',
  description:
    'The nearest house (or street) to the point, or null when the geocoder knows nothing there; cached by the rounded point. JSON body.',
  auth: 'public',
  body: z.object({ lat: latitude, lon: longitude }),
  response: z.object({ item: z.nullable(foundAddress) }),
  errors: {
    validation: 'a coordinate out of range (400)',
    geocoder_unavailable: "'Поиск адреса сейчас недоступен. Укажите точку на карте.' (503)",
  },
});

/** How the web app draws maps: the provider and what it needs. */
export const mapConfigResponse = z.object({
  /** 'yandex' when the chain configured a Yandex Maps key (SPEC 7), else 'tiles' (an open tile map). */
  provider: z.enum(['yandex', 'tiles']),
  /** The tile URL template ({z}/{x}/{y}) and its attribution, for 'tiles'. */
  tiles: z.object({ url: z.string(), attribution: z.string(), maxZoom: z.int() }),
  /** The Yandex Maps JS API key, for 'yandex'; '' otherwise. */
  yandexKey: z.string(),
});
export type MapConfig = z.infer<typeof mapConfigResponse>;

export const mapConfig = defineCall({
  name: 'mapConfig',
  method: 'GET',
  path: '/api/v1/map/config',
  tag: 'geo',
  summary: 'How the app draws maps: Yandex Maps with its key, or the configured tile server',
  auth: 'public',
  response: mapConfigResponse,
});

export const GEO_CALLS = [geoSuggest, geoReverse, mapConfig] as const;

/** SPEC 8-style text when the geocoder does not answer: the guest can still tap the map. */
export const GEOCODER_UNAVAILABLE_MESSAGE = 'Поиск адреса сейчас недоступен. Укажите точку на карте.';
