// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import type { OrderStatusEvent } from '@chain/contract';
import { followOrderEvents, type OrderEventsOptions } from './api/order-events';
import { loadOrder } from './api/orders';
import { addRating } from '../../api/ratings';
import { guestStore } from '../../state/store';
import { orderFixture } from './order-fixtures.test-support';
import OrderDetailPage from './order-detail-page';
import { orderSumRows, orderWhenText, payLaterState } from './orders-model';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock('./api/orders', () => ({ ORDER_NOT_FOUND_MESSAGE: 'Заказ не найден.', loadOrder: vi.fn() }));
vi.mock('./api/order-events', () => ({ followOrderEvents: vi.fn() }));
vi.mock('../../api/ratings', () => ({
  addRating: vi.fn(),
  loadRatingTypes: vi.fn(() =>
    Promise.resolve({
      sections: [{ id: 1, name: 'Кухня' }],
      items: [{ id: 11, name: 'Холодное блюдо', section_id: 1 }],
    }),
  ),
}));
// The tips (their own tests in order-tips.test.tsx): here only where the page mounts them.
vi.mock('./order-tips', () => ({
  OrderTips: ({ order }: { order: { id: number; tips_id: string | null } }) => (
    <p data-testid="order-tips-mounted" data-tips-id={order.tips_id ?? ''}>
      {order.id}
    </p>
  ),
}));
const load = vi.mocked(loadOrder);
const follow = vi.mocked(followOrderEvents);

let navigations: Array<{ to: string; options: unknown }>;
const hookAt = (path: string) => (): [string, (to: string, options?: unknown) => void] => [
  path,
  (to, options) => {
    navigations.push({ to, options });
  },
];
const settle = () => act(async () => {});
const renderOrder = async (id = '501') => {
  render(
    <Router hook={hookAt(`/order_detail/${id}`)}>
      <Route path="/order_detail/:id" component={OrderDetailPage} />
    </Router>,
  );
  await settle();
};
const lastFollow = (): OrderEventsOptions => {
  const options = follow.mock.calls.at(-1)?.[0];
  if (!options) throw new Error('the order is not followed');
  return options;
};
const cooked = (fields: Partial<OrderStatusEvent>): OrderStatusEvent => ({
  id: 501,
  status: 40,
  status_text: 'Готов к выдаче',
  status_color: '#FF2E7D32',
  paid: 1,
  progressBarData: {
    step: 3,
    text: 'Заказ готов — заберите его на выдаче',
    steps: [
      { icon: 'payment', state: 'done' },
      { icon: 'kitchen', state: 'done' },
      { icon: 'pickup', state: 'current' },
      { icon: 'final', state: 'pending' },
    ],
  },
  tips_id: null,
  refunding: 0,
  ...fields,
});

