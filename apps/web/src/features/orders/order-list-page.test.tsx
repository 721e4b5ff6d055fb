// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_LIST_PAGE_SIZE } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { loadOrderPage } from './api/orders';
import { guestStore } from '../../state/store';
import { orderFixture } from './order-fixtures.test-support';
import OrderListPage from './order-list-page';
import { orderCardLabel } from './orders-model';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock('./api/orders', () => ({ loadOrderPage: vi.fn() }));
const loadPage = vi.mocked(loadOrderPage);

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    orderFixture({ id: 1000 - from - index, znumber: `С-${from + index + 1}` }),
  );

/** The IntersectionObserver of the list's end, driven by the test. */
let observed: Array<{ callback: IntersectionObserverCallback; element: Element | null }> = [];
class FakeObserver {
  private entry: { callback: IntersectionObserverCallback; element: Element | null };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, element: null };
    observed.push(this.entry);
  }
  observe(element: Element) {
    this.entry.element = element;
  }
  disconnect() {
    observed = observed.filter((entry) => entry !== this.entry);
  }
}
const scrollToEnd = async () => {
  await act(async () => {
    for (const { callback, element } of observed) {
      callback(
        [{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    }
  });
};

const settle = () => act(async () => {});
const renderList = async () => {
  render(
    <Router hook={memoryLocation({ path: '/order_list' }).hook}>
      <OrderListPage />
    </Router>,
  );
  await settle();
};

describe('Мои заказы (SPEC 2 Orders, SPEC 8, SPEC 9)', () => {
  beforeEach(() => {
    loadPage.mockReset();
    observed = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    resetAppStores();
    guestStore.getState().setUser({ authorized: true, id: '7', password: 'tok' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows skeletons, then each order as a card linking to its page with number, time, sum, status and paid', async () => {
    let answer!: (orders: ReturnType<typeof page>) => void;
    loadPage.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderList();
    expect(screen.getByRole('status').textContent).toBe('Загружаем заказы…');
    await act(async () =>
      answer([
        orderFixture(),
        orderFixture({
          id: 502,
          znumber: 'С-018',
          status: 10,
          status_text: 'Ожидает оплаты',
          status_color: '#FFB26B00',
          paid: 0,
          sum: 50_000,
        }),
      ]),
    );

    const first = screen.getByRole('link', { name: 'Заказ С-017, 23.11.2026 18:40, 1250,00 ₽, Готовится, оплачен' });
    expect(first.getAttribute('href')).toBe('/order_detail/501');
    const second = screen.getByRole('link', {
      name: 'Заказ С-018, 23.11.2026 18:40, 500,00 ₽, Ожидает оплаты, не оплачен',
    });
    expect(second.getAttribute('href')).toBe('/order_detail/502');
    expect(second.textContent).toContain('Не оплачен');
    // SPEC 9 colour rule, darkened to 4.5:1 on white: the amber of «Ожидает оплаты» is not used as it came.
    const statusText = screen.getByText('Ожидает оплаты');
    expect(statusText.style.color).not.toBe('');
    expect(statusText.style.color).not.toBe('rgb(178, 107, 0)');
    expect(loadPage).toHaveBeenCalledWith({ id: '7', password: 'tok' }, 0, expect.anything());
  });

  it('asks the next page at the list’s end with offset = the number loaded, and stops on an empty page', async () => {
    loadPage
      .mockResolvedValueOnce(page(0, ORDER_LIST_PAGE_SIZE))
      .mockResolvedValueOnce(page(20, 3))
      .mockResolvedValueOnce([]);
    await renderList();
    expect(screen.getAllByRole('link', { name: /^Заказ С-/ })).toHaveLength(20);

    await scrollToEnd();
    expect(loadPage).toHaveBeenLastCalledWith(expect.anything(), 20, expect.anything());
    expect(screen.getAllByRole('link', { name: /^Заказ С-/ })).toHaveLength(23);

    // The visible way for whoever does not scroll.
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await settle();
    expect(loadPage).toHaveBeenLastCalledWith(expect.anything(), 23, expect.anything());
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    await scrollToEnd();
    expect(loadPage).toHaveBeenCalledTimes(3);
    expect(screen.getAllByRole('link', { name: /^Заказ С-/ })).toHaveLength(23);
  });

  it('says so when there are no orders and leads to ordering', async () => {
    loadPage.mockResolvedValueOnce([]);
    await renderList();
    expect(screen.getByRole('heading', { name: 'Заказов пока нет' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Сделать заказ' }).getAttribute('href')).toBe('/');
  });

  it('a failed first page offers «Повторить»; a failed next page keeps the list and retries from the same offset', async () => {
    loadPage
      .mockRejectedValueOnce(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null))
      .mockResolvedValueOnce(page(0, ORDER_LIST_PAGE_SIZE))
      .mockRejectedValueOnce(new ApiError('Сервис недоступен', 'server', 503))
      .mockResolvedValueOnce(page(20, 1));
    await renderList();
    expect(screen.getByRole('alert').textContent).toContain(REQUEST_FAILED_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(screen.getAllByRole('link', { name: /^Заказ С-/ })).toHaveLength(20);

    await scrollToEnd();
    expect(screen.getByRole('alert').textContent).toContain('Сервис недоступен');
    expect(screen.getAllByRole('link', { name: /^Заказ С-/ })).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(loadPage).toHaveBeenLastCalledWith(expect.anything(), 20, expect.anything());
    expect(screen.getAllByRole('link', { name: /^Заказ С-/ })).toHaveLength(21);
  });

  it('a guest without a session is offered sign-in, nothing is asked', async () => {
    guestStore.getState().logout();
    await renderList();
    expect(screen.getByRole('link', { name: 'Войти' })).toBeTruthy();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('names a paid order once when its status already says «Оплачен»', () => {
    expect(orderCardLabel(orderFixture({ status: 10, status_text: 'Оплачен', paid: 1 }))).toBe(
      'Заказ С-017, 23.11.2026 18:40, 1250,00 ₽, Оплачен',
    );
  });
});
