// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callAction } from '../../api/action';
import { cartStore } from '../../state/store';
import { resetAppStores } from '../../state/stores.test-support';
import { preorderQuery } from './api/later-orders';
import PreorderPage from './preorder-page';

vi.mock('../../api/action', () => ({ callAction: vi.fn() }));
const action = vi.mocked(callAction);
const settle = () => act(async () => {});

const restaurant = (id: number, name: string) => ({
  id,
  fs_uid: `uid-${id}`,
  name,
  nameShort: name,
  address: `Адрес ${id}`,
  time_zone: 'Europe/Moscow',
});
const RESTAURANTS = [restaurant(4, 'Жар-печь на Таганке'), restaurant(1, 'Жар-печь на Патриарших')];

function answer(fields: Record<string, unknown>): unknown {
  const chosen = fields['restoranid'] === undefined ? null : Number(fields['restoranid']);
  return {
    periods: chosen === null ? [] : [{ periodfrom: '19:00', text: '19:00' }],
    restorans: RESTAURANTS,
    restoranid: chosen,
    dates: chosen === null ? [] : [{ date: 1_795_000_000, value: '27.11.2026', label: 'Сегодня' }],
    deliveryDateTimeProps: { deliveryDate: '27.11.2026', deliveryTime: '19:00', isTimePeriods: 0 },
    allowbooking: 1,
    min_sum: 0,
    message: '',
  };
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <PreorderPage />
    </Router>,
  );
  return location;
}

const checked = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name }).checked;

describe('Предзаказ (SPEC 2 Предзаказ)', () => {
  beforeEach(() => {
    action.mockReset();
    action.mockImplementation(async (_definition, fields) => answer(fields as Record<string, unknown>));
    preorderQuery.invalidate();
    resetAppStores();
  });
  afterEach(() => cleanup());

  it('opened from a restaurant (its closed menu), starts with that restaurant chosen and its times asked (issue 33)', async () => {
    const location = renderAt('/predzakaz?restaurant=1');
    await settle();
    expect(checked(/Жар-печь на Патриарших/)).toBe(true);
    expect(checked(/Жар-печь на Таганке/)).toBe(false);
    expect(action.mock.calls.map(([, fields]) => (fields as Record<string, unknown>)['restoranid'])).toContain('1');
    fireEvent.click(screen.getByRole('radio', { name: '19:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать блюда к 19:00' }));
    expect(location.history?.at(-1)).toBe('/menu/1/inrest');
    expect(cartStore.getState().checkout.deliveryDateTime).toEqual({
      deliveryDate: '27.11.2026',
      deliveryTime: '19:00',
      isTimePeriods: false,
    });
  });

  it('opened from Home, starts with no restaurant chosen', async () => {
    renderAt('/predzakaz');
    await settle();
    expect(checked(/Жар-печь на Патриарших/)).toBe(false);
    expect(checked(/Жар-печь на Таганке/)).toBe(false);
    expect(screen.getByRole('button', { name: 'Выберите ресторан и время' })).toBeTruthy();
  });
});
