// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RestaurantWire } from '@chain/contract';
import { OUTSIDE_DELIVERY_ZONE_MESSAGE } from '@chain/domain';
import { restaurantWire, ZONE_CENTRE } from '../../api/delivery-fixtures.test-support';
import { choosePoint } from './delivery-map-model';
import { PointSummary } from './point-summary';

/** Monday 23 November 2026, 12:00 in Moscow. */
const NOON = new Date('2026-11-23T12:00:00+03:00');
const summaryOf = (restaurant: RestaurantWire, point = ZONE_CENTRE) => {
  render(<PointSummary chosen={choosePoint([restaurant], point, 'tap')} />);
  return screen.getByRole('status');
};

// SPEC 2 Адрес доставки, SPEC 4 Delivery location: the restaurant and zone of the chosen point,
// and (issue 31) why that restaurant takes no order while its manager has closed it for now.
describe('the chosen point’s summary on the delivery map (SPEC 2, SPEC 4 Delivery location, issue 31)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOON);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('names the restaurant and zone, and nothing about closing while it is open', () => {
    const summary = summaryOf(restaurantWire());
    expect(summary.textContent).toContain('Доставит Жар-печь на Бронной, зона «Патриаршие»');
    expect(summary.textContent).not.toContain('Закрыто');
  });

  it('says «Закрыто до 18:00», or the manager’s own words, while the restaurant is closed for now', () => {
    expect(
      summaryOf(restaurantWire({ closedUntil: '2026-11-23T15:00:00.000Z', closedText: '' })).textContent,
    ).toContain('Закрыто до 18:00');
    cleanup();
    expect(
      summaryOf(restaurantWire({ closedUntil: '2026-11-23T15:00:00.000Z', closedText: 'Учёт до вечера' })).textContent,
    ).toContain('Учёт до вечера');
    cleanup();
    // Past the time it is open again by itself.
    expect(
      summaryOf(restaurantWire({ closedUntil: '2026-11-23T08:00:00.000Z', closedText: '' })).textContent,
    ).not.toContain('Закрыто');
  });

  it('outside every zone says SPEC 8’s words instead', () => {
    expect(
      summaryOf(restaurantWire({ closedUntil: '2026-11-23T15:00:00.000Z' }), { lat: 50, lon: 30 }).textContent,
    ).toContain(OUTSIDE_DELIVERY_ZONE_MESSAGE);
  });
});
