import { type GeoPoint, haversineKm } from './geo';

/** A restaurant of the load list (SPEC 3): load percent and location. */
export interface LoadListEntry {
  readonly fs_uid: string;
  readonly zagruzkaPerc: number;
  readonly location?: GeoPoint | null;
}

/** How the load list is ordered (SPEC 2, 9). */
export type LoadSort = 'load' | 'distance';

/** A load list entry with its distance from the guest in km, or null when unknown (SPEC 9). */
export type WithDistance<T> = T & { readonly distanceKm: number | null };

/** The items with favourites first, each group keeping its order (SPEC 2, 9). */
export function favouritesFirst<T>(items: readonly T[], isFavourite: (item: T) => boolean): T[] {
  return [...items.filter(isFavourite), ...items.filter((item) => !isFavourite(item))];
}

// Least busy or nearest first; entries without a distance go last; ties keep list order.
/** The load list, favourites first, then by load % or haversine km, ascending (SPEC 9). */
export function sortLoadList<T extends LoadListEntry>(
  entries: readonly T[],
  options: { readonly by: LoadSort; readonly origin?: GeoPoint | null; readonly favourites?: ReadonlySet<string> },
): WithDistance<T>[] {
  const { by, origin, favourites } = options;
  const measured = entries.map((entry): WithDistance<T> => ({
    ...entry,
    distanceKm: origin && entry.location ? haversineKm(origin, entry.location) : null,
  }));
  const key = (entry: WithDistance<T>): number =>
    by === 'load' ? entry.zagruzkaPerc : (entry.distanceKm ?? Number.POSITIVE_INFINITY);
  const sorted = measured.toSorted((a, b) => {
    const difference = key(a) - key(b);
    return Number.isNaN(difference) ? 0 : difference;
  });
  return favouritesFirst(sorted, (entry) => favourites?.has(entry.fs_uid) === true);
}
