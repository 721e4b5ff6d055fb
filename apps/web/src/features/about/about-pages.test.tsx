// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@chain/domain';
import { REQUEST_FAILED_MESSAGE } from '../../api/client';
import { restaurantWire, zoneWire } from '../../api/delivery-fixtures.test-support';
import { mapConfigQuery } from '../../api/geo';
import { restaurantListQuery } from '../../api/restaurants';
import { cartStore } from '../../state/store';
import AboutDeliveryPage from './about-delivery-page';
import AboutOfferPage from './about-offer-page';
import AboutPage from './about-page';
import AboutRestaurantPage from './about-restaurant-page';
import { chainPageQuery } from './chain-page-query';
import { resetAppStores } from '../../state/stores.test-support';

const page = (slug: 'offer' | 'delivery' | 'about', title: string, body: string) => ({
  slug,
  title,
  body,
  updated_at: '2026-11-01T00:00:00Z',
});
const OFFER = page('offer', 'Оферта', '## 1. Термины\n\nПриложение — сайт сети.\n\n- Заказ\n- Ресторан');
const ABOUT = page('about', 'О сети', 'Сеть дровяных печей.');
const DELIVERY = page('delivery', 'Условия доставки', '## Оплата\n\nКартой или по СБП.');

const PATRIKI = restaurantWire({
  id: 1,
  name: 'Жар-печь на Патриарших',
  phone: '+7 495 212-37-01',
  email: 'patriki@example.ru',
  seating: 96,
  about: 'Флагман сети.',
  deliveryZone: [
    zoneWire({
      id: 1,
      name: 'Патриаршие',
      minordersum_rest: 100_000,
      minordersum_shop: 150_000,
      delivery_price: 19_900,
      free_delivery_from: 200_000,
    }),
    zoneWire({ id: 2, name: 'Выключенная', active: '0' }),
  ],
});
const POKROVKA = restaurantWire({ id: 2, name: 'Жар-печь на Покровке', deliveryCourier: '0', deliveryZone: [] });
const TAGANKA = restaurantWire({
  id: 3,
  name: 'Жар-печь на Таганке',
  deliveryCourier: '0',
  deliverySelf: '0',
  deliveryRest: '1',
  deliveryZone: [],
});

function renderAt(path: string) {
  const location = memoryLocation({ path });
  return render(
    <Router hook={location.hook}>
      <Route path="/about">
        <AboutPage />
      </Route>
      <Route path="/about_restoran/:id">
        <AboutRestaurantPage />
      </Route>
      <Route path="/about_delivery">
        <AboutDeliveryPage />
      </Route>
      <Route path="/about_oferta">
        <AboutOfferPage />
      </Route>
    </Router>,
  );
}
const settle = () => act(async () => {});

