import { describe, expect, it } from 'vitest';
import { favouritesFirst, sortLoadList } from '../src/load-list';

const centre = { lat: 55.7558, lon: 37.6173 };
const entries = [
  { fs_uid: 'far-quiet', zagruzkaPerc: 10, location: { lat: 55.9, lon: 37.6 } },
  { fs_uid: 'near-busy', zagruzkaPerc: 90, location: { lat: 55.76, lon: 37.62 } },
  { fs_uid: 'mid', zagruzkaPerc: 50, location: { lat: 55.8, lon: 37.6 } },
  { fs_uid: 'nowhere', zagruzkaPerc: 30, location: null },
];

describe('load list order (SPEC 9)', () => {
  it('sorts by load, least busy first (SPEC 9)', () => {
    const sorted = sortLoadList(entries, { by: 'load' });
    expect(sorted.map((entry) => entry.fs_uid)).toEqual(['far-quiet', 'nowhere', 'mid', 'near-busy']);
  });

  it('sorts by haversine distance, nearest first, unknown locations last (SPEC 9)', () => {
    const sorted = sortLoadList(entries, { by: 'distance', origin: centre });
    expect(sorted.map((entry) => entry.fs_uid)).toEqual(['near-busy', 'mid', 'far-quiet', 'nowhere']);
    expect(sorted[0]?.distanceKm).toBeCloseTo(0.51, 1);
    expect(sorted[3]?.distanceKm).toBeNull();
  });

  it('puts favourites first in either order (SPEC 9)', () => {
    const favourites = new Set(['mid', 'nowhere']);
    expect(sortLoadList(entries, { by: 'load', favourites }).map((entry) => entry.fs_uid)).toEqual([
      'nowhere',
      'mid',
      'far-quiet',
      'near-busy',
    ]);
    expect(sortLoadList(entries, { by: 'distance', origin: centre, favourites }).map((entry) => entry.fs_uid)).toEqual([
      'mid',
      'nowhere',
      'near-busy',
      'far-quiet',
    ]);
  });

  it('keeps list order where distance is unknown for all, and leaves the input alone', () => {
    const before = structuredClone(entries);
    const sorted = sortLoadList(entries, { by: 'distance', origin: null });
    expect(sorted.map((entry) => entry.fs_uid)).toEqual(entries.map((entry) => entry.fs_uid));
    expect(sorted.every((entry) => entry.distanceKm === null)).toBe(true);
    expect(entries).toEqual(before);
  });

  it('keeps list order between equal loads', () => {
    const tied = [
      { fs_uid: 'b', zagruzkaPerc: 40 },
      { fs_uid: 'a', zagruzkaPerc: 40 },
      { fs_uid: 'c', zagruzkaPerc: 20 },
    ];
    expect(sortLoadList(tied, { by: 'load' }).map((entry) => entry.fs_uid)).toEqual(['c', 'b', 'a']);
  });

  it('moves favourites ahead keeping each group in order (SPEC 2)', () => {
    expect(favouritesFirst([1, 2, 3, 4, 5], (n) => n % 2 === 0)).toEqual([2, 4, 1, 3, 5]);
  });
});
