// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RatingListEntry } from '@chain/contract';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { loadRatingPage } from '../../api/ratings';
import { guestStore } from '../../state/store';
import RateListPage, { ratingCardLabel } from './rate-list-page';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock('../../api/ratings', () => ({ loadRatingPage: vi.fn(), RATING_PAGE_SIZE: 3 }));
const loadPage = vi.mocked(loadRatingPage);
const settle = () => act(async () => {});

const entry = (fields: Partial<RatingListEntry>): RatingListEntry => ({
  id: 1,
  kind: 'order',
  order_id: 501,
  znumber: 'С-017',
  restoran_id: 1,
  restoran: 'Кафе на Тверской',
  time: '2026-11-23T16:00:00.000Z',
  time_text: '23.11.2026 19:00',
  order_time_text: '23.11.2026 18:40',
  item_id: null,
  spec_id: null,
  item_name: null,
  stars: 4,
  rate_taste: 5,
  rate_fresh: null,
  rate_speed: 3,
  rate_quality: 5,
  taste: null,
  fresh: null,
  speed: null,
  comment: 'Долго ждали',
  type: 21,
  type_name: 'Долгое ожидание',
  photos: ['/api/v1/rate/photo/5?sig=x'],
  ...fields,
});
const dish = entry({
  id: 2,
  kind: 'item',
  item_id: 101,
  spec_id: 3,
  item_name: 'Борщ, Большая порция',
  stars: null,
  rate_taste: null,
  rate_speed: null,
  rate_quality: null,
  taste: 4,
  fresh: 5,
  speed: 5,
  comment: '',
  type: null,
  type_name: null,
  photos: [],
});

const renderList = async () => {
  render(
    <Router hook={memoryLocation({ path: '/rate_list' }).hook}>
      <RateListPage />
    </Router>,
  );
  await settle();
};

// SPEC 2: Мои оценки (/rate_list); SPEC 3 Order rating, Item rating; SPEC 8 load failures.
describe('Мои оценки', () => {
  beforeEach(() => {
    loadPage.mockReset();
    resetAppStores();
    guestStore.getState().setUser({ authorized: true, id: '7', password: 'tok' });
  });
  afterEach(() => cleanup());

  it('lists the ratings newest first: order number (a link), restaurant, dish, stars, scores, category, comment, photos', async () => {
    loadPage.mockResolvedValueOnce([dish, entry({})]);
    await renderList();
    expect(loadPage).toHaveBeenCalledWith({ id: '7', password: 'tok' }, 0, expect.anything());
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Оценка блюда Борщ, Большая порция, заказ С-017',
      'Оценка заказа С-017',
    ]);
    const [item, order] = cards as [HTMLElement, HTMLElement];
    expect(within(item).getByText('Борщ, Большая порция')).toBeTruthy();
    expect(item.textContent).toContain('Вкус4 из 5');
    expect(item.textContent).not.toContain('Оценка заказа:');
    expect(within(order).getByRole('link', { name: 'Заказ С-017' }).getAttribute('href')).toBe('/order_detail/501');
    expect(order.textContent).toContain('Оценка заказа: 4 из 5');
    expect(order.textContent).toContain('Скорость3 из 5');
    expect(order.textContent).not.toContain('Свежесть');
    expect(within(order).getByText('Долгое ожидание')).toBeTruthy();
    expect(within(order).getByText('Долго ждали')).toBeTruthy();
    expect(within(order).getByText('Кафе на Тверской')).toBeTruthy();
    expect(
      within(order)
        .getByRole('img', { name: /Фото 1/ })
        .getAttribute('src'),
    ).toBe('/api/v1/rate/photo/5?sig=x');
    // A short page is the last one.
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('a full page offers «Показать ещё», which asks from the number loaded', async () => {
    loadPage
      .mockResolvedValueOnce([entry({ id: 9 }), entry({ id: 8 }), entry({ id: 7 })])
      .mockResolvedValueOnce([entry({ id: 6 })]);
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await settle();
    expect(loadPage).toHaveBeenLastCalledWith({ id: '7', password: 'tok' }, 3, expect.anything());
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('no ratings: the empty state with the way to Мои заказы', async () => {
    loadPage.mockResolvedValueOnce([]);
    await renderList();
    expect(screen.getByRole('heading', { name: 'Оценок пока нет' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Мои заказы' }).getAttribute('href')).toBe('/order_list');
  });

  it('a failed load reads why and retries', async () => {
    loadPage
      .mockRejectedValueOnce(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null))
      .mockResolvedValueOnce([entry({})]);
    await renderList();
    expect(screen.getByRole('alert').textContent).toContain(REQUEST_FAILED_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('signed out: the way to sign in, nothing asked', async () => {
    guestStore.getState().setUser({ authorized: false, id: '', password: '' });
    await renderList();
    expect(screen.getByRole('link', { name: 'Войти' })).toBeTruthy();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('names a card by what it rates', () => {
    expect(ratingCardLabel({ kind: 'order', znumber: 'К-1', item_name: null })).toBe('Оценка заказа К-1');
    expect(ratingCardLabel({ kind: 'item', znumber: 'К-1', item_name: 'Морс' })).toBe('Оценка блюда Морс, заказ К-1');
  });
});
