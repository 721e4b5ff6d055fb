import { describe, expect, it } from 'vitest';
import { decodeLocation } from '../src';

describe('decodeLocation (SPEC 3 Restaurant location: JSON text {lat, lon})', () => {
  it('decodes the restaurant’s point', () => {
    expect(decodeLocation('{"lat":55.764,"lon":37.594}')).toEqual({ lat: 55.764, lon: 37.594 });
  });
  it('is null for text that is not JSON, or JSON without numeric lat and lon', () => {
    expect(decodeLocation('')).toBeNull();
    expect(decodeLocation('55.7,37.5')).toBeNull();
    expect(decodeLocation('{"lat":"55.7","lon":37.5}')).toBeNull();
    expect(decodeLocation('null')).toBeNull();
  });
});
