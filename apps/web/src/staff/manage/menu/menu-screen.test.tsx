// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  carryDishCall,
  createDishCall,
  type ManageDish,
  type ManageMenu,
  manageMenuCall,
  MENU_EDIT_TEXTS,
  orderCategoriesCall,
  orderDishesCall,
  restoreDishCall,
  saveDishCall,
} from '@chain/contract';
import { ApiError } from '../../../api/client';
import { staffCall } from '../../api';
import type { StaffSession } from '../../session';
import {
  blankDish,
  categoriesOf,
  dishesOf,
  dishFields,
  dishValueText,
  draftProblem,
  moved,
  toggled,
  withCategory,
  withDish,
  withDishOrder,
  withOrder,
} from './menu-model';
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
    { id: 10, menu_kind: 'restaurant', name: 'Супы', hidden: false, version: 1, dish_order_version: 4 },
    { id: 11, menu_kind: 'restaurant', name: 'Салаты', hidden: true, version: 2, dish_order_version: 1 },
    { id: 12, menu_kind: 'shop', name: 'Соусы', hidden: false, version: 1, dish_order_version: 1 },
  ],
  dishes: [
    dish({ id: 1, name: 'Борщ', archived: true, active: false }),
    dish({ id: 2, name: 'Солянка' }),
    dish({ id: 3, name: 'Уха' }),
  ],
};

describe('the menu screen’s logic', () => {
  it('lists a menu’s categories, and a category’s live dishes before the archived ones', () => {
    expect(categoriesOf(MENU, 'restaurant').map((c) => c.name)).toEqual(['Супы', 'Салаты']);
    expect(dishesOf(MENU, 10).map((d) => d.name)).toEqual(['Солянка', 'Уха', 'Борщ']);
  });

  it('moves a category one place, and not past either end', () => {
    expect(moved([10, 11, 12], 11, -1)).toEqual([11, 10, 12]);
    expect(moved([10, 11, 12], 11, 1)).toEqual([10, 12, 11]);
    expect(moved([10, 11, 12], 10, -1)).toEqual([10, 11, 12]);
    expect(moved([10, 11, 12], 12, 1)).toEqual([10, 11, 12]);
  });

  it('starts a new dish carried by every restaurant offering its category’s menu', () => {
    const shop = MENU.categories[2];
    expect(shop && blankDish(MENU, shop)).toMatchObject({
      id: 0,
      version: 0,
      category_id: 12,
      restaurant_ids: [2],
      options: [],
    });
  });

  it('keeps labels and restaurants in their list’s order when one is ticked', () => {
    expect(toggled(['milk'], 'vegetarian', true, ['vegetarian', 'vegan', 'milk'])).toEqual(['vegetarian', 'milk']);
    expect(toggled([1, 2], 1, false, [1, 2])).toEqual([2]);
  });

  it('sends a dish without what the server keeps, a single choice taken once, and says what is not ready to send', () => {
    const withOptions = dish({
      options: [{ id: 5, name: 'Сметана', price: 0, disabled: false, multicheck: false, max: 4 }],
    });
    const fields = dishFields(withOptions);
    expect(fields).not.toHaveProperty('id');
    expect(fields).not.toHaveProperty('archived');
    expect(fields).not.toHaveProperty('version');
    expect(fields.options[0]?.max).toBe(1);
    expect(draftProblem(dish({ name: ' ' }))).toBe('Введите название блюда.');
    expect(draftProblem(dish({ price: Number.NaN }))).toBe('Проверьте цену.');
    expect(
      draftProblem(dish({ options: [{ id: null, name: '', price: 0, disabled: false, multicheck: false, max: 1 }] })),
    ).toBe('Проверьте опцию 1.');
    expect(draftProblem(dish({}))).toBeNull();
  });

  it('says another manager’s saved values in words: roubles, names of labels, restaurants, options and the category', () => {
    expect(dishValueText(MENU, 'price', 52_050)).toBe('520,50 ₽');
    expect(dishValueText(MENU, 'labels', ['vegetarian', 'nuts'])).toBe('Вегетарианское, Орехи');
    expect(dishValueText(MENU, 'restaurant_ids', [2])).toBe('Курская');
    expect(dishValueText(MENU, 'category_id', 11)).toBe('Салаты');
    expect(
      dishValueText(MENU, 'options', [
        { id: 1, name: 'Сметана', price: 0, disabled: false, multicheck: false, max: 1 },
        { id: 2, name: 'Мёд', price: 3_000, disabled: false, multicheck: true, max: 2 },
      ]),
    ).toBe('Сметана, Мёд +30,00 ₽');
    expect(dishValueText(MENU, 'name', 'Уха')).toBe('Уха');
  });

  it('puts saved rows in place: a dish replaced, added or removed; a category renamed; a menu reordered', () => {
    expect(withDish(MENU, dish({ id: 2, name: 'Рассольник' })).dishes.map((d) => d.name)).toEqual([
      'Борщ',
      'Рассольник',
      'Уха',
    ]);
    expect(withDish(MENU, dish({ id: 4, name: 'Щи' })).dishes).toHaveLength(4);
    expect(withDish(MENU, dish({ id: 2 }), 2).dishes.map((d) => d.id)).toEqual([1, 3]);
    expect(
      withCategory(MENU, {
        id: 11,
        menu_kind: 'restaurant',
        name: 'Салаты дня',
        hidden: false,
        version: 3,
        dish_order_version: 1,
      }).categories[1]?.name,
    ).toBe('Салаты дня');
    const reordered = withOrder(
      MENU,
      'restaurant',
      [MENU.categories[1], MENU.categories[0]].filter((c) => c !== undefined),
    );
    expect(categoriesOf(reordered, 'restaurant').map((c) => c.id)).toEqual([11, 10]);
    expect(categoriesOf(reordered, 'shop').map((c) => c.id)).toEqual([12]);
  });

  it('puts a category’s dishes in the order the server answered, or asks for the menu again when it names a dish the screen lacks', () => {
    const soups = { ...MENU.categories[0]!, dish_order_version: 5 };
    const ordered = withDishOrder(MENU, { category: soups, ids: [3, 2] });
    expect(ordered && dishesOf(ordered, 10).map((d) => d.name)).toEqual(['Уха', 'Солянка', 'Борщ']);
    expect(ordered?.categories[0]?.dish_order_version).toBe(5);
    expect(withDishOrder(MENU, { category: soups, ids: [3, 2, 9] })).toBeNull();
    expect(withDishOrder(MENU, { category: soups, ids: [3] })).toBeNull();
  });
});

