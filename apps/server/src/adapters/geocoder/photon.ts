import * as z from 'zod';
import type { FoundAddress } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';
import { getJson, ProviderError } from '../http';
import { foundAddress } from './found-address';
import type { Geocoder } from './types';

/**
 * A Photon-compatible geocoder (https://github.com/komoot/photon: OpenStreetMap data, made for
 * search as you type): `GET /api?q=&limit=&lat=&lon=` for suggestions, `lat`/`lon` favouring
 * places near the point, and `GET /reverse?lat=&lon=&limit=1`. Both answer GeoJSON features whose
 * properties name the place. No `lang`: the local names (Russian in Russia) are the default, and
 * a service refuses a language it was not built with.
 */
const PROVIDER = 'photon';

const feature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z
    .object({
      type: z.string().optional(),
      osm_key: z.string().optional(),
      name: z.string().optional(),
      housenumber: z.string().optional(),
      street: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
    })
    .passthrough(),
});
const answer = z.object({ features: z.array(z.unknown()) });

export class PhotonClient implements Geocoder {
  constructor(private readonly options: { baseUrl: () => string; timeoutMs: number }) {}

  async suggest(text: string, near: GeoPoint | null, limit: number): Promise<FoundAddress[]> {
    const params = new URLSearchParams({ q: text, limit: String(limit) });
    if (near) {
      params.set('lat', String(near.lat));
      params.set('lon', String(near.lon));
    }
    return (await this.get('/api', params)).slice(0, limit);
  }

  async reverse(point: GeoPoint): Promise<FoundAddress | null> {
    const found = await this.get(
      '/reverse',
      new URLSearchParams({ lat: String(point.lat), lon: String(point.lon), limit: '1' }),
    );
    return found[0] ?? null;
  }

  private async get(path: string, params: URLSearchParams): Promise<FoundAddress[]> {
    const read = answer.safeParse(
      await getJson(PROVIDER, `${this.options.baseUrl()}${path}?${params.toString()}`, {
        timeoutMs: this.options.timeoutMs,
      }),
    );
    if (!read.success) throw new ProviderError(PROVIDER, 'an answer without features');
    // A feature of another shape (a city, a shop without an address) is no address: left out.
    return read.data.features.flatMap((item) => {
      const place = feature.safeParse(item);
      return place.success ? addressOf(place.data) : [];
    });
  }
}

/** A house (it has a number) or a street (an OSM highway); anything else is not an address. */
function addressOf({ geometry, properties: p }: z.infer<typeof feature>): FoundAddress[] {
  const [lon, lat] = geometry.coordinates;
  const isStreet = p.type === 'street' || p.osm_key === 'highway';
  const street = p.housenumber ? (p.street ?? p.name) : isStreet ? p.name : undefined;
  if (!street) return [];
  return [
    foundAddress({
      country: p.country ?? '',
      region: p.state ?? '',
      city: p.city ?? '',
      street,
      house: p.housenumber ?? '',
      lat,
      lon,
    }),
  ];
}
