import { describe, expect, it } from 'vitest';
import { zoneContainsPoint } from '@chain/domain';
import { DEMO_ZONES } from '../seed/demo-chain';
import { DIRECTORY_HOUSES, foldText, nearestHouse, searchDirectory } from './directory';

describe('the sandbox geocoder directory (issue 13)', () => {
  const zoneOf = (point: { lat: number; lon: number }) =>
    DEMO_ZONES.find((zone) => zone.active && zoneContainsPoint(zone.polygon, point))?.id ?? null;

  it('has at least 20 houses in every active demo zone, and some outside every active zone', () => {
    for (const zone of DEMO_ZONES.filter((z) => z.active)) {
      expect(DIRECTORY_HOUSES.filter((house) => zoneOf(house) === zone.id).length, zone.name).toBeGreaterThanOrEqual(
        20,
      );
    }
    expect(DIRECTORY_HOUSES.filter((house) => zoneOf(house) === null).length).toBeGreaterThanOrEqual(50);
  });

  it('puts «Малая Бронная улица, 24» at restaurant 1’s door, and finds it typed in many ways', () => {
    for (const text of [
      'Малая Бронная, 24',
      'малая бронная 24',
      'ул. Малая Бронная, д. 24',
      'Москва, МАЛАЯ БРОННАЯ 24',
      'бронная 24',
    ]) {
      expect(searchDirectory(text, null, 10)[0], text).toMatchObject({ house: '24', lat: 55.7628, lon: 37.5937 });
    }
    expect(nearestHouse({ lat: 55.76282, lon: 37.59371 }, 0.5)).toMatchObject({
      house: '24',
      street: { name: 'Малая Бронная улица' },
    });
  });

  it('reads ё as е and a word inside a name', () => {
    expect(foldText('Ёлкин  пр-д, 5')).toBe('елкин пр д 5');
    expect(searchDirectory('ордынк', null, 1)[0]?.street.name).toBe('Большая Ордынка улица');
  });
});
