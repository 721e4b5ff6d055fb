import * as z from 'zod';
import type { FoundAddress } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';
import { getJson, ProviderError } from '../http';
import { foundAddress } from './found-address';
import type { Geocoder } from './types';

/**
 * The Yandex Geocoder HTTP API 1.x (SPEC 7's maps service): `GET /1.x/?apikey=&geocode=&format=json&lang=ru_RU`;
 * `geocode` is a text, or `lon,lat` for the address at a point (with `kind=house`). `ll` and
 * `spn` favour an area without limiting the search to it.
 */
const PROVIDER = 'yandex-geocoder';

const component = z.object({ kind: z.string(), name: z.string() });
const geoObject = z.object({
  GeoObject: z.object({
    Point: z.object({ pos: z.string().regex(/^-?[\d.]+ -?[\d.]+$/) }),
    metaDataProperty: z.object({
      GeocoderMetaData: z.object({ kind: z.string(), Address: z.object({ Components: z.array(component) }) }),
    }),
  }),
});
const answer = z.object({
  response: z.object({ GeoObjectCollection: z.object({ featureMember: z.array(z.unknown()) }) }),
});

/** The area `near` favours: about 20 km each way. */
const NEAR_SPAN = '0.3,0.2';

export class YandexGeocoderClient implements Geocoder {
  constructor(private readonly options: { baseUrl: () => string; apiKey: string; timeoutMs: number }) {}

  async suggest(text: string, near: GeoPoint | null, limit: number): Promise<FoundAddress[]> {
    const params = new URLSearchParams({ geocode: text, results: String(limit) });
    if (near) {
      params.set('ll', `${near.lon},${near.lat}`);
      params.set('spn', NEAR_SPAN);
    }
    return this.get(params);
  }

  async reverse(point: GeoPoint): Promise<FoundAddress | null> {
    const found = await this.get(
      new URLSearchParams({ geocode: `${point.lon},${point.lat}`, kind: 'house', results: '1' }),
    );
    return found[0] ?? null;
  }

  private async get(params: URLSearchParams): Promise<FoundAddress[]> {
    params.set('apikey', this.options.apiKey);
    params.set('format', 'json');
    params.set('lang', 'ru_RU');
    const read = answer.safeParse(
      await getJson(PROVIDER, `${this.options.baseUrl()}/1.x/?${params.toString()}`, {
        timeoutMs: this.options.timeoutMs,
      }),
    );
    if (!read.success) throw new ProviderError(PROVIDER, 'an answer without GeoObjectCollection');
    return read.data.response.GeoObjectCollection.featureMember.flatMap((item) => {
      const member = geoObject.safeParse(item);
      return member.success ? addressOf(member.data.GeoObject) : [];
    });
  }
}

/** A house or a street (GeocoderMetaData.kind); its levels from Address.Components, `pos` as "lon lat". */
function addressOf(object: z.infer<typeof geoObject>['GeoObject']): FoundAddress[] {
  const { kind, Address } = object.metaDataProperty.GeocoderMetaData;
  if (kind !== 'house' && kind !== 'street') return [];
  const named = (wanted: string) => Address.Components.filter((part) => part.kind === wanted).map((part) => part.name);
  const street = named('street').at(-1);
  if (!street) return [];
  const [lon = 0, lat = 0] = object.Point.pos.split(' ').map(Number);
  return [
    foundAddress({
      country: named('country')[0] ?? '',
      region: named('province').at(-1) ?? '',
      city: named('locality')[0] ?? '',
      street,
      house: kind === 'house' ? (named('house')[0] ?? '') : '',
      lat,
      lon,
    }),
  ];
}
