import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '@chain/domain';
import { api, listRestaurants, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { kioskContext, launchBrowser, signedInPhonePage, STATE_KEY, STATE_VERSION } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];

interface MenuDish {
  id: number;
  name: string;
  price: number;
  allowed: boolean;
  categoryId: number;
}

interface Menu {
  categories: Array<{ id: number; name: string }>;
  dishes: MenuDish[];
}

interface StoredFavourites {
  favorites: string[];
  favoriteRestaurants: string[];
}

const add = (name: string) => `Добавить в любимое: ${name}`;
const remove = (name: string) => `Убрать из любимого: ${name}`;

async function storedFavourites(page: Page): Promise<StoredFavourites> {
  const stored = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: StoredFavourites },
    STATE_KEY,
  );
  return { favorites: stored.state?.favorites ?? [], favoriteRestaurants: stored.state?.favoriteRestaurants ?? [] };
}

/** The accessible name (aria-label) of the element with focus. The e2e project has no DOM types. */
async function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as {
      document: { activeElement: { getAttribute(name: string): string | null } | null };
    };
    return document.activeElement?.getAttribute('aria-label') ?? null;
  });
}

// SPEC 2 Menu "favourite toggle with a confirmation dialog (not in kiosk mode on products)",
// SPEC 2 Любимое and SPEC 3 favorites / favorite_restorans (kept on the device, no server call):
// hearts on the menu's title and cards and on the product, kept across a reload, removal asked
// first, the liked list, and the self-pickup list putting favourite restaurants first.
describe('favourites (/menu/{id}/self, /product/{id}, /liked, /self_from)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('marks a restaurant and dishes, keeps them across a reload, asks before removing and lists them', async () => {
    const restaurants = await listRestaurants(baseUrl);
    const pickup = restaurants.filter((entry) => entry.active === '1' && entry.deliverySelf === '1');
    const r1 = pickup.find((entry) => entry.id === 1)!;
    // A second favourite further down the list: favourites first must move it up.
    const later = pickup.at(-1)!;
    expect(r1).toBeDefined();
    expect(later.id).not.toBe(r1.id);
    const menu = await api<Menu>(baseUrl, '/api/v2/restoran/menu', {
      is_shop: 0,
      fs_uid: r1.fs_uid,
      order_type: 'self',
      ver: 4,
    });
    const margherita = menu.dishes.find((dish) => dish.id === 101)!;
    const second = menu.dishes.find((dish) => dish.id !== 101 && dish.allowed)!;
    expect(margherita && second).toBeTruthy();
    // The liked list follows the menu's order (categories, then dishes).
    const menuOrder = menu.categories.flatMap((category) =>
      menu.dishes.filter((dish) => dish.categoryId === category.id),
    );
    const likedOrder = menuOrder.filter((dish) => dish.id === margherita.id || dish.id === second.id);

    const user = await signInByEmail(baseUrl, `e2e-favourites-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);

    // The menu: a heart for the restaurant in the top bar, one on each card. Adding asks nothing.
    await page.goto(`/menu/${r1.id}/self`);
    await page.getByRole('heading', { level: 1, name: r1.name }).waitFor();
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: add(r1.name), exact: true }).click();
    await banner.getByRole('button', { name: remove(r1.name), exact: true }).waitFor();

    const card = (dish: MenuDish) => page.getByRole('article', { name: dish.name, exact: true });
    await card(margherita)
      .getByRole('button', { name: add(margherita.name), exact: true })
      .click();
    await card(margherita)
      .getByRole('button', { name: remove(margherita.name), exact: true })
      .waitFor();
    await card(second)
      .getByRole('button', { name: add(second.name), exact: true })
      .click();
    await card(second)
      .getByRole('button', { name: remove(second.name), exact: true })
      .waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await storedFavourites(page)).toEqual({
      favorites: [String(margherita.id), String(second.id)],
      favoriteRestaurants: [String(r1.id)],
    });
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/favourites-menu.png` });
    await auditScreen(page, `/menu/${r1.id}/self with favourites`);

    // Kept on the device: a reload shows the same hearts.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: r1.name }).waitFor();
    await banner.getByRole('button', { name: remove(r1.name), exact: true }).waitFor();
    await card(margherita)
      .getByRole('button', { name: remove(margherita.name), exact: true })
      .waitFor();

    // Removing asks first: Отмена keeps the dish (and focus comes back to its heart), Убрать removes it.
    const heart = card(margherita).getByRole('button', { name: remove(margherita.name), exact: true });
    await heart.click();
    const confirm = page.getByRole('alertdialog', { name: 'Убрать из любимого?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(margherita.name);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/favourites-confirm.png` });
    await auditScreen(page, `/menu/${r1.id}/self: the removal confirmation`);
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await storedFavourites(page)).favorites).toContain(String(margherita.id));
    await expect.poll(() => focusedName(page)).toBe(remove(margherita.name));

    await heart.click();
    await confirm.getByRole('button', { name: 'Убрать', exact: true }).click();
    await card(margherita)
      .getByRole('button', { name: add(margherita.name), exact: true })
      .waitFor();
    expect((await storedFavourites(page)).favorites).toEqual([String(second.id)]);
    // … and marked again, for the liked list.
    await card(margherita)
      .getByRole('button', { name: add(margherita.name), exact: true })
      .click();

    // The product screen: the dish's heart in the top bar.
    await card(margherita).getByRole('link', { name: margherita.name }).click();
    await page.waitForURL(`**/product/${margherita.id}`);
    await page.getByRole('heading', { level: 1, name: margherita.name }).waitFor();
    await banner.getByRole('button', { name: remove(margherita.name), exact: true }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/favourites-product.png` });
    await auditScreen(page, `/product/${margherita.id} (a favourite)`);
    await banner.getByRole('button', { name: 'Назад' }).click();
    await page.waitForURL(`**/menu/${r1.id}/self`);

    // Любимое through the drawer (shown once dishes are loaded): both dishes, in the menu's order.
    await banner.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('link', { name: 'Любимое' }).click();
    await page.waitForURL('**/liked');
    const liked = page.getByRole('list', { name: 'Любимые блюда' });
    await liked.waitFor();
    const rows = liked.getByRole('listitem');
    expect(await rows.count()).toBe(2);
    for (const [index, dish] of likedOrder.entries()) {
      const row = rows.nth(index);
      expect(await row.textContent()).toContain(formatMoney(dish.price));
      expect(await row.getByRole('link', { name: dish.name }).getAttribute('href')).toBe(`/product/${dish.id}`);
      await row.getByRole('button', { name: remove(dish.name), exact: true }).waitFor();
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/favourites-liked.png` });
    await auditScreen(page, '/liked');

    // Opened directly (a reload): the screen loads the menu itself. Removing the first row asks,
    // and focus moves on to the next heart.
    await page.reload();
    await liked.waitFor();
    const [first, last] = likedOrder as [MenuDish, MenuDish];
    await rows
      .first()
      .getByRole('button', { name: remove(first.name), exact: true })
      .click();
    await confirm.getByRole('button', { name: 'Убрать', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => focusedName(page)).toBe(remove(last.name));

    // The last one: the empty state says what to do next and leads back to the menu.
    await rows
      .first()
      .getByRole('button', { name: remove(last.name), exact: true })
      .click();
    await confirm.getByRole('button', { name: 'Убрать', exact: true }).click();
    const empty = page.getByRole('region', { name: 'В любимом пока пусто' });
    await empty.waitFor();
    expect(await empty.textContent()).toContain('Здесь появятся блюда, которые вы отметите сердечком в меню');
    expect(await empty.getByRole('link', { name: 'Открыть меню' }).getAttribute('href')).toBe(`/menu/${r1.id}/self`);
    expect(await storedFavourites(page)).toEqual({ favorites: [], favoriteRestaurants: [String(r1.id)] });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/favourites-liked-empty.png` });
    await auditScreen(page, '/liked (empty)');

    // A second favourite restaurant, then the self-pickup list: favourites first, with the marker.
    await page.goto(`/menu/${later.id}/self`);
    await page.getByRole('heading', { level: 1, name: later.name }).waitFor();
    await banner.getByRole('button', { name: add(later.name), exact: true }).click();
    await page.goto('/self_from');
    const list = page.getByRole('list', { name: 'Рестораны для самовывоза' });
    await list.waitFor();
    const pickupRows = list.getByRole('listitem');
    const expected = [r1, later, ...pickup.filter((entry) => entry.id !== r1.id && entry.id !== later.id)];
    expect(await pickupRows.count()).toBe(expected.length);
    for (const [index, restaurant] of expected.entries()) {
      const text = (await pickupRows.nth(index).textContent()) ?? '';
      expect(text).toContain(restaurant.name);
      expect(text.includes('В любимых'), `${restaurant.name}: ${text}`).toBe(index < 2);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/favourites-self-from.png` });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('in kiosk mode keeps the restaurant heart but shows none on dishes or the product (SPEC 2, 6)', async () => {
    const restaurants = await listRestaurants(baseUrl);
    const r1 = restaurants.find((entry) => entry.id === 1)!;
    const menu = await api<Menu>(baseUrl, '/api/v2/restoran/menu', {
      is_shop: 0,
      fs_uid: r1.fs_uid,
      order_type: 'inrest',
      ver: 4,
    });
    const dish = menu.dishes.find((entry) => entry.id === 101)!;

    const context = await kioskContext(browser!, baseUrl);
    await context.addInitScript(
      ({ key, version }) => {
        if (localStorage.getItem(key) === null) {
          localStorage.setItem(key, JSON.stringify({ state: { kiosk: true, favorites: ['101'] }, version }));
        }
      },
      { key: STATE_KEY, version: STATE_VERSION },
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`/menu/${r1.id}/inrest`);
    await page.getByRole('heading', { level: 1, name: r1.name }).waitFor();
    const card = page.getByRole('article', { name: dish.name, exact: true });
    await card.waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: add(r1.name), exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: /любим/ }).count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/favourites-kiosk-menu.png` });

    await card.getByRole('link', { name: dish.name }).click();
    await page.waitForURL(`**/product/${dish.id}`);
    await page.getByRole('heading', { level: 1, name: dish.name }).waitFor();
    expect(await page.getByRole('button', { name: /любим/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
