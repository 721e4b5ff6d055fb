import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SavedAddress } from '@chain/contract';
import { api, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];

/** Two addresses of the demo city, saved through the API as the map would save them. */
const BRONNAYA = {
  city: { id: 'moscow', name: 'Москва', full: 'Москва' },
  street: { id: 'malaya-bronnaya', name: 'Малая Бронная', full: 'Малая Бронная улица' },
  house: '24',
  podjezd: '2',
  domofon: '12',
  etaz: '3',
  room: '12',
  lat: 55.7627,
  lon: 37.5926,
};
const ZEMLYANOY_VAL = {
  ...BRONNAYA,
  street: { id: 'zemlyanoy-val', name: 'Земляной Вал', full: 'улица Земляной Вал' },
  house: '33',
  podjezd: '',
  domofon: '',
  etaz: '',
  room: '',
  lat: 55.7574,
  lon: 37.6596,
};

// SPEC 2 Other pages: Мои адреса and the edit page on a phone (issue 13): the list, the details
// edited and saved, an address deleted after «Удалить адрес?»; axe and 44 px targets on each.
describe('saved addresses (/address_list, /address_list/{id})', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const listOf = async (user: { id: number; password: string }) =>
    (
      await api<{ result: SavedAddress[] }>(baseUrl, '/api/v2/user/address/list', {
        user_id: user.id,
        user_token: user.password,
      })
    ).result;
  const save = (user: { id: number; password: string }, address: object) =>
    api<{ result: { id: number } }>(baseUrl, '/api/v2/user/address/save', {
      address,
      user_id: user.id,
      user_token: user.password,
    });
  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  it("lists, edits and deletes the guest's addresses", async () => {
    const user = await signInByEmail(baseUrl, `e2e-addresses-${Date.now()}@example.ru`);
    await save(user, ZEMLYANOY_VAL);
    const { id } = (await save(user, BRONNAYA)).result;
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    try {
      await page.goto('/address_list');
      const list = page.getByRole('list', { name: 'Сохранённые адреса' });
      await list.waitFor();
      const rows = list.getByRole('listitem');
      expect(await rows.count()).toBe(2);
      // Newest first: street and house, then the courier's line.
      await expect(rows.first().textContent()).resolves.toContain('Малая Бронная улица, 24');
      await expect(rows.first().textContent()).resolves.toContain('подъезд 2');
      await shot(page, 'address-list');
      await auditScreen(page, 'Мои адреса');

      // Edit: street and house read-only, the flat and comment changed and saved.
      await list.getByRole('link', { name: /Малая Бронная улица, 24/ }).click();
      await page.waitForURL(`**/address_list/${id}`);
      const room = page.getByRole('textbox', { name: 'Квартира / офис' });
      await expect(room.inputValue()).resolves.toBe('12');
      await page.getByText('Москва, Малая Бронная улица, 24', { exact: true }).waitFor();
      await shot(page, 'address-edit');
      await auditScreen(page, 'Адрес');
      await room.fill('14');
      await page.getByRole('textbox', { name: 'Комментарий курьеру' }).fill('Позвонить за 10 минут');
      // SPEC 8 address-save texts: no answer (the connection), then the server's failure; the
      // guest stays on the form with what they typed.
      const saveCall = '**/api/v2/user/address/save';
      const failedSave = page.getByRole('alertdialog');
      await page.route(saveCall, (route) => route.abort('internetdisconnected'), { times: 1 });
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await failedSave
        .getByText('Ошибка сохранения адреса, проверьте подключение или попробуйте еще раз.', { exact: true })
        .waitFor();
      await auditScreen(page, 'Адрес: ошибка сохранения');
      await failedSave.getByRole('button').first().click();
      await failedSave.waitFor({ state: 'detached' });
      await page.route(
        saveCall,
        (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
        { times: 1 },
      );
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await failedSave.getByText('Ошибка сохранения адреса', { exact: true }).waitFor();
      await failedSave.getByRole('button').first().click();
      await failedSave.waitFor({ state: 'detached' });
      expect(page.url()).toContain(`/address_list/${id}`);
      await expect(room.inputValue()).resolves.toBe('14');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.waitForURL('**/address_list');
      await list.getByText(/кв\. 14/).waitFor();
      const saved = (await listOf(user)).find((address) => address.id === id);
      expect(saved).toMatchObject({
        room: '14',
        comment: 'Позвонить за 10 минут',
        house: '24',
        podjezd: '2',
        lat: BRONNAYA.lat,
        lon: BRONNAYA.lon,
      });

      // Delete: «Удалить адрес?», «Отмена» keeps it, «Удалить» removes it.
      const remove = page.getByRole('button', { name: 'Удалить адрес: улица Земляной Вал, 33' });
      await remove.click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('Удалить адрес?').waitFor();
      await shot(page, 'address-delete-confirm');
      await confirm.getByRole('button', { name: 'Отмена' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await listOf(user)).toHaveLength(2);
      await remove.click();
      await confirm.getByRole('button', { name: 'Удалить' }).click();
      await remove.waitFor({ state: 'detached' });
      expect((await listOf(user)).map((address) => address.id)).toEqual([id]);

      // The last one deleted from its edit page: the empty state says what to do next.
      await list.getByRole('link', { name: /Малая Бронная улица, 24/ }).click();
      await page.getByRole('button', { name: 'Удалить адрес' }).click();
      await confirm.getByRole('button', { name: 'Удалить' }).click();
      await page.waitForURL('**/address_list');
      await page.getByRole('heading', { name: 'Сохранённых адресов пока нет' }).waitFor();
      await shot(page, 'address-list-empty');
      await auditScreen(page, 'Мои адреса, пусто');
      expect(await listOf(user)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
