import type { Kysely } from 'kysely';
import { GEOCODER_UNAVAILABLE_MESSAGE, type FoundAddress } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';
import { ProviderError } from '../../adapters/http';
import type { Geocoder } from '../../adapters/geocoder/types';
import type { Database } from '../../db/types';
import { AppError } from '../../http/errors';
import { pruneCachedAnswers, readCachedAnswer, writeCachedAnswer } from './repository';

/** How long an answer is kept: streets and houses seldom change in a week. */
export const GEOCODER_CACHE_TTL_MS = 7 * 24 * 3600 * 1000;
/** At most this many answers are kept (a few MB); beyond it, the soonest to expire go. */
export const GEOCODER_CACHE_MAX_ROWS = 20_000;
/** Every this many answers written, an instance prunes the cache. */
const PRUNE_EVERY_WRITES = 100;
/** Suggestions per search (the contract's "up to 10"). */
export const SUGGESTIONS = 10;

/**
 * A reverse point is rounded to 4 decimals (about 11 m by latitude, 6 m by longitude here) and
 * asked at the rounded point, so taps and drags that close share an answer.
 */
const POINT_DECIMALS = 4;
/** `near` only orders suggestions: rounded to 2 decimals (about 1 km), it shares answers across a district. */
const NEAR_DECIMALS = 2;

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** A search text as the cache compares it: trimmed, lower case, ё as е, spaces collapsed. */
export function foldQuery(text: string): string {
  return text.trim().toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ');
}

/**
 * The geocoder behind the geo calls: asks the configured provider (adapters/geocoder) and keeps
 * its answers in the database, shared by every instance (migration 014). A provider that does not
 * answer in time, or answers an error, is a 503 `geocoder_unavailable` with the contract's text,
 * and nothing is kept.
 */
/** The first part of every cache key: the service that answers (kind and URL), so another one asks afresh. */
export function geocoderCacheName(geocoder: { kind: string; baseUrl: string | null }): string {
  return `${geocoder.kind}@${geocoder.baseUrl ?? 'default'}`;
}

export class GeoService {
  #writes = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly geocoder: () => Geocoder,
    /** Which service answers (kind and URL): the cache keys start with it. */
    private readonly providerKind: string,
    /** Where a failed cache write or prune is told; it never fails the guest's answer. */
    private readonly onCacheError: (error: unknown) => void = () => undefined,
  ) {}

  suggest(text: string, near: GeoPoint | null): Promise<FoundAddress[]> {
    const point = near ? { lat: round(near.lat, NEAR_DECIMALS), lon: round(near.lon, NEAR_DECIMALS) } : null;
    const folded = foldQuery(text);
    const key = `${this.providerKind}:suggest:${point ? `${point.lat},${point.lon}` : '-'}:${folded}`;
    return this.cached(key, () => this.geocoder().suggest(text.trim(), point, SUGGESTIONS));
  }

  reverse(at: GeoPoint): Promise<FoundAddress | null> {
    const point = { lat: round(at.lat, POINT_DECIMALS), lon: round(at.lon, POINT_DECIMALS) };
    return this.cached(`${this.providerKind}:reverse:${point.lat},${point.lon}`, () => this.geocoder().reverse(point));
  }

  private async cached<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const now = new Date();
    const kept = await readCachedAnswer(this.db, key, now);
    if (kept !== undefined) return JSON.parse(kept) as T;
    let answer: T;
    try {
      answer = await ask();
    } catch (error) {
      if (error instanceof ProviderError) throw new GeocoderUnavailableError(error);
      throw error;
    }
    // The address is found: keeping it is best effort, and pruning runs off the guest's request.
    try {
      await writeCachedAnswer(this.db, key, JSON.stringify(answer), new Date(now.getTime() + GEOCODER_CACHE_TTL_MS));
    } catch (error) {
      this.onCacheError(error);
    }
    if (++this.#writes % PRUNE_EVERY_WRITES === 0)
      pruneCachedAnswers(this.db, now, GEOCODER_CACHE_MAX_ROWS).catch(this.onCacheError);
    return answer;
  }
}

/** 503 geocoder_unavailable: the guest can still tap the map (contract geo.ts). */
export class GeocoderUnavailableError extends AppError {
  constructor(cause: ProviderError) {
    super(503, 'geocoder_unavailable', GEOCODER_UNAVAILABLE_MESSAGE);
    this.cause = cause;
  }
}
