// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callAction } from '../../api/action';
import { EMPTY_USER } from '../../state/guest-store';
import { cartStore, guestStore } from '../../state/store';
import DelayedOrderPage from './delayed-order-page';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock('../../api/action', () => ({ callAction: vi.fn() }));
const action = vi.mocked(callAction);
const settle = () => act(async () => {});

const restaurant = (id: number, name: string, order_types: Array<'self' | 'inrest'>) => ({
  id,
  fs_uid: `uid-${id}`,
  name,
  nameShort: name,
  address: `Адрес ${id}`,
  time_zone: 'Europe/Moscow',
  order_types,
});
const RESTAURANTS = [
  restaurant(4, 'Жар-печь на Таганке', ['inrest']),
  restaurant(1, 'Жар-печь на Патриарших', ['self', 'inrest']),
];

function answer(name: string, fields: Record<string, unknown>): unknown {
  if (name === 'checkDelayed') return { order: null };
  const chosen = fields['restoranid'] === undefined ? null : Number(fields['restoranid']);
  return {
    restorans: RESTAURANTS,
    restoranid: chosen,
    dates:
      chosen === null
        ? []
        : [{ date: 1_795_000_000, value: '27.11.2026', label: 'Сегодня', times: ['19:00', '19:15'] }],
    deliveryDateTimeProps: { deliveryDate: '27.11.2026', deliveryTime: '19:00', isTimePeriods: 0 },
    allowbooking: 1,
    message: '',
  };
}

function renderPage() {
  const location = memoryLocation({ path: '/delayedzakaz', record: true });
  render(
    <Router hook={location.hook}>
      <DelayedOrderPage />
    </Router>,
  );
  return location;
}

// SPEC 2 Отложенный заказ: the order types come with delayedzakazRestorans' answer, so the page
// needs no restaurant list to offer them.
describe('Отложенный заказ', () => {
  beforeEach(() => {
    action.mockReset();
    action.mockImplementation(async (definition, fields) => answer(definition.name, fields as Record<string, unknown>));
    resetAppStores();
    guestStore.getState().setUser({ ...EMPTY_USER, id: '42', password: 'token', authorized: true });
  });
  afterEach(() => cleanup());

  it('takes the order types a restaurant offers from the answer: a table-only restaurant is ordered for at a table', async () => {
    const location = renderPage();
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: /Жар-печь на Таганке/ }));
    await settle();
    expect(screen.queryByRole('group', { name: 'Как получить заказ' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '19:15' }));
    const choose = screen.getByRole('button', { name: 'Выбрать блюда к 19:15' });
    expect((choose as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(choose);
    expect(location.history?.at(-1)).toBe('/menu/4/inrest');
    expect(cartStore.getState().orderType).toBe('inrest');
    expect(cartStore.getState().checkout).toMatchObject({
      delayed: true,
      deliveryDateTime: { deliveryDate: '27.11.2026', deliveryTime: '19:15', isTimePeriods: false },
    });
  });

  it('offers both ways to get the order where the restaurant takes both, at a table first (SPEC 2: the menu in inrest mode)', async () => {
    const location = renderPage();
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: /Жар-печь на Патриарших/ }));
    await settle();
    const ways = screen.getByRole('group', { name: 'Как получить заказ' });
    expect(
      Array.from(ways.querySelectorAll('input')).map((input) => [input.labels?.[0]?.textContent, input.checked]),
    ).toEqual([
      ['В ресторане', true],
      ['Заберу сам', false],
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '19:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать блюда к 19:00' }));
    expect(location.history?.at(-1)).toBe('/menu/1/inrest');
    expect(cartStore.getState().orderType).toBe('inrest');
  });

  it('takes the order for pickup when the guest chooses «Заберу сам»', async () => {
    const location = renderPage();
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: /Жар-печь на Патриарших/ }));
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: 'Заберу сам' }));
    fireEvent.click(screen.getByRole('radio', { name: '19:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать блюда к 19:00' }));
    expect(location.history?.at(-1)).toBe('/menu/1/self');
    expect(cartStore.getState().orderType).toBe('self');
  });

  it("offers the guest's delayed order whichever way it was to be got: a pickup order shows with «В ресторане» chosen", async () => {
    const pickup = {
      id: 77,
      number: 'С-077',
      type: 'self',
      restoran_id: 1,
      fs_uid: 'uid-1',
      time: null,
      time_text: '19:00',
      sum: 59_000,
      message: '',
      deliveryDateTimeProps: { deliveryDate: '27.11.2026', deliveryTime: '19:00', isTimePeriods: 0 },
      cart: [],
      pribors: [],
      recommendedItems: [],
    };
    action.mockImplementation(async (definition, fields) => {
      const asked = fields as Record<string, unknown>;
      if (definition.name === 'checkDelayed') return { order: asked['order_type'] === 'self' ? pickup : null };
      return answer(definition.name, asked);
    });
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: /Жар-печь на Патриарших/ }));
    await settle();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'В ресторане' }).checked).toBe(true);
    expect(screen.getByRole('region', { name: 'Ваш отложенный заказ С-077' })).toBeTruthy();
    const asked = action.mock.calls
      .filter(([definition]) => definition.name === 'checkDelayed')
      .map(([, fields]) => (fields as Record<string, unknown>)['order_type']);
    expect(new Set(asked)).toEqual(new Set(['inrest', 'self']));
  });
});
