import type { FoundAddress } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';

/**
 * A geocoding service (issue 13): address suggestions for a typed text and the address at a
 * point, as the contract's FoundAddress. Either answers or throws a ProviderError (no answer in
 * time, an HTTP error, an answer it cannot read).
 */
export interface Geocoder {
  /** Up to `limit` addresses for the text, houses and streets only; `near` orders them. */
  suggest(text: string, near: GeoPoint | null, limit: number): Promise<FoundAddress[]>;
  /** The nearest house (or street) to the point, or null when the service knows nothing there. */
  reverse(point: GeoPoint): Promise<FoundAddress | null>;
}
