import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../http';
import { addressPart, houseNumber } from './found-address';
import { PhotonClient } from './photon';
import { YandexGeocoderClient } from './yandex';

/** A Yandex Geocoder 1.x answer for «Москва, Малая Бронная улица, 24», as the API writes it. */
const YANDEX_ANSWER = {
  response: {
    GeoObjectCollection: {
      featureMember: [
        {
          GeoObject: {
            metaDataProperty: {
              GeocoderMetaData: {
                kind: 'house',
                text: 'Россия, Москва, Малая Бронная улица, 24',
                Address: {
                  country_code: 'RU',
                  formatted: 'Россия, Москва, Малая Бронная улица, 24',
                  Components: [
                    { kind: 'country', name: 'Россия' },
                    { kind: 'province', name: 'Центральный федеральный округ' },
                    { kind: 'province', name: 'Москва' },
                    { kind: 'locality', name: 'Москва' },
                    { kind: 'street', name: 'Малая Бронная улица' },
                    { kind: 'house', name: '24' },
                  ],
                },
              },
            },
            name: 'Малая Бронная улица, 24',
            description: 'Москва, Россия',
            Point: { pos: '37.5937 55.7628' },
          },
        },
        // A metro station: not an address, left out.
        {
          GeoObject: {
            metaDataProperty: { GeocoderMetaData: { kind: 'metro', Address: { Components: [] } } },
            Point: { pos: '37.6 55.76' },
          },
        },
      ],
    },
  },
};

const BRONNAYA_24 = {
  title: 'Малая Бронная улица, 24',
  subtitle: 'Москва, Россия',
  lat: 55.7628,
  lon: 37.5937,
  region: { id: 'Москва', name: 'Москва', full: 'Москва' },
  city: { id: 'Москва', name: 'Москва', full: 'Москва' },
  street: { id: 'Малая Бронная улица', name: 'Малая Бронная', full: 'Малая Бронная улица' },
  house: '24',
};

function answering(body: unknown, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.restoreAllMocks());

describe('Yandex Geocoder adapter', () => {
  const client = new YandexGeocoderClient({ baseUrl: () => 'https://geocode.test', apiKey: 'key-1', timeoutMs: 1000 });

  it('asks /1.x/ with the key, the text, JSON and Russian, the area near the point, and reads houses and streets', async () => {
    const fetch = answering(YANDEX_ANSWER);
    expect(await client.suggest('Малая Бронная, 24', { lat: 55.76, lon: 37.6 }, 10)).toEqual([BRONNAYA_24]);
    const url = new URL(fetch.mock.calls[0]?.[0] as string);
    expect(url.origin + url.pathname).toBe('https://geocode.test/1.x/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      geocode: 'Малая Бронная, 24',
      results: '10',
      ll: '37.6,55.76',
      spn: '0.3,0.2',
      apikey: 'key-1',
      format: 'json',
      lang: 'ru_RU',
    });
  });

  it('asks the address at a point as lon,lat with kind=house', async () => {
    const fetch = answering(YANDEX_ANSWER);
    expect(await client.reverse({ lat: 55.7628, lon: 37.5937 })).toEqual(BRONNAYA_24);
    const url = new URL(fetch.mock.calls[0]?.[0] as string);
    expect(url.searchParams.get('geocode')).toBe('37.5937,55.7628');
    expect(url.searchParams.get('kind')).toBe('house');
  });

  it('turns a refused key or a strange answer into a ProviderError that does not show the key', async () => {
    answering({ statusCode: 403, error: 'Forbidden', message: 'Invalid api key' }, 403);
    const refused = await client.suggest('Тверская', null, 10).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(String(refused)).not.toContain('key-1');
    answering({ something: 'else' });
    await expect(client.reverse({ lat: 55.7, lon: 37.6 })).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('Photon adapter', () => {
  const client = new PhotonClient({ baseUrl: () => 'https://photon.test', timeoutMs: 1000 });
  const house = {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [37.5937, 55.7628] },
    properties: {
      osm_key: 'building',
      type: 'house',
      housenumber: '24',
      street: 'Малая Бронная улица',
      city: 'Москва',
      state: 'Москва',
      country: 'Россия',
    },
  };
  const street = {
    ...house,
    properties: {
      osm_key: 'highway',
      type: 'street',
      name: 'Малая Бронная улица',
      city: 'Москва',
      state: 'Москва',
      country: 'Россия',
    },
  };
  const cafe = { ...house, properties: { osm_key: 'amenity', name: 'Кафе', city: 'Москва' } };

  it('asks /api with q, limit and the point, and keeps houses and streets only', async () => {
    const fetch = answering({ type: 'FeatureCollection', features: [house, cafe, street, { broken: true }] });
    const found = await client.suggest('Малая Бронная', { lat: 55.76, lon: 37.6 }, 10);
    expect(found).toEqual([BRONNAYA_24, { ...BRONNAYA_24, title: 'Малая Бронная улица', house: '' }]);
    const url = new URL(fetch.mock.calls[0]?.[0] as string);
    expect(url.pathname).toBe('/api');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'Малая Бронная',
      limit: '10',
      lat: '55.76',
      lon: '37.6',
    });
  });

  it('reads /reverse, null when nothing is there, and a ProviderError for no answer', async () => {
    answering({ features: [house] });
    expect(await client.reverse({ lat: 55.7628, lon: 37.5937 })).toEqual(BRONNAYA_24);
    answering({ features: [] });
    expect(await client.reverse({ lat: 0, lon: 0 })).toBeNull();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    await expect(client.suggest('Тверская', null, 10)).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('address parts', () => {
  it.each([
    ['улица Ленина', 'Ленина'],
    ['Малая Бронная улица', 'Малая Бронная'],
    ['ул. Тверская', 'Тверская'],
    ['Ленинградский проспект', 'Ленинградский'],
    ['Пресненский Вал', 'Пресненский Вал'],
    ['улица', 'улица'],
  ])('%s is named %s', (full, name) => {
    expect(addressPart(full)).toEqual({ id: full, name, full });
  });

  it('cuts what address/save would refuse: a part past its lengths, a house of several numbers', () => {
    const long = `улица ${'Я'.repeat(400)}`;
    expect(addressPart(long)).toMatchObject({ id: long.slice(0, 100), full: long.slice(0, 300) });
    expect(addressPart(long).name).toHaveLength(200);
    expect(houseNumber('12;14;16;18;20;22')).toBe('12');
    expect(houseNumber(' 24к1 ')).toBe('24к1');
    expect(houseNumber('1'.repeat(30))).toHaveLength(20);
  });
});
