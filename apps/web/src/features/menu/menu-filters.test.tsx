// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DishLabel } from '@chain/domain';
import { guestStore } from '../../state/store';
import { MenuFilters, showDishesText } from './menu-filters';

// Issue 31: the guest menu's label filter hides what does not fit and says how many it hid.

const DISHES: Array<{ id: number; labels: DishLabel[] }> = [
  { id: 1, labels: ['vegetarian', 'gluten', 'milk', 'nuts'] },
  { id: 2, labels: [] },
  { id: 3, labels: ['nuts'] },
  { id: 4, labels: ['vegetarian'] },
  { id: 5, labels: ['spicy', 'fish'] },
];

describe('the menu’s label filter (issue 31)', () => {
  beforeEach(() => act(() => guestStore.getState().setMenuFilters([])));
  afterEach(cleanup);

  it('opens a sheet of the choices; «Без орехов» hides two dishes and says so; «Вегетарианское» too hides four; clearing shows all again', () => {
    render(<MenuFilters dishes={DISHES} />);
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Фильтры' }));
    const sheet = screen.getByRole('dialog', { name: 'Фильтры' });
    expect(sheet).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(17);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Без орехов' }));
    expect(guestStore.getState().menuFilters).toEqual(['nuts']);
    expect(screen.getByRole('status').textContent).toBe('Скрыто 2 блюда');
    expect(screen.getByRole('button', { name: showDishesText(3) })).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Вегетарианское' }));
    expect(guestStore.getState().menuFilters).toEqual(['vegetarian', 'nuts']);
    expect(screen.getByRole('status').textContent).toBe('Скрыто 4 блюда');
    fireEvent.click(screen.getByRole('button', { name: 'Показать 1 блюдо' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Фильтры: 2' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(guestStore.getState().menuFilters).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Сбросить' })).toBeNull();
  });

  it('unticking a choice takes it off', () => {
    act(() => guestStore.getState().setMenuFilters(['spicy']));
    render(<MenuFilters dishes={DISHES} />);
    expect(screen.getByRole('status').textContent).toBe('Скрыто 1 блюдо');
    fireEvent.click(screen.getByRole('button', { name: 'Фильтры: 1' }));
    const spicy = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Не острое' });
    expect(spicy.checked).toBe(true);
    fireEvent.click(spicy);
    expect(guestStore.getState().menuFilters).toEqual([]);
  });
});
