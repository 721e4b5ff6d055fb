import { describe, expect, it } from 'vitest';
import { isTipAmount, MAX_TIP_KOPECKS, tipsAmountParam, tipsChoices, tipsLink } from '../src/tips';

const URL_BASE = 'https://tips.example.ru/p/';
const VOLUMES = [
  { sum: 10_000, text: '100 ₽' },
  { sum: 20_000, text: '200 ₽' },
];

describe('tips link (SPEC 7: a tips service link with tips_id and amount)', () => {
  it('joins the base, the tips id and the amount in roubles', () => {
    expect(tipsLink(URL_BASE, 'a1b2c3', 10_000)).toBe('https://tips.example.ru/p/a1b2c3?amount=100');
    expect(tipsLink('https://tips.example.ru/p', 'a1b2c3', 10_000)).toBe('https://tips.example.ru/p/a1b2c3?amount=100');
    expect(tipsLink('http://localhost:3000/sandbox/tips/', 42, 15_050)).toBe(
      'http://localhost:3000/sandbox/tips/42?amount=150.5',
    );
  });

  it('escapes the tips id, so it stays one path segment', () => {
    expect(tipsLink(URL_BASE, 'a/b?c', 100)).toBe('https://tips.example.ru/p/a%2Fb%3Fc?amount=1');
  });

  it('links nothing without an http(s) base, a tips id or an amount within bounds', () => {
    expect(tipsLink('', 'a1', 10_000)).toBeNull();
    expect(tipsLink('javascript:alert(1)//', 'a1', 10_000)).toBeNull();
    expect(tipsLink('https://tips.example.ru/?x=1', 'a1', 10_000)).toBeNull();
    expect(tipsLink(URL_BASE, ' ', 10_000)).toBeNull();
    expect(tipsLink(URL_BASE, 'a1', 0)).toBeNull();
    expect(tipsLink(URL_BASE, 'a1', -100)).toBeNull();
    expect(tipsLink(URL_BASE, 'a1', 10.5)).toBeNull();
    expect(tipsLink(URL_BASE, 'a1', MAX_TIP_KOPECKS + 1)).toBeNull();
    expect(tipsLink(URL_BASE, 'a1', MAX_TIP_KOPECKS)).toBe('https://tips.example.ru/p/a1?amount=100000');
  });

  it('writes the amount in roubles with a dot and no trailing zeros', () => {
    expect(['1', '0.01', '0.1', '1234.56', '50'].join()).toBe([100, 1, 10, 123_456, 5000].map(tipsAmountParam).join());
    expect([1, MAX_TIP_KOPECKS].every(isTipAmount)).toBe(true);
    expect([0, -1, 1.5, Number.NaN, MAX_TIP_KOPECKS + 1].some(isTipAmount)).toBe(false);
  });
});

describe('tips choices of an order (SPEC 4: for paid orders with tips_id; SPEC 3 tips_volume)', () => {
  it('offers every preset amount of a paid order with a tips id, in the settings order', () => {
    expect(tipsChoices({ paid: 1, tips_id: 't1' }, URL_BASE, VOLUMES)).toEqual([
      { sum: 10_000, text: '100 ₽', href: 'https://tips.example.ru/p/t1?amount=100' },
      { sum: 20_000, text: '200 ₽', href: 'https://tips.example.ru/p/t1?amount=200' },
    ]);
  });

  it('offers nothing to an unpaid order or one without a tips id', () => {
    expect(tipsChoices({ paid: 0, tips_id: 't1' }, URL_BASE, VOLUMES)).toEqual([]);
    expect(tipsChoices({ paid: 1, tips_id: null }, URL_BASE, VOLUMES)).toEqual([]);
    expect(tipsChoices({ paid: 1, tips_id: 't1' }, '', VOLUMES)).toEqual([]);
  });

  it('leaves out a preset without a label or with an amount out of bounds', () => {
    const volumes = [
      { sum: 0, text: '0 ₽' },
      { sum: 5000, text: ' ' },
      { sum: 30_000, text: ' 300 ₽ ' },
    ];
    expect(tipsChoices({ paid: '1', tips_id: 't1' }, URL_BASE, volumes)).toEqual([
      { sum: 30_000, text: '300 ₽', href: 'https://tips.example.ru/p/t1?amount=300' },
    ]);
  });
});
