import type { GeoPoint } from '@chain/domain';

export const LOCATE_DENIED_MESSAGE = 'Нет доступа к геолокации. Разрешите его в настройках браузера.';
export const LOCATE_FAILED_MESSAGE = 'Не удалось определить местоположение. Попробуйте ещё раз позже.';

/** Why the guest's location is not known: no permission, or the device could not tell. */
export type LocateFailure = 'denied' | 'failed';

/** The rejection of locateGuest: an Error whose `failure` says why. */
export class LocateError extends Error {
  readonly failure: LocateFailure;

  constructor(failure: LocateFailure) {
    super(failure === 'denied' ? LOCATE_DENIED_MESSAGE : LOCATE_FAILED_MESSAGE);
    this.name = 'LocateError';
    this.failure = failure;
  }
}

/**
 * The guest's location once, from the browser (SPEC 7: geolocation), as { lat, lon }; rejects
 * with a LocateError whose message is the Russian text to show (a screen may say its own, by
 * `failure`). Shared by the load list (sort by distance), the restaurant map and the delivery
 * address's map. `maximumAgeMs`: how old a position the browser may answer with (a delivery
 * address wants a fresh one).
 */
export function locateGuest({ maximumAgeMs = 60_000 }: { maximumAgeMs?: number } = {}): Promise<GeoPoint> {
  return new Promise<GeoPoint>((resolve, reject: (error: LocateError) => void) => {
    if (!('geolocation' in navigator)) {
      reject(new LocateError('failed'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      (error) => reject(new LocateError(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: maximumAgeMs },
    );
  });
}
