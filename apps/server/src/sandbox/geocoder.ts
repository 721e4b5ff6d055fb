import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod';
import { CITY, COUNTRY, DIRECTORY_STREETS, nearestHouse, searchDirectory, type DirectoryHouse } from './directory';

/**
 * The sandbox's geocoder (issue 13): a Photon-compatible service (`/api`, `/reverse`, GeoJSON
 * features) answering from the demo city's directory (directory.ts), so the real Photon adapter
 * runs end to end with no internet. `POST …/faults` makes the next calls fail or slow down.
 */
const PHOTON = '/sandbox/providers/photon';
/** How far /reverse looks for a house by default, like Photon's `radius` (km). */
const REVERSE_RADIUS_KM = 0.5;
const MAX_LIMIT = 50;

const coordinate = (max: number) => z.coerce.number().min(-max).max(max);
const searchQuery = z.object({
  q: z.string().trim().min(1).max(500),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(10),
  lat: coordinate(90).optional(),
  lon: coordinate(180).optional(),
});
const reverseQuery = z.object({
  lat: coordinate(90),
  lon: coordinate(180),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(1),
  radius: z.coerce.number().min(0).max(100).default(REVERSE_RADIUS_KM),
});
const faultsBody = z.object({
  count: z.number().int().min(0).max(1000),
  delayMs: z.number().int().min(0).max(60_000).default(0),
});

/** A directory place as Photon answers it: a house with its number and street, or a street by name. */
function feature(place: DirectoryHouse) {
  const id = DIRECTORY_STREETS.indexOf(place.street) * 1000 + (Number.parseInt(place.house, 10) || 0);
  const common = {
    osm_type: place.house ? 'N' : 'W',
    osm_id: 900_000 + id,
    city: CITY,
    state: CITY,
    country: COUNTRY,
    countrycode: 'RU',
  };
  const properties = place.house
    ? {
        ...common,
        osm_key: 'building',
        osm_value: 'yes',
        type: 'house',
        housenumber: place.house,
        street: place.street.name,
      }
    : { ...common, osm_key: 'highway', osm_value: 'residential', type: 'street', name: place.street.name };
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [place.lon, place.lat] }, properties };
}

const collection = (places: DirectoryHouse[]) => ({ type: 'FeatureCollection', features: places.map(feature) });

export const geocoderSandboxRoutes: FastifyPluginAsync = async (app) => {
  // The next `count` calls answer 503, or with `delayMs` answer that much later.
  const faults = { count: 0, delayMs: 0 };
  const faulted = async (): Promise<boolean> => {
    if (faults.count === 0) return false;
    faults.count -= 1;
    if (faults.delayMs === 0) return true;
    await sleep(faults.delayMs);
    return false;
  };

  app.get(`${PHOTON}/api`, async (request, reply) => {
    if (await faulted()) return reply.status(503).send({ message: 'sandbox fault' });
    const query = searchQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send({ message: "missing search term 'q': /?q=berlin" });
    const { q, limit, lat, lon } = query.data;
    const near = lat !== undefined && lon !== undefined ? { lat, lon } : null;
    return collection(searchDirectory(q, near, limit));
  });

  app.get(`${PHOTON}/reverse`, async (request, reply) => {
    if (await faulted()) return reply.status(503).send({ message: 'sandbox fault' });
    const query = reverseQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send({ message: 'missing lat and lon' });
    const house = nearestHouse(query.data, query.data.radius);
    return collection(house ? [house] : []);
  });

  app.post(`${PHOTON}/faults`, async (request, reply) => {
    const body = faultsBody.safeParse(request.body);
    if (!body.success)
      return reply.status(400).send({ message: 'Укажите count (0–1000) и, если нужно, delayMs (0–60000).' });
    Object.assign(faults, body.data);
    return faults;
  });
};
