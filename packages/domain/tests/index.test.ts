import { describe, expect, it } from 'vitest';
import * as domain from '../src/index';

describe('package entry', () => {
  it('re-exports the rules of every concept', () => {
    for (const name of [
      'formatMoney',
      'withTimeout',
      'formatAmount',
      'discountAmount',
      'formatClock',
      'formatDuration',
      'formatLongDate',
      'formatShortDate',
      'wallClockAt',
      'isOpenAt',
      'zoneContainsPoint',
      'deliveryZoneFor',
      'haversineKm',
      'sortLoadList',
      'lineToken',
      'addToCart',
      'cartTotal',
      'orderTotals',
      'minimumOrderSum',
      'quoteCheckout',
      'pickupSlots',
      'openPickupSlots',
      'dateChoices',
      'deliveryPeriodChoices',
      'bookingDates',
      'bookingRemainingSeconds',
      'bookingPeriods',
      'freeTableFor',
      'bookingControls',
      'loadPercent',
      'loadBand',
      'loadedCookMinutes',
      'formatPhoneInput',
      'validatePhone',
      'validateEmailCode',
      'tableOrderBlock',
      'cssColour',
      'showsPayButton',
      'progressBarSteps',
      'randomUuid',
      'photoRenditionUrl',
      'parsePhotoRendition',
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
