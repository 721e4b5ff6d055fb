import type { FastifyPluginAsync } from 'fastify';
import { geoReverse, geoSuggest, mapConfig, type MapConfig } from '@chain/contract';
import { addressLimitKey } from '../../http/client-address';
import { consumeRateLimits, type RateLimitRule } from '../../http/rate-limit';
import { registerCall } from '../../http/route';
import { GeoService, geocoderCacheName } from './service';

/**
 * Geocoder calls from one address in 10 minutes (suggestions and points together, cached or
 * not): a guest typing an address with the web's pause between keys, tapping and dragging
 * makes a few dozen; a script using the chain's geocoder as a free proxy meets the wall.
 */
export const GEO_CALLS_PER_ADDRESS = { limit: 120, windowSeconds: 600 };
const GEO_RATE_MESSAGE = 'Слишком много запросов адреса. Попробуйте через несколько минут.';

const geoLimit = (ip: string): RateLimitRule[] => [
  { key: addressLimitKey('geo', ip), ...GEO_CALLS_PER_ADDRESS, message: GEO_RATE_MESSAGE },
];

/**
 * Maps and addresses (issue 13, SPEC 4 Delivery location, SPEC 7 maps service): suggestions and
 * the address at a point through the configured geocoder (adapters/geocoder), cached in the
 * database; and how the web app draws maps.
 */
export const geoRoutes: FastifyPluginAsync = async (app) => {
  const geo = new GeoService(
    app.db,
    () => app.providers.geocoder,
    geocoderCacheName(app.config.providers.geocoder),
    (error) => app.log.warn({ err: error }, 'geocoder cache write failed'),
  );

  registerCall(app, geoSuggest, async ({ body, request }) => {
    await consumeRateLimits(app.db, geoLimit(request.ip));
    return { items: await geo.suggest(body.q, body.near ?? null) };
  });

  registerCall(app, geoReverse, async ({ body, request }) => {
    await consumeRateLimits(app.db, geoLimit(request.ip));
    return { item: await geo.reverse(body) };
  });

  const config = mapConfigOf(app.config.maps);
  registerCall(app, mapConfig, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return config;
  });
};

/** Yandex Maps when the chain configured its key (SPEC 7), else the configured tile server. */
export function mapConfigOf(maps: { yandexKey: string; tiles: MapConfig['tiles'] }): MapConfig {
  return { provider: maps.yandexKey ? 'yandex' : 'tiles', tiles: maps.tiles, yandexKey: maps.yandexKey };
}
