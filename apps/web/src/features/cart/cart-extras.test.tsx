// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_EXTRA_COUNT } from '@chain/contract';
import { type CutleryItem, loadCutlery, loadRecommended, type RecommendedItem } from '../../api/order';
import type { CartLine } from '../../state/cart-store';
import { cartStore } from '../../state/store';
import { CartExtras } from './cart-extras';
import { useCartExtras } from './use-cart-extras';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/order'), async (importOriginal) => ({
  ...(await importOriginal()),
  loadCutlery: vi.fn(),
  loadRecommended: vi.fn(),
}));

const lines: CartLine[] = [{ token: 'margherita', item: '101', cnt: 1, comment: '', spec: null, specs: [] }];
const user = { id: '7', password: 'token' };

const fork: CutleryItem = { id: 1, name: 'Вилка', cnt: 1, price: 1_500, free_cnt: 1, max: 3 };
const napkins: CutleryItem = { id: 2, name: 'Салфетки', cnt: 0, price: 0, free_cnt: 2, max: 2 };
const mors: RecommendedItem = {
  id: 4,
  dish_id: 301,
  name: 'Морс клюквенный',
  cnt: 0,
  price: 12_000,
  free_cnt: 0,
  separated: 1,
  img: '/img/mors.jpg',
  weight: '300 мл',
};
const sauce: RecommendedItem = {
  id: 5,
  dish_id: 302,
  name: 'Соус сырный',
  cnt: 0,
  price: 5_000,
  free_cnt: 1,
  separated: 0,
  img: '/img/sauce.jpg',
  weight: '40 г',
};

/** The extras as the cart screen wires them: the server's lists with the guest's counts from the store. */
function Extras() {
  const extras = useCartExtras('self', '5', lines, user);
  return <CartExtras cutlery={extras.cutlery} recommended={extras.recommended} />;
}

const stepper = (name: string) => {
  const group = screen.getByRole('group', { name });
  return {
    value: () => Number(within(group).getByRole('status').textContent),
    more: within(group).getByRole<HTMLButtonElement>('button', { name: `Увеличить количество: ${name}` }),
    less: within(group).getByRole<HTMLButtonElement>('button', { name: `Уменьшить количество: ${name}` }),
  };
};
/** The pricing text beside an item (its row or card holds the stepper). */
const pricing = (name: string) =>
  screen.getByRole('group', { name }).parentElement?.querySelector('.cart__hint')?.textContent;

describe('cart extras (SPEC 2 Cart, SPEC 5)', () => {
  beforeEach(async () => {
    resetAppStores();
    vi.mocked(loadCutlery).mockResolvedValue([fork, napkins]);
    vi.mocked(loadRecommended).mockResolvedValue([mors, sauce]);
    render(<Extras />);
    await act(async () => {});
  });
  afterEach(() => {
    cleanup();
    vi.mocked(loadCutlery).mockReset();
    vi.mocked(loadRecommended).mockReset();
  });

  it('keeps a cutlery count within 0..max, kept in the store, and says what is free and what each one more costs', () => {
    const forks = stepper('Вилка');
    expect(forks.value()).toBe(1);
    expect(pricing('Вилка')).toBe('бесплатно 1 шт., далее 15,00 ₽');

    fireEvent.click(forks.more);
    expect(forks.value()).toBe(2);
    expect(cartStore.getState().checkout.pribors).toEqual({ 1: 2 });
    // One above the free count is charged.
    expect(pricing('Вилка')).toBe('бесплатно 1 шт., далее 15,00 ₽ · 15,00 ₽');

    fireEvent.click(forks.more);
    expect(forks.value()).toBe(3);
    expect(forks.more.disabled).toBe(true);
    fireEvent.click(forks.more);
    expect(forks.value()).toBe(3);
    expect(pricing('Вилка')).toBe('бесплатно 1 шт., далее 15,00 ₽ · 30,00 ₽');

    for (let taps = 0; taps < 4; taps += 1) fireEvent.click(forks.less);
    expect(forks.value()).toBe(0);
    expect(forks.less.disabled).toBe(true);
    expect(cartStore.getState().checkout.pribors).toEqual({ 1: 0 });
    expect(pricing('Вилка')).toBe('бесплатно 1 шт., далее 15,00 ₽');

    // A free item names only its free count.
    expect(pricing('Салфетки')).toBe('бесплатно 2 шт.');
    expect(stepper('Салфетки').less.disabled).toBe(true);
  });

  it('shows the recommended items under their headings and changes their counts in the store', () => {
    const add = screen.getByRole('region', { name: 'Добавить к заказу' });
    const recommended = screen.getByRole('region', { name: 'Рекомендуем' });
    expect(within(add).getByText('Соус сырный')).toBeTruthy();
    expect(within(recommended).getByText('Морс клюквенный')).toBeTruthy();
    expect(pricing('Соус сырный')).toBe('40 г, бесплатно 1 шт., далее 50,00 ₽');
    expect(pricing('Морс клюквенный')).toBe('300 мл, 120,00 ₽');

    fireEvent.click(stepper('Морс клюквенный').more);
    fireEvent.click(stepper('Морс клюквенный').more);
    fireEvent.click(stepper('Соус сырный').more);
    expect(cartStore.getState().checkout.recommended).toEqual({ 4: 2, 5: 1 });
    expect(stepper('Морс клюквенный').value()).toBe(2);

    fireEvent.click(stepper('Морс клюквенный').less);
    expect(cartStore.getState().checkout.recommended).toEqual({ 4: 1, 5: 1 });
    expect(stepper('Морс клюквенный').value()).toBe(1);
  });

  it('lets a recommended count reach the most an order takes, and no further', () => {
    act(() => cartStore.getState().setExtraCount('recommended', mors.id, MAX_EXTRA_COUNT - 1));
    const { more } = stepper('Морс клюквенный');
    fireEvent.click(more);
    expect(stepper('Морс клюквенный').value()).toBe(MAX_EXTRA_COUNT);
    expect(stepper('Морс клюквенный').more.disabled).toBe(true);
  });
});

describe('cart extras when nothing is offered', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(loadCutlery).mockReset();
    vi.mocked(loadRecommended).mockReset();
  });

  it('shows no block for an empty or failed list', async () => {
    resetAppStores();
    vi.mocked(loadCutlery).mockRejectedValue(new Error('offline'));
    vi.mocked(loadRecommended).mockResolvedValue([]);
    const { container } = render(<Extras />);
    await act(async () => {});
    expect(container.innerHTML).toBe('');
  });
});
