// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartStore, kioskStore } from '../../state/store';
import ThanksPage, { followUrl } from './thanks-page';
import { resetAppStores } from '../../state/stores.test-support';

let navigations: Array<{ to: string; options: unknown }>;
const hook = (): [string, (to: string, options?: unknown) => void] => [
  '/thanks',
  (to, options) => {
    navigations.push({ to, options });
  },
];
const renderThanks = async () => {
  render(
    <Router hook={hook}>
      <ThanksPage />
    </Router>,
  );
  await act(async () => {});
};

describe('Thanks (SPEC 2 Thanks, issue 14)', () => {
  beforeEach(() => {
    navigations = [];
    resetAppStores();
    history.replaceState({ orderNum: 'К-017', followToken: '501.lz3k9c.sig' }, '', '/thanks');
  });
  afterEach(() => cleanup());

  it('builds the follow link on this origin, the token encoded', () => {
    expect(followUrl('https://demo.example', '501.lz3k9c.sig')).toBe('https://demo.example/follow/501.lz3k9c.sig');
    expect(followUrl('https://demo.example', 'a/b')).toBe('https://demo.example/follow/a%2Fb');
  });

  it('on a kiosk: the number large, the hand-off QR with its instruction, and «На главную» ends the guest', async () => {
    kioskStore.getState().setKiosk(true);
    cartStore.getState().updateCheckout({ table: '12' });
    await renderThanks();
    expect(screen.getByRole('heading', { name: 'Спасибо за заказ!' })).toBeTruthy();
    expect(screen.getByText('К-017')).toBeTruthy();
    expect(screen.getByText('Заказ оплачен. Мы начали готовить.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR-код для отслеживания заказа К-017 на телефоне' })).toBeTruthy();
    expect(screen.getByText('Следите за заказом на своём телефоне: наведите камеру на код')).toBeTruthy();
    expect(screen.queryByText(/Мои заказы/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'На главную' }));
    expect(navigations).toEqual([{ to: '/', options: { replace: true } }]);
    expect(cartStore.getState().checkout.table).toBe('');
    expect(kioskStore.getState().kiosk).toBe(true);
  });

  it('on a kiosk without a follow token: the number alone', async () => {
    kioskStore.getState().setKiosk(true);
    history.replaceState({ orderNum: 'К-017' }, '', '/thanks');
    await renderThanks();
    expect(screen.getByText('К-017')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR-код/ })).toBeNull();
  });

  it('on a phone: the number and the link to «Мои заказы» (issue 15)', async () => {
    await renderThanks();
    expect(
      screen.getByText(/Номер заказа: К-017\. Статус заказа можно посмотреть в разделе «Мои заказы»\./),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR-код/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Мои заказы' }).getAttribute('href')).toBe('/order_list');
    const thanks = within(screen.getByRole('region', { name: 'Спасибо за заказ!' }));
    expect(thanks.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    // The placed order is not known here: no link to it.
    expect(screen.queryByRole('link', { name: 'Открыть заказ' })).toBeNull();
  });

  it('on a phone: «Открыть заказ» leads to the placed order’s page', async () => {
    cartStore.getState().orderPlaced({ id: '501', number: 'К-017', sum: 125_000, paySystem: 'sbp', followToken: null });
    await renderThanks();
    expect(screen.getByRole('link', { name: 'Открыть заказ' }).getAttribute('href')).toBe('/order_detail/501');
    expect(screen.getByRole('link', { name: 'Мои заказы' }).getAttribute('href')).toBe('/order_list');
  });

  it('on a phone: another order thanked for (paid later from its page) is not linked as the placed one', async () => {
    cartStore.getState().orderPlaced({ id: '501', number: 'К-017', sum: 125_000, paySystem: 'sbp', followToken: null });
    history.replaceState({ orderNum: 'К-020' }, '', '/thanks');
    await renderThanks();
    expect(screen.queryByRole('link', { name: 'Открыть заказ' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Мои заказы' })).toBeTruthy();
  });

  it('on a phone: an order paid later from its page is linked by the id the payment screen passes', async () => {
    cartStore.getState().orderPlaced({ id: '501', number: 'К-017', sum: 125_000, paySystem: 'sbp', followToken: null });
    history.replaceState({ orderNum: 'К-020', orderId: 520 }, '', '/thanks');
    await renderThanks();
    expect(screen.getByRole('link', { name: 'Открыть заказ' }).getAttribute('href')).toBe('/order_detail/520');
  });
});
