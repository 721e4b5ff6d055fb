import { describe, expect, it } from 'vitest';
import { starLabel } from '../../ui/rating-view';
import {
  categoryGroups,
  categoryName,
  dishScoresText,
  initialDraft,
  offersRating,
  ratableDishes,
  ratingRequests,
  showsCategory,
  withRatings,
} from './rating-model';
import { orderFixture } from './order-fixtures.test-support';

describe('the rating rules (SPEC 3, 5)', () => {
  it('names a star in Russian: 1 звезда, 2–4 звезды, 5 звёзд', () => {
    expect([1, 2, 3, 4, 5].map((value) => starLabel(value))).toEqual([
      '1 звезда из 5',
      '2 звезды из 5',
      '3 звезды из 5',
      '4 звезды из 5',
      '5 звёзд из 5',
    ]);
    expect(starLabel(11, 20)).toBe('11 звёзд из 20');
    expect(starLabel(21, 30)).toBe('21 звезда из 30');
  });

  it('a draft starts at 5 everywhere and shows no category; any low score shows it', () => {
    const dishes = ratableDishes(orderFixture());
    const draft = initialDraft(dishes);
    expect(draft.stars).toBe(5);
    expect(showsCategory(draft)).toBe(false);
    expect(showsCategory({ ...draft, stars: 1 })).toBe(true);
    // The order's own sub-scores are not what SPEC 5 names: stars or a dish's score.
    expect(showsCategory({ ...draft, scores: { ...draft.scores, rate_quality: 2 } })).toBe(false);
    expect(showsCategory({ ...draft, dishes: { ...draft.dishes, '102:': { taste: 5, fresh: 5, speed: 4 } } })).toBe(
      true,
    );
  });

  it('the category is sent only while its select shows', () => {
    const dishes = ratableDishes(orderFixture());
    const draft = { ...initialDraft(dishes), type: '11' };
    expect(ratingRequests(501, dishes, draft)[0]!.fields.type).toBeUndefined();
    expect(ratingRequests(501, dishes, { ...draft, stars: 3 })[0]!.fields.type).toBe('11');
  });

  it('offers the form while a paid order or one of its dishes is unrated, never for an unpaid order (SPEC 4)', () => {
    const time = '2026-11-23T16:00:00.000Z';
    const orderRate = {
      id: 9,
      stars: 5,
      rate_taste: null,
      rate_fresh: null,
      rate_speed: null,
      rate_quality: null,
      comment: '',
      type: null,
      photos: [],
      time,
    };
    const dishRate = { id: 10, taste: 5, fresh: 5, speed: 5, comment: '', type: null, photos: [], time };
    const fixture = orderFixture();
    const [borsch, morse] = fixture.basket;
    expect(offersRating(fixture)).toBe(true);
    expect(offersRating({ ...fixture, rate: orderRate, basket: [{ ...borsch!, rate: dishRate }, morse!] })).toBe(true);
    expect(
      offersRating({
        ...fixture,
        rate: orderRate,
        basket: [
          { ...borsch!, rate: dishRate },
          { ...morse!, rate: dishRate },
        ],
      }),
    ).toBe(false);
    expect(offersRating({ ...fixture, paid: 0 })).toBe(false);
    expect(offersRating({ ...fixture, paid: 0, rate: orderRate })).toBe(false);
  });

  it('an order rated before keeps its own rating when its dishes are rated', () => {
    const time = '2026-11-23T16:00:00.000Z';
    const orderRate = {
      id: 9,
      stars: 3,
      rate_taste: null,
      rate_fresh: null,
      rate_speed: null,
      rate_quality: null,
      comment: 'Было',
      type: null,
      photos: [],
      time,
    };
    const order = orderFixture({ rate: orderRate });
    const dishes = ratableDishes(order);
    const rated = withRatings(order, dishes, initialDraft(dishes), time);
    expect(rated.rate).toBe(orderRate);
    expect(rated.basket.every((line) => line.rate !== null)).toBe(true);
  });

  it('categories by section, names by id', () => {
    const types = {
      sections: [
        { id: 2, name: 'Сервис' },
        { id: 1, name: 'Кухня' },
        { id: 3, name: 'Пусто' },
      ],
      items: [
        { id: 11, name: 'Холодное', section_id: 1 },
        { id: 21, name: 'Долго', section_id: 2 },
      ],
    };
    expect(categoryGroups(types).map((group) => [group.name, group.items.map((item) => item.name)])).toEqual([
      ['Сервис', ['Долго']],
      ['Кухня', ['Холодное']],
    ]);
    expect(categoryName(types, 21)).toBe('Долго');
    expect(categoryName(types, 99)).toBeNull();
    expect(categoryName(null, 21)).toBeNull();
  });

  it('a dish’s scores read as one line, unset ones left out', () => {
    expect(dishScoresText({ taste: 4, fresh: null, speed: 5 })).toBe('Вкус 4 из 5 · Скорость 5 из 5');
    expect(dishScoresText({ taste: null, fresh: null, speed: null })).toBe('');
  });
});
