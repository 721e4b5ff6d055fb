import { describe, expect, it } from 'vitest';
import {
  hasRating,
  paidText,
  progressBarSteps,
  showsPayButton,
  showsRatingControls,
  showsTipsLink,
} from '../src/order-display';

describe('order display (SPEC 4)', () => {
  it('says whether the order is paid: «Оплачен» / «Не оплачен» (SPEC 4 paid flag)', () => {
    expect(([1, '1', true] as const).map((paid) => paidText(paid))).toEqual(['Оплачен', 'Оплачен', 'Оплачен']);
    expect(([0, '0', false] as const).map((paid) => paidText(paid))).toEqual([
      'Не оплачен',
      'Не оплачен',
      'Не оплачен',
    ]);
  });

  it('shows the pay button while unpaid and below status 50 (SPEC 4)', () => {
    expect(showsPayButton({ paid: 0, status: 10 })).toBe(true);
    expect(showsPayButton({ paid: '0', status: '49' })).toBe(true);
    expect(showsPayButton({ paid: 0, status: 50 })).toBe(false);
    expect(showsPayButton({ paid: 1, status: 10 })).toBe(false);
  });

  it('shows the rating controls for a paid order without a rating (SPEC 4)', () => {
    expect(showsRatingControls({ paid: 1, rate: null })).toBe(true);
    expect(showsRatingControls({ paid: '1' })).toBe(true);
    expect(showsRatingControls({ paid: 1, rate: { stars: 5 } })).toBe(false);
    expect(showsRatingControls({ paid: 0, rate: null })).toBe(false);
  });

  it('reads an empty rate as no rating', () => {
    expect([null, undefined, '', 0, [], {}].map(hasRating)).toEqual([false, false, false, false, false, false]);
    expect([[{ stars: 4 }], { stars: 4 }, 4, '4'].map(hasRating)).toEqual([true, true, true, true]);
  });

  it('offers the tips link for paid orders with tips_id (SPEC 4)', () => {
    expect(showsTipsLink({ paid: 1, tips_id: 'abc' })).toBe(true);
    expect(showsTipsLink({ paid: 1, tips_id: 12 })).toBe(true);
    expect(showsTipsLink({ paid: 0, tips_id: 'abc' })).toBe(false);
    expect(showsTipsLink({ paid: 1, tips_id: null })).toBe(false);
    expect(showsTipsLink({ paid: 1 })).toBe(false);
    expect(showsTipsLink({ paid: 1, tips_id: ' ' })).toBe(false);
  });

  it('draws payment, kitchen, delivery and a final icon for courier orders (SPEC 4)', () => {
    expect(progressBarSteps('delivery', 2)).toEqual([
      { icon: 'payment', state: 'done' },
      { icon: 'kitchen', state: 'current' },
      { icon: 'delivery', state: 'pending' },
      { icon: 'final', state: 'pending' },
    ]);
  });

  it('draws pickup instead of delivery for self and inrest orders (SPEC 4)', () => {
    expect(progressBarSteps('self', 3).map((step) => step.icon)).toEqual(['payment', 'kitchen', 'pickup', 'final']);
    expect(progressBarSteps('inrest', 4).map((step) => step.state)).toEqual(['done', 'done', 'done', 'current']);
  });

  it('marks every step done at step 5 and none before step 1 (SPEC 4)', () => {
    expect(progressBarSteps('self', 5).every((step) => step.state === 'done')).toBe(true);
    expect(progressBarSteps('self', 1).map((step) => step.state)).toEqual(['current', 'pending', 'pending', 'pending']);
    expect(progressBarSteps('self', 0).every((step) => step.state === 'pending')).toBe(true);
  });
});
