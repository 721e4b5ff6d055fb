import { describe, expect, it } from 'vitest';
import { russianPlural } from '../src/plural';

const GUESTS = ['гость', 'гостя', 'гостей'] as const;

describe('russianPlural: the word a count takes', () => {
  it('takes the one form after 1, 21, 101, but not after 11 or 111', () => {
    for (const count of [1, 21, 101, 1001]) expect(russianPlural(count, GUESTS), String(count)).toBe('гость');
    for (const count of [11, 111]) expect(russianPlural(count, GUESTS), String(count)).toBe('гостей');
  });

  it('takes the few form after 2–4, 22–24, but not after 12–14', () => {
    for (const count of [2, 3, 4, 22, 34, 102]) expect(russianPlural(count, GUESTS), String(count)).toBe('гостя');
    for (const count of [12, 13, 14, 112]) expect(russianPlural(count, GUESTS), String(count)).toBe('гостей');
  });

  it('takes the many form after 0, 5–20 and 25–30', () => {
    for (const count of [0, 5, 9, 10, 15, 20, 25, 30, 100])
      expect(russianPlural(count, GUESTS), String(count)).toBe('гостей');
  });
});
