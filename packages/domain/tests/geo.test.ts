import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, formatDistanceKm, haversineKm } from '../src/geo';

const kremlin = { lat: 55.752, lon: 37.6175 };
const spbPalace = { lat: 59.9398, lon: 30.3146 };

describe('haversine distance (SPEC 9)', () => {
  it('uses an Earth radius of 6371 km (SPEC 9)', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // a quarter of a meridian is π/2 × R
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
    // a quarter of the equator as well
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 90 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });

  it('measures Moscow to Saint Petersburg at about 634 km', () => {
    expect(haversineKm(kremlin, spbPalace)).toBeCloseTo(634.4, 0);
    expect(haversineKm(spbPalace, kremlin)).toBeCloseTo(haversineKm(kremlin, spbPalace), 9);
  });

  it('shrinks east-west distances towards the pole', () => {
    // one degree of longitude at 60° north is half of one at the equator
    const atEquator = haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 1 });
    expect(haversineKm({ lat: 60, lon: 0 }, { lat: 60, lon: 1 })).toBeCloseTo(atEquator / 2, 2);
  });

  it('is zero for the same point and at most half the circumference', () => {
    expect(haversineKm(kremlin, kremlin)).toBe(0);
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });

  it('shows distances to 0.1 km with a comma (SPEC 9)', () => {
    expect(formatDistanceKm(12.34)).toBe('12,3 км');
    expect(formatDistanceKm(12.35)).toBe('12,4 км');
    expect(formatDistanceKm(0.04)).toBe('0,0 км');
    expect(formatDistanceKm(5)).toBe('5,0 км');
    expect(formatDistanceKm(9.96)).toBe('10,0 км');
  });
});