describe('the order page (SPEC 2 Orders, SPEC 4)', () => {
  const stop = vi.fn();
  beforeEach(() => {
    navigations = [];
    load.mockReset();
    follow.mockReset();
    stop.mockReset();
    follow.mockReturnValue(stop);
    resetAppStores();
    guestStore.getState().setUser({ authorized: true, id: '7', password: 'tok' });
  });
  afterEach(() => cleanup());

  it('shows a skeleton, then the status, progress, receipt, basket, sums and where and when; no pay button when paid', async () => {
    let answer!: (order: ReturnType<typeof orderFixture>) => void;
    load.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderOrder();
    expect(screen.getByRole('status').textContent).toBe('Загружаем заказ…');
    await act(async () => answer(orderFixture()));

    expect(load).toHaveBeenCalledWith({ id: '7', password: 'tok' }, '501', expect.anything());
    expect(screen.getByText('Готовится')).toBeTruthy();
    const progress = screen.getByRole('region', { name: 'Ход заказа' });
    expect(within(progress).getByText('Готовим ваш заказ')).toBeTruthy();
    const current = progress.querySelector('[aria-current="step"]');
    expect(current?.textContent).toBe('Готовим: сейчас');

    const receipt = screen.getByRole('link', { name: 'Чек заказа (откроется в новой вкладке)' });
    expect(receipt.getAttribute('href')).toBe('/api/v1/order/receipt/501?sig=abc');
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(receipt.getAttribute('rel')).toContain('noopener');

    const basket = screen.getByRole('region', { name: 'Состав заказа' });
    expect(within(basket).getByText('Большая порция')).toBeTruthy();
    expect(within(basket).getByText('Сметана × 2')).toBeTruthy();
    expect(within(basket).getByText('2 × 450,00 ₽')).toBeTruthy();
    expect(within(basket).getByText('900,00 ₽')).toBeTruthy();
    expect(within(basket).getAllByText('Приборы')).toHaveLength(2); // the line and its sum
    expect(within(basket).getByText('бесплатно: 1')).toBeTruthy();
    expect(within(basket).getByText('Хлеб')).toBeTruthy();
    expect(within(basket).getByText('Итого').nextElementSibling?.textContent).toBe('1250,00 ₽');
    expect(within(basket).getByText('Скидка 10%').nextElementSibling?.textContent).toBe('−120,00 ₽');

    expect(screen.getByText('Самовывоз')).toBeTruthy();
    expect(screen.getByText('Кафе на Тверской')).toBeTruthy();
    expect(screen.getByText('По готовности')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
    // Paid and not rated: the rating controls (SPEC 4) and the tips.
    expect(screen.getByRole('heading', { name: 'Оцените заказ' })).toBeTruthy();
    expect(screen.getByTestId('order-tips-mounted').textContent).toBe('501');
  });

  it('shows a cutlery line and a recommended item of the same number side by side, each its own line', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockResolvedValueOnce(
      orderFixture({
        pribors: [{ id: 1, name: 'Приборы', cnt: 2, charged_cnt: 1, price: 5000, sum: 5000 }],
        recommendedItems: [{ id: 1, name: 'Соус сырный', cnt: 1, charged_cnt: 1, price: 10_000, sum: 10_000 }],
      }),
    );
    await renderOrder();
    const basket = screen.getByRole('region', { name: 'Состав заказа' });
    expect(within(basket).getByText('Соус сырный')).toBeTruthy();
    expect(within(basket).getAllByRole('listitem')).toHaveLength(4);
    expect(errors.mock.calls.flat().join(' ')).not.toContain('same key');
    errors.mockRestore();
  });

  it('names a table order in the cart’s words, «Заказ в заведении», with its table (SPEC 2 Cart titles)', async () => {
    load.mockResolvedValueOnce(orderFixture({ type: 'inrest', table: '7' }));
    await renderOrder();
    expect(screen.getByText('Тип заказа').nextElementSibling?.textContent).toBe('Заказ в заведении');
    expect(screen.getByText('Стол').nextElementSibling?.textContent).toBe('7');
  });

  it('an unpaid order has neither rating controls nor tips (SPEC 4)', async () => {
    load.mockResolvedValueOnce(orderFixture({ status: 10, status_text: 'Ожидает оплаты', paid: 0 }));
    await renderOrder();
    expect(screen.queryByRole('heading', { name: 'Оцените заказ' })).toBeNull();
    expect(screen.queryByTestId('order-tips-mounted')).toBeNull();
  });

  const time = '2026-11-23T16:00:00.000Z';
  const orderRate = {
    id: 9,
    stars: 4,
    rate_taste: 5,
    rate_fresh: null,
    rate_speed: 3,
    rate_quality: 5,
    comment: 'Долго ждали',
    type: 11,
    photos: ['/api/v1/rate/photo/5?sig=x'],
    time,
  };
  const dishRate = (taste: number) => ({
    id: 10,
    taste,
    fresh: 5,
    speed: 5,
    comment: '',
    type: null,
    photos: [],
    time,
  });

  it('a rated order shows its rating read-only, a rated line its own scores, and no controls', async () => {
    const fixture = orderFixture();
    load.mockResolvedValueOnce(
      orderFixture({
        rate: orderRate,
        basket: fixture.basket.map((line, index) => ({ ...line, rate: dishRate(index === 0 ? 4 : 5) })),
      }),
    );
    await renderOrder();
    expect(screen.queryByRole('heading', { name: 'Оцените заказ' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Оцените блюда' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отправить оценку' })).toBeNull();
    const shown = screen.getByRole('region', { name: 'Ваша оценка' });
    expect(shown.textContent).toContain('Оценка заказа: 4 из 5');
    expect(shown.textContent).toContain('Скорость3 из 5');
    expect(within(shown).getByText('Долго ждали')).toBeTruthy();
    expect(within(shown).getByText('Холодное блюдо')).toBeTruthy();
    expect(
      within(shown)
        .getByRole('img', { name: /Фото 1/ })
        .getAttribute('src'),
    ).toBe('/api/v1/rate/photo/5?sig=x');
    const basket = screen.getByRole('region', { name: 'Состав заказа' });
    expect(within(basket).getByText('Ваша оценка: Вкус 4 из 5 · Свежесть 5 из 5 · Скорость 5 из 5')).toBeTruthy();
  });

  it('a rated, paid order whose dishes were cut short offers the dishes still unrated, and sends only theirs', async () => {
    vi.mocked(addRating).mockReset().mockResolvedValue(undefined);
    const fixture = orderFixture();
    const partly = orderFixture({
      rate: orderRate,
      basket: fixture.basket.map((line, index) => (index === 0 ? { ...line, rate: dishRate(4) } : line)),
    });
    load.mockResolvedValueOnce(partly).mockReturnValueOnce(new Promise(() => undefined));
    await renderOrder();
    expect(screen.getByRole('region', { name: 'Ваша оценка' })).toBeTruthy();
    const form = screen.getByRole('region', { name: 'Оцените блюда' });
    // Only Морс is left: the order's own stars, comment and photos are rated already.
    expect(within(form).getByRole('group', { name: 'Морс' })).toBeTruthy();
    expect(within(form).queryByRole('group', { name: 'Борщ, Большая порция' })).toBeNull();
    expect(within(form).queryByRole('radiogroup', { name: 'Оценка заказа' })).toBeNull();
    expect(within(form).queryByLabelText('Комментарий')).toBeNull();
    expect(within(form).queryByText('Добавить фото')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Отправить оценку' }));
    await settle();
    expect(vi.mocked(addRating).mock.calls.map((call) => call[1])).toEqual([
      { order_id: 501, item_id: 102, taste: 5, fresh: 5, speed: 5 },
    ]);
    expect(screen.queryByRole('region', { name: 'Оцените блюда' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Ваша оценка' }).textContent).toContain('Оценка заказа: 4 из 5');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ваша оценка' }));
  });

  it('an unpaid order offers no rating of its dishes either (SPEC 4)', async () => {
    load.mockResolvedValueOnce(orderFixture({ status: 10, status_text: 'Ожидает оплаты', paid: 0, rate: orderRate }));
    await renderOrder();
    expect(screen.queryByRole('button', { name: 'Отправить оценку' })).toBeNull();
  });

  it('once rated, the sent form gives way to «Ваша оценка», which takes the focus', async () => {
    vi.mocked(addRating).mockResolvedValue(undefined);
    load.mockResolvedValueOnce(orderFixture()).mockReturnValueOnce(new Promise(() => undefined));
    await renderOrder();
    const submit = screen.getByRole('button', { name: 'Отправить оценку' });
    submit.focus();
    fireEvent.click(submit);
    await settle();
    expect(screen.queryByRole('heading', { name: 'Оцените заказ' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ваша оценка' }));
  });

  it('offers «Оплатить {sum}» while unpaid and below 50, and goes to /payment with its way back here', async () => {
    load.mockResolvedValueOnce(orderFixture({ status: 10, status_text: 'Ожидает оплаты', paid: 0 }));
    await renderOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить 1250,00 ₽' }));
    expect(navigations).toEqual([
      {
        to: '/payment',
        options: { state: { orderId: '501', orderNum: 'С-017', orderSum: 125_000, navback: '/order_detail/501' } },
      },
    ]);
  });

  it('no pay button for an unpaid order at 50 or a cancelled one', async () => {
    load.mockResolvedValueOnce(
      orderFixture({
        status: 90,
        status_text: 'Отменён',
        status_color: '#FFB3261E',
        paid: 0,
        progressBarData: { step: 0, text: 'Заказ отменён', steps: [] },
      }),
    );
    await renderOrder();
    expect(screen.getByText('Отменён')).toBeTruthy();
    // A cancelled order goes no further: no step of its bar is passed, current or ahead, only its sentence.
    const progress = screen.getByRole('region', { name: 'Ход заказа' });
    expect(within(progress).queryByRole('list')).toBeNull();
    expect(progress.textContent).toBe('Заказ отменён');
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
    // A final order is not followed.
    expect(follow).not.toHaveBeenCalled();
  });

  it('a status event moves the bar and the status on screen, announced once; the stream stops on leaving', async () => {
    load.mockResolvedValueOnce(orderFixture());
    await renderOrder();
    const options = lastFollow();
    expect(options.orderId).toBe(501);
    expect(options.session).toEqual({ id: '7', password: 'tok' });

    // The stream's first event repeats the current state: nothing is announced.
    act(() => options.onStatus(cooked({ status: 30, status_text: 'Готовится' })));
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('');

    act(() => options.onStatus(cooked({})));
    expect(screen.getByText('Готов к выдаче')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Ход заказа' }).querySelector('[aria-current="step"]')?.textContent).toBe(
      'Выдача: сейчас',
    );
    expect(screen.getByText('Заказ готов — заберите его на выдаче')).toBeTruthy();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('Статус заказа: Готов к выдаче. Заказ готов — заберите его на выдаче');

    // Done and paid: final, the stream is stopped.
    act(() =>
      options.onStatus(
        cooked({
          status: 50,
          status_text: 'Выдан',
          progressBarData: { step: 5, text: 'Приятного аппетита!', steps: [] },
        }),
      ),
    );
    expect(stop).toHaveBeenCalledTimes(1);
    expect(live?.textContent).toBe('Статус заказа: Выдан. Приятного аппетита!');
    cleanup();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('a cancelled order whose money is on its way is followed until the bank returned it (issue 31)', async () => {
    const cancelled = {
      status: 90,
      status_color: '#FFB3261E',
      progressBarData: { step: 0, text: 'Заказ отменён', steps: [] },
    };
    load.mockResolvedValueOnce(
      orderFixture({ ...cancelled, status_text: 'Отменён, деньги возвращаются: 1250,00 ₽', refunding: 125_000 }),
    );
    await renderOrder();
    const options = lastFollow();
    // The bank refused: delayed, still followed (a manager retries).
    act(() =>
      options.onStatus(
        cooked({ ...cancelled, status_text: 'Отменён, возврат денег задерживается: 1250,00 ₽', refunding: 125_000 }),
      ),
    );
    expect(screen.getByText('Отменён, возврат денег задерживается: 1250,00 ₽')).toBeTruthy();
    expect(stop).not.toHaveBeenCalled();
    act(() =>
      options.onStatus(cooked({ ...cancelled, status_text: 'Отменён, деньги возвращены: 1250,00 ₽', refunding: 0 })),
    );
    expect(screen.getByText('Отменён, деньги возвращены: 1250,00 ₽')).toBeTruthy();
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toContain(
      'Отменён, деньги возвращены: 1250,00 ₽',
    );
    // Nothing more is to come: the stream is stopped.
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('a paid event hides the pay button without a reload', async () => {
    load.mockResolvedValueOnce(orderFixture({ status: 10, status_text: 'Ожидает оплаты', paid: 0 }));
    await renderOrder();
    expect(screen.getByRole('button', { name: 'Оплатить 1250,00 ₽' })).toBeTruthy();
    act(() => lastFollow().onStatus(cooked({ status: 20, status_text: 'Принят', paid: 1 })));
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
    expect(screen.getAllByText('Оплачен').length).toBeGreaterThan(0);
    // The tips id comes a moment after the payment (decision 025), by an event of its own.
    act(() => lastFollow().onStatus(cooked({ status: 20, status_text: 'Принят', paid: 1, tips_id: 'tips-501' })));
    expect(screen.getByTestId('order-tips-mounted').getAttribute('data-tips-id')).toBe('tips-501');
    expect(stop).not.toHaveBeenCalled();
    cleanup();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('another guest’s order or an unknown id reads «Заказ не найден.», with the way to Мои заказы', async () => {
    load.mockRejectedValueOnce(new ApiError('Заказ не найден.', 'server', 404, 'order_not_found'));
    await renderOrder('999');
    expect(within(screen.getByRole('alert')).getByRole('heading', { name: 'Заказ не найден.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Мои заказы' }).getAttribute('href')).toBe('/order_list');
    cleanup();

    await renderOrder('abc');
    expect(screen.getByRole('heading', { name: 'Заказ не найден.' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load offers «Повторить»', async () => {
    load
      .mockRejectedValueOnce(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null))
      .mockResolvedValueOnce(orderFixture());
    await renderOrder();
    expect(screen.getByRole('alert').textContent).toContain(REQUEST_FAILED_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(screen.getByText('Готовится')).toBeTruthy();
  });
});

describe('the order page’s rules', () => {
  it('sums: a markup reads as such, delivery shows for delivery orders', () => {
    const rows = orderSumRows(
      orderFixture({
        type: 'delivery',
        discountPercent: -5,
        sums: { items: 100_000, cutlery: 0, recommended: 0, discount: -5000, delivery: 0, total: 105_000 },
      }),
    );
    expect(rows).toEqual([
      { label: 'Блюда', value: '1000,00 ₽' },
      { label: 'Наценка 5%', value: '+50,00 ₽' },
      { label: 'Доставка', value: '0,00 ₽' },
      { label: 'Итого', value: '1050,00 ₽', total: true },
    ]);
  });

  it('when: the chosen date and time, or «По готовности»', () => {
    expect(
      orderWhenText({ as_ready: 0, props: { deliveryDate: '24.11.2026', deliveryTime: '19:30', address: '' } }),
    ).toBe('24.11.2026 19:30');
    expect(orderWhenText({ as_ready: 1, props: { deliveryDate: '', deliveryTime: '', address: '' } })).toBe(
      'По готовности',
    );
  });

  it('pay later: what /payment reads', () => {
    expect(payLaterState(orderFixture({ id: 7 }))).toEqual({
      orderId: '7',
      orderNum: 'С-017',
      orderSum: 125_000,
      navback: '/order_detail/7',
    });
  });
});