describe('the menu screen', () => {
  const session = {
    token: 't',
    me: { id: 1, login: 'm', name: 'Менеджер', role: 'manager', chain: true, restaurants: [] },
  } as unknown as StaffSession;
  beforeEach(() => {
    vi.mocked(staffCall).mockReset();
  });

  it('a chain manager reorders categories and adds a dish with an option and a label; the save sends them', async () => {
    let served = MENU;
    vi.mocked(staffCall).mockImplementation(async (definition: unknown, body?: unknown) => {
      if (definition === manageMenuCall) return served;
      if (definition === orderCategoriesCall) return { categories: [MENU.categories[1], MENU.categories[0]] };
      if (definition === createDishCall) {
        const made = dish({ ...(body as object), id: 7, version: 1 });
        served = withDish(served, made);
        return made;
      }
      throw new Error(`unexpected call ${String((definition as { name?: string } | undefined)?.name)}`);
    });
    render(<MenuScreen session={session} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Ниже: Супы' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[1]).toEqual({ menu_kind: 'restaurant', ids: [11, 10] });
    const list = screen.getByRole('navigation', { name: 'Категории' });
    expect(
      within(list)
        .getAllByRole('button', { pressed: false })
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['Салатыскрыта', 'Супы']));

    fireEvent.click(within(list).getByRole('button', { name: 'Супы' }));
    fireEvent.click(screen.getByRole('button', { name: 'Новое блюдо' }));
    const form = screen.getByRole('form', { name: 'Новое блюдо' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Уха по-царски' } });
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
    expect(sent).toMatchObject({
      name: 'Уха по-царски',
      price: 52_050,
      labels: ['fish'],
      category_id: 10,
      restaurant_ids: [1, 2],
      options: [{ id: null, name: 'Расстегай', price: 9_000, multicheck: false, max: 1 }],
    });
    expect(screen.getByRole('button', { name: /^Уха по-царски/ })).toBeTruthy();
  });

  it('a chain manager moves a dish up over the order’s version; an order changed meanwhile comes back as it is now, with a word', async () => {
    const soups = MENU.categories[0]!;
    let answer: unknown = { category: { ...soups, dish_order_version: 5 }, ids: [3, 2] };
    vi.mocked(staffCall).mockImplementation(async (definition: unknown) => {
      if (definition === manageMenuCall) return MENU;
      if (definition === orderDishesCall) {
        if (answer instanceof Error) throw answer;
        return answer;
      }
      throw new Error(`unexpected call ${String((definition as { name?: string } | undefined)?.name)}`);
    });
    render(<MenuScreen session={session} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Супы' }));
    const order = () =>
      within(screen.getByRole('list', { name: 'Блюда категории «Супы» по порядку' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(order()).toEqual([
      expect.stringMatching(/^Солянка/),
      expect.stringMatching(/^Уха/),
      expect.stringMatching(/^Борщ.*в архиве/),
    ]);
    // The first dish cannot go up, the last live one not down, an archived one has no place to move.
    expect(screen.getByRole('button', { name: 'Выше: Солянка' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Ниже: Уха' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Выше: Борщ' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Выше: Уха' }));
    await settle();
    expect(
      vi
        .mocked(staffCall)
        .mock.calls.find(([definition]) => definition === orderDishesCall)
        ?.slice(1),
    ).toEqual([{ version: 4, ids: [3, 2] }, { params: { id: 10 } }]);
    expect(order()).toEqual([
      expect.stringMatching(/^Уха/),
      expect.stringMatching(/^Солянка/),
      expect.stringMatching(/^Борщ/),
    ]);

    // Another manager put them back meanwhile: the next move is refused with the order as it is now, which the list shows.
    answer = new ApiError(BACKOFFICE_TEXTS.staleVersion, 'server', 409, 'stale_version', null, {
      body: { current: { category: { ...soups, dish_order_version: 6 }, ids: [2, 3] } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ниже: Уха' }));
    await settle();
    expect(
      vi
        .mocked(staffCall)
        .mock.calls.filter(([definition]) => definition === orderDishesCall)
        .at(-1)?.[1],
    ).toEqual({ version: 5, ids: [2, 3] });
    expect(screen.getByRole('alert').textContent).toBe(MENU_EDIT_TEXTS.dishOrderStale);
    expect(order()).toEqual([
      expect.stringMatching(/^Солянка/),
      expect.stringMatching(/^Уха/),
      expect.stringMatching(/^Борщ/),
    ]);
  });

  it('a chain manager brings an archived dish back: it returns last, hidden from guests, and the screen says so', async () => {
    let served = MENU;
    vi.mocked(staffCall).mockImplementation(async (definition: unknown, body?: unknown) => {
      if (definition === manageMenuCall) return served;
      if (definition === restoreDishCall) {
        const restored = dish({
          id: 1,
          name: 'Борщ',
          archived: false,
          active: false,
          version: (body as { version: number }).version + 1,
        });
        served = { ...withDish(MENU, restored, 1), dishes: [...MENU.dishes.filter((d) => d.id !== 1), restored] };
        return restored;
      }
      throw new Error(`unexpected call ${String((definition as { name?: string } | undefined)?.name)}`);
    });
    render(<MenuScreen session={session} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Супы' }));
    fireEvent.click(screen.getByRole('button', { name: /^Борщ/ }));
    const form = screen.getByRole('form', { name: 'Блюдо «Борщ»' });
    expect(within(form).getByLabelText('Название').closest('fieldset')?.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Вернуть из архива' }));
    await settle();
    expect(
      vi
        .mocked(staffCall)
        .mock.calls.find(([definition]) => definition === restoreDishCall)
        ?.slice(1),
    ).toEqual([{ version: 1 }, { params: { id: 1 } }]);
    expect(screen.getByText(MENU_EDIT_TEXTS.restored)).toBeTruthy();
    const restored = screen.getByRole('form', { name: 'Блюдо «Борщ»' });
    expect(within(restored).getByLabelText('Название').closest('fieldset')?.disabled).toBe(false);
    expect(within(restored).getByLabelText<HTMLInputElement>('Показывать гостям').checked).toBe(false);
    expect(within(restored).queryByRole('button', { name: 'Вернуть из архива' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ниже: Борщ' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: /^Борщ/ }).textContent).toContain('скрыто');
  });

  it('a read of the menu again after a change that fails keeps the screen and the open form, and says why', async () => {
    let reads = 0;
    vi.mocked(staffCall).mockImplementation(async (definition: unknown, body?: unknown) => {
      if (definition === manageMenuCall) {
        reads += 1;
        if (reads > 1) throw new ApiError('Нет связи с сервером.', 'network', null);
        return MENU;
      }
      if (definition === restoreDishCall)
        return dish({
          id: 1,
          name: 'Борщ',
          archived: false,
          active: false,
          version: (body as { version: number }).version + 1,
        });
      throw new Error(`unexpected call ${String((definition as { name?: string } | undefined)?.name)}`);
    });
    render(<MenuScreen session={session} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Супы' }));
    fireEvent.click(screen.getByRole('button', { name: /^Борщ/ }));
    fireEvent.click(
      within(screen.getByRole('form', { name: 'Блюдо «Борщ»' })).getByRole('button', { name: 'Вернуть из архива' }),
    );
    await settle();
    expect(reads).toBe(2);
    expect(screen.getByRole('alert').textContent).toBe('Нет связи с сервером.');
    expect(screen.getByRole('form', { name: 'Блюдо «Борщ»' })).toBeTruthy();
    expect(screen.getByText(MENU_EDIT_TEXTS.restored)).toBeTruthy();
  });

  it('a restaurant’s manager reads the dish and only ticks whether their restaurant carries it', async () => {
    const local = { ...MENU, can_edit: false };
    vi.mocked(staffCall).mockImplementation(async (definition: unknown, body?: unknown) => {
      if (definition === manageMenuCall) return local;
      if (definition === carryDishCall)
        return dish({
          id: 2,
          name: 'Солянка',
          version: 2,
          restaurant_ids: (body as { carried: boolean }).carried ? [1, 2] : [2],
        });
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
    expect(
      vi
        .mocked(staffCall)
        .mock.calls.find(([definition]) => definition === carryDishCall)
        ?.slice(1),
    ).toEqual([{ version: 1, carried: false }, { params: { id: 2, restaurant: 1 } }]);
    expect(within(form).getByLabelText<HTMLInputElement>('Патриаршие').checked).toBe(false);
  });
});