describe('the chain’s pages (SPEC 2 Other pages; decision 024)', () => {
  beforeEach(() => {
    resetAppStores();
    restaurantListQuery.set(undefined, [PATRIKI, POKROVKA, TAGANKA]);
    chainPageQuery.set('offer', OFFER);
    chainPageQuery.set('about', ABOUT);
    chainPageQuery.set('delivery', DELIVERY);
    // No map server in these tests: the map says it did not load, the rest of the page stands.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    chainPageQuery.invalidate();
    mapConfigQuery.invalidate();
  });

  it('Оферта: the served text as headings, paragraphs and lists', () => {
    renderAt('/about_oferta');
    expect(screen.getByRole('heading', { level: 2, name: '1. Термины' })).toBeTruthy();
    expect(screen.getByText('Приложение — сайт сети.').tagName).toBe('P');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Заказ', 'Ресторан']);
  });

  it('a text that fails to load says so with «Повторить», which asks again', async () => {
    chainPageQuery.invalidate('offer');
    renderAt('/about_oferta');
    await settle();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить оферту')).toBeTruthy();
    expect(within(alert).getByText(REQUEST_FAILED_MESSAGE)).toBeTruthy();
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify(OFFER), { headers: { 'content-type': 'application/json' } })),
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(screen.getByRole('heading', { level: 2, name: '1. Термины' })).toBeTruthy();
  });

  it('О кафе for self-pickup: the chain’s words, then the current restaurant with tel:, mailto:, seating, seven days and its page', () => {
    cartStore.setState({
      orderType: 'self',
      restaurant: { id: '1', name: PATRIKI.name, nameShort: PATRIKI.nameShort },
    });
    renderAt('/about');
    expect(screen.getByRole('heading', { level: 2, name: 'О сети' })).toBeTruthy();
    const card = screen.getByRole('region', { name: PATRIKI.name });
    expect(
      within(card)
        .getByRole('link', { name: /212-37-01/ })
        .getAttribute('href'),
    ).toBe('tel:+74952123701');
    expect(
      within(card)
        .getByRole('link', { name: /patriki@example\.ru/ })
        .getAttribute('href'),
    ).toBe('mailto:patriki@example.ru');
    expect(within(card).getByText('Посадочных мест: 96')).toBeTruthy();
    expect(within(card).getAllByRole('rowheader')).toHaveLength(7);
    expect(within(card).getByText('Флагман сети.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Карта и зоны доставки' }).getAttribute('href')).toBe(
      '/about_restoran/1',
    );
  });

  it('О кафе without a current restaurant (or for a table order) lists every restaurant, each linking to its page', () => {
    cartStore.setState({
      orderType: 'inrest',
      restaurant: { id: '1', name: PATRIKI.name, nameShort: PATRIKI.nameShort },
    });
    renderAt('/about');
    const list = screen.getByRole('heading', { level: 2, name: 'Наши рестораны' }).parentElement!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/about_restoran/1', '/about_restoran/2', '/about_restoran/3']);
  });

  it('the restaurant page: its card, its active zones with their sums, the map’s failure said without losing the page', async () => {
    renderAt('/about_restoran/1');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: PATRIKI.name })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Зоны доставки' })).toBeTruthy();
    const rows = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-zone-id'));
    expect(rows.map((row) => row.getAttribute('data-zone-id'))).toEqual(['1']);
    expect(rows[0]!.textContent).toContain(formatMoney(19_900));
    expect(screen.getByRole('alert').textContent).toContain('Карта не загрузилась');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });

  it('a restaurant’s photo tops its card with its size held and its renditions offered; one without keeps the card as it was (issue 31)', async () => {
    const photo = '/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg';
    restaurantListQuery.set(undefined, [{ ...PATRIKI, img: photo }, POKROVKA, TAGANKA]);
    cartStore.setState({
      orderType: 'self',
      restaurant: { id: '1', name: PATRIKI.name, nameShort: PATRIKI.nameShort },
    });
    renderAt('/about');
    // Below the chain's words on «О кафе»: lazy.
    const onAbout = within(screen.getByRole('region', { name: PATRIKI.name })).getByRole('img', {
      name: `Ресторан «${PATRIKI.name}»`,
    });
    expect([
      onAbout.getAttribute('src'),
      onAbout.getAttribute('width'),
      onAbout.getAttribute('height'),
      onAbout.getAttribute('loading'),
    ]).toEqual([photo, '640', '360', 'lazy']);
    const sources = [...onAbout.parentElement!.querySelectorAll('source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toContain(
      '/photos/640/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg.avif 640w',
    );
    cleanup();
    // The restaurant's own page opens with it: eager.
    renderAt('/about_restoran/1');
    await settle();
    expect(screen.getByRole('img', { name: `Ресторан «${PATRIKI.name}»` }).getAttribute('loading')).toBe('eager');
    cleanup();
    renderAt('/about_restoran/2');
    await settle();
    expect(screen.getByRole('region', { name: 'О ресторане' }).querySelector('img, picture')).toBeNull();
  });

  it('a restaurant without courier delivery says under its map how else to get an order', async () => {
    renderAt('/about_restoran/2');
    await settle();
    expect(screen.getByText('Этот ресторан не доставляет заказы курьером — заберите заказ сами.')).toBeTruthy();
    cleanup();
    // A hall without pickup (the demo's «на Таганке») does not send its guests to pick their order up.
    renderAt('/about_restoran/3');
    await settle();
    expect(screen.queryByText(/заберите заказ сами/)).toBeNull();
    expect(
      screen.getByText(
        'Этот ресторан не доставляет заказы курьером и не выдаёт их с собой — закажите за столом в зале.',
      ),
    ).toBeTruthy();
  });

  it('an id the list does not have reads «Ресторан не найден» with the way to the list', () => {
    for (const id of ['99', 'abc']) {
      renderAt(`/about_restoran/${id}`);
      expect(screen.getByRole('heading', { level: 1, name: 'Ресторан не найден' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Все рестораны' }).getAttribute('href')).toBe('/about');
      cleanup();
    }
  });

  it('Условия доставки: the text, then a table per courier restaurant with the list’s numbers', () => {
    renderAt('/about_delivery');
    expect(screen.getByRole('heading', { level: 2, name: 'Оплата' })).toBeTruthy();
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(1);
    const row = within(tables[0]!)
      .getByRole('rowheader', { name: /Патриаршие/ })
      .closest('tr')!;
    expect(row.querySelector('[data-cell="min"] .zone-table__value')?.textContent).toBe('1000,00 ₽');
    expect(row.querySelector('[data-cell="min"]')?.textContent).toContain('с товарами магазина 1500,00 ₽');
    expect(row.querySelector('[data-cell="price"] .zone-table__value')?.textContent).toBe('199,00 ₽');
    expect(row.querySelector('[data-cell="free"] .zone-table__value')?.textContent).toBe('2000,00 ₽');
  });

  it('a restaurant list that fails to load says so with «Повторить»', async () => {
    restaurantListQuery.invalidate();
    renderAt('/about_delivery');
    await settle();
    expect(screen.getByText('Не удалось загрузить зоны доставки')).toBeTruthy();
  });
});
