// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDishCall, type ManageDish, type ManageMenu, manageMenuCall, orderCategoriesCall, saveDishCall, carryDishCall } from '@chain/contract';
import { staffCall } from '../../api';
import type { StaffSession } from '../../session';
import { blankDish, categoriesOf, dishesOf, dishFields, dishValueText, draftProblem, moved, toggled, withCategory, withDish, withOrder } from './menu-model';
import MenuScreen from './menu-screen';

// Issue 31, «Меню» of the back office: the screen's logic (ordering, blanks, what a save sends)
// and the screen over a stubbed API — a chain manager adds a dish with an option and a label, a
// restaurant's manager only chooses what their restaurant carries.

vi.mock(import('../../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));

afterEach(cleanup);
const settle = () => act(async () => {});

const dish = (fields: Partial<ManageDish>): ManageDish => ({
  id: 1,
  version: 1,
  category_id: 10,
  name: 'Борщ',
  sostav: '',
  weight: '300 г',
  price: 45_000,
  cook_time: 15,
  img: '',
  labels: [],
  active: true,
  restaurant_ids: [1, 2],
  options: [],
  archived: false,
  ...fields,
});

const MENU: ManageMenu = {
  can_edit: true,
  restaurants: [
    { id: 1, name: 'Патриаршие', menu_kinds: ['restaurant', 'bar'], mine: true },
    { id: 2, name: 'Курская', menu_kinds: ['restaurant', 'shop'], mine: false },
  ],
  categories: [
    { id: 10, menu_kind: 'restaurant', name: 'Супы', hidden: false, version: 1 },
    { id: 11, menu_kind: 'restaurant', name: 'Салаты', hidden: true, version: 2 },
    { id: 12, menu_kind: 'shop', name: 'Соусы', hidden: false, version: 1 },
  ],
  dishes: [dish({ id: 1, name: 'Борщ', archived: true, active: false }), dish({ id: 2, name: 'Солянка' })],
};

describe('the menu screen’s logic', () => {
  it('lists a menu’s categories, and a category’s live dishes before the archived ones', () => {
    expect(categoriesOf(MENU, 'restaurant').map((c) => c.name)).toEqual(['Супы', 'Салаты']);
    expect(dishesOf(MENU, 10).map((d) => d.name)).toEqual(['Солянка', 'Борщ']);
  });

  it('moves a category one place, and not past either end', () => {
    expect(moved([10, 11, 12], 11, -1)).toEqual([11, 10, 12]);
    expect(moved([10, 11, 12], 11, 1)).toEqual([10, 12, 11]);
    expect(moved([10, 11, 12], 10, -1)).toEqual([10, 11, 12]);
    expect(moved([10, 11, 12], 12, 1)).toEqual([10, 11, 12]);
  });

  it('starts a new dish carried by every restaurant offering its category’s menu', () => {
    const shop = MENU.categories[2];
    expect(shop && blankDish(MENU, shop)).toMatchObject({ id: 0, version: 0, category_id: 12, restaurant_ids: [2], options: [] });
  });

  it('keeps labels and restaurants in their list’s order when one is ticked', () => {
    expect(toggled(['milk'], 'vegetarian', true, ['vegetarian', 'vegan', 'milk'])).toEqual(['vegetarian', 'milk']);
    expect(toggled([1, 2], 1, false, [1, 2])).toEqual([2]);
  });

  it('sends a dish without what the server keeps, a single choice taken once, and says what is not ready to send', () => {
    const withOptions = dish({ options: [{ id: 5, name: 'Сметана', price: 0, disabled: false, multicheck: false, max: 4 }] });
    const fields = dishFields(withOptions);
    expect(fields).not.toHaveProperty('id');
    expect(fields).not.toHaveProperty('archived');
    expect(fields).not.toHaveProperty('version');
    expect(fields.options[0]?.max).toBe(1);
    expect(draftProblem(dish({ name: ' ' }))).toBe('Введите название блюда.');
    expect(draftProblem(dish({ price: Number.NaN }))).toBe('Проверьте цену.');
    expect(draftProblem(dish({ options: [{ id: null, name: '', price: 0, disabled: false, multicheck: false, max: 1 }] }))).toBe('Проверьте опцию 1.');
    expect(draftProblem(dish({}))).toBeNull();
  });

  it('says another manager’s saved values in words: roubles, names of labels, restaurants, options and the category', () => {
    expect(dishValueText(MENU, 'price', 52_050)).toBe('520,50 ₽');
    expect(dishValueText(MENU, 'labels', ['vegetarian', 'nuts'])).toBe('Вегетарианское, Орехи');
    expect(dishValueText(MENU, 'restaurant_ids', [2])).toBe('Курская');
    expect(dishValueText(MENU, 'category_id', 11)).toBe('Салаты');
    expect(dishValueText(MENU, 'options', [{ id: 1, name: 'Сметана', price: 0, disabled: false, multicheck: false, max: 1 }, { id: 2, name: 'Мёд', price: 3_000, disabled: false, multicheck: true, max: 2 }])).toBe('Сметана, Мёд +30,00 ₽');
    expect(dishValueText(MENU, 'name', 'Уха')).toBe('Уха');
  });

  it('puts saved rows in place: a dish replaced, added or removed; a category renamed; a menu reordered', () => {
    expect(withDish(MENU, dish({ id: 2, name: 'Уха' })).dishes.map((d) => d.name)).toEqual(['Борщ', 'Уха']);
    expect(withDish(MENU, dish({ id: 3, name: 'Щи' })).dishes).toHaveLength(3);
    expect(withDish(MENU, dish({ id: 2 }), 2).dishes.map((d) => d.id)).toEqual([1]);
    expect(withCategory(MENU, { id: 11, menu_kind: 'restaurant', name: 'Салаты дня', hidden: false, version: 3 }).categories[1]?.name).toBe('Салаты дня');
    const reordered = withOrder(MENU, 'restaurant', [MENU.categories[1], MENU.categories[0]].filter((c) => c !== undefined));
    expect(categoriesOf(reordered, 'restaurant').map((c) => c.id)).toEqual([11, 10]);
    expect(categoriesOf(reordered, 'shop').map((c) => c.id)).toEqual([12]);
  });
});

describe('the menu screen', () => {
  const session = { token: 't', me: { id: 1, login: 'm', name: 'Менеджер', role: 'manager', chain: true, restaurants: [] } } as unknown as StaffSession;
  beforeEach(() => {
    vi.mocked(staffCall).mockReset();
  });

  it('a chain manager reorders categories and adds a dish with an option and a label; the save sends them', async () => {
    vi.mocked(staffCall).mockImplementation(async (definition: unknown, body?: unknown) => {
      if (definition === manageMenuCall) return MENU;
      if (definition === orderCategoriesCall) return { categories: [MENU.categories[1], MENU.categories[0]] };
      if (definition === createDishCall) return dish({ ...(body as object), id: 7, version: 1 });
      throw new Error(`unexpected call ${String((definition as { name?: string } | undefined)?.name)}`);
    });
    render(<MenuScreen session={session} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Ниже: Супы' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[1]).toEqual({ menu_kind: 'restaurant', ids: [11, 10] });
    const list = screen.getByRole('navigation', { name: 'Категории' });
    expect(within(list).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual(expect.arrayContaining(['Салатыскрыта', 'Супы']));

    fireEvent.click(within(list).getByRole('button', { name: 'Супы' }));
    fireEvent.click(screen.getByRole('button', { name: 'Новое блюдо' }));
    const form = screen.getByRole('form', { name: 'Новое блюдо' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Уха' } });
    fireEvent.change(within(form).getByLabelText('Цена, ₽'), { target: { value: '520,50' } });
    fireEvent.click(within(form).getByLabelText('Рыба'));
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить опцию' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await settle();
    // An option without a name is said before anything is sent.
    expect(within(form).getByText('Проверьте опцию 1.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Название опции 1'), { target: { value: 'Расстегай' } });
    fireEvent.change(within(form).getByLabelText('Доплата, ₽'), { target: { value: '90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await settle();
    const sent = vi.mocked(staffCall).mock.calls.find(([definition]) => definition === createDishCall)?.[1];
    expect(sent).toMatchObject({ name: 'Уха', price: 52_050, labels: ['fish'], category_id: 10, restaurant_ids: [1, 2], options: [{ id: null, name: 'Расстегай', price: 9_000, multicheck: false, max: 1 }] });
    expect(screen.getByRole('button', { name: /Уха/ })).toBeTruthy();
  });

  it('a restaurant’s manager reads the dish and only ticks whether their restaurant carries it', async () => {
    const local = { ...MENU, can_edit: false };
    vi.mocked(staffCall).mockImplementation(async (definition: unknown, body?: unknown) => {
      if (definition === manageMenuCall) return local;
      if (definition === carryDishCall) return dish({ id: 2, name: 'Солянка', version: 2, restaurant_ids: (body as { carried: boolean }).carried ? [1, 2] : [2] });
      if (definition === saveDishCall) throw new Error('a restaurant manager never saves the dish');
      throw new Error(`unexpected call ${String((definition as { name?: string } | undefined)?.name)}`);
    });
    render(<MenuScreen session={session} />);
    await settle();
    expect(screen.queryByRole('button', { name: 'Ниже: Супы' })).toBeNull();
    expect(screen.queryByLabelText('Новая категория')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Супы' }));
    fireEvent.click(screen.getByRole('button', { name: /Солянка/ }));
    const form = screen.getByRole('form', { name: 'Блюдо «Солянка»' });
    expect(within(form).getByLabelText('Название').closest('fieldset')?.disabled).toBe(true);
    expect(within(form).queryByLabelText('Курская')).toBeNull();
    fireEvent.click(within(form).getByLabelText('Патриаршие'));
    await settle();
    expect(vi.mocked(staffCall).mock.calls.find(([definition]) => definition === carryDishCall)?.slice(1)).toEqual([{ version: 1, carried: false }, { params: { id: 2, restaurant: 1 } }]);
    expect(within(form).getByLabelText<HTMLInputElement>('Патриаршие').checked).toBe(false);
  });
});
