import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addDays, chosenTimeLabel, formatShortDate, lineToken, wallClockAt } from '@chain/domain';
import { orderOf, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage, withGuestChoices } from '../support/browser';
import { cartPayButton } from '../support/cart';
import { payOnBankForm, placedOrderId } from '../support/payment';

const SHOTS = process.env['E2E_SCREENSHOTS'];
// Курский delivers to its Басманный zone: 199 ₽, free from 1800 ₽, from 800 ₽ of dishes.
const KURSKY = { id: '5', name: 'Жар-печь у Курского вокзала', nameShort: 'Курский' };
const HOME = { lat: 55.7574, lon: 37.6596 };

// SPEC 2 Cart «Доставка курьером» (issue 13, decision 020): the cart of a guest whose address and
// time are chosen shows the delivery sum of the order/delivery quote of exactly this cart, follows
// the cart as it changes (free delivery from 1800 ₽), and the paid order costs what it showed.
describe('delivery cart: the quoted delivery sum is the sum charged (/cart)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the address, the time and the delivery sum, follows the cart to free delivery, and is paid for the sum shown', async () => {
    const user = await signInByEmail(baseUrl, `e2e-delivery-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    const tomorrow = formatShortDate(addDays(wallClockAt(new Date(), 'Europe/Moscow').date, 1));
    // The guest chose the address and the time (the map and the time screen), then three pizzas.
    await withGuestChoices(context, {
      orderType: 'delivery',
      restaurant: KURSKY,
      cartRestaurantId: KURSKY.id,
      cart: [{ token: lineToken({ item: '101' }), item: '101', cnt: 3, comment: '', spec: null, specs: [] }],
      address: {
        id: null,
        full: 'Москва, улица Земляной Вал, 33',
        short: 'улица Земляной Вал, 33',
        long: 'Москва, улица Земляной Вал, 33, подъезд 2, кв. 15',
        lat: HOME.lat,
        lon: HOME.lon,
        podjezd: '2',
        domofon: '',
        etaz: '',
        room: '15',
        comment: '',
      },
      checkout: { deliveryDateTime: { deliveryDate: tomorrow, deliveryTime: '11:00-14:00', isTimePeriods: true } },
    });

    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Доставка курьером' }).waitFor();
    const delivery = page.getByRole('region', { name: 'Доставка' });
    await delivery.getByRole('link', { name: 'улица Земляной Вал, 33' }).waitFor();
    // The day reads in full (SPEC 9): 'Вторник, 24 ноября, 11:00-14:00'.
    const today = wallClockAt(new Date(), 'Europe/Moscow').date;
    await delivery
      .getByRole('link', { name: chosenTimeLabel({ deliveryDate: tomorrow, deliveryTime: '11:00-14:00' }, today) })
      .waitFor();
    // 3 × 590 ₽ = 1770 ₽: 10 ₽ short of free delivery.
    await delivery.getByText('Доставка 199,00 ₽').waitFor();
    expect((await cartPayButton(page)).total).toBe('1969,00 ₽');
    await auditScreen(page, '/cart delivery');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cart-delivery.png`, fullPage: true });

    // A fourth pizza: 2360 ₽, delivery free — quoted again for the new cart.
    await page.getByRole('button', { name: 'Увеличить количество: Маргарита' }).click();
    await delivery.getByText('Доставка бесплатно').waitFor();
    const { total } = await cartPayButton(page);
    expect(total).toBe('2360,00 ₽');

    await page.getByRole('radio', { name: 'Карта' }).check();
    await page.getByRole('button', { name: `Оплатить ${total}` }).click();
    await page.waitForURL('**/payment');
    const orderId = await placedOrderId(page);
    await payOnBankForm(page);

    const order = await orderOf(baseUrl, user, orderId);
    expect(order.paid).toBe(1);
    expect(order.sum).toBe(236_000);
    expect(order.sums.delivery).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
