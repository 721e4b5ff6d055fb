import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, orderListUserResponse } from '@chain/contract';
import { formatMoney } from '@chain/domain';
import { linkSignature } from '../src/http/signed-links';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import { insertRichOrder, RICH_ORDER } from './support/rich-order';
import { signedInUser } from './support/users';

/** The page's text without tags, spaces folded: what a guest reads. */
function readable(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
}

describe.each(databaseKinds())(
  'the order receipt on %s (SPEC 2 OrderDetail receipt download, SPEC 9 money)',
  (kind) => {
    let t: TestApp;
    let owner: { id: number; token: string };
    let unpaidId: number;
    let paidId: number;
    let unpaidLink: string;

    beforeAll(async () => {
      t = await buildTestApp(kind);
      owner = await signedInUser(t.database, { name: 'Анна' });
      unpaidId = (await insertRichOrder(t.database, { userId: owner.id })).id;
      paidId = (await insertRichOrder(t.database, { userId: owner.id, paid: true, status: 20 })).id;
      const res = await post(t.app, `/api/v1/order/listUser/${owner.id}`, {
        user_id: owner.id,
        user_token: owner.token,
        id: unpaidId,
      });
      unpaidLink = orderListUserResponse.parse(res.json()).items[0]?.receipt ?? '';
    });
    afterAll(() => t.close());

    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it("opens from the order's signed link without the token, as an inline HTML page in Russian", async () => {
      const res = await get(unpaidLink);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`inline; filename="receipt-${unpaidId}.html"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toMatch(/^<!doctype html>\s*<html lang="ru">/);
    });

    it('shows the chain, the restaurant, the order number, date and time, lines, options and every part of the sum (SPEC 5 cart total, SPEC 9 money)', async () => {
      const order = await t.database.db
        .selectFrom('orders')
        .select('znumber')
        .where('id', '=', unpaidId)
        .executeTakeFirstOrThrow();
      const text = readable((await get(unpaidLink)).body);
      for (const expected of [
        'Жар-печь',
        'Жар-печь на Патриарших',
        'Москва, ул. Малая Бронная, 24',
        `Заказ № ${order.znumber}`,
        'Дата и время 21.11.2026 14:05',
        'Тип заказа Доставка курьером',
        'Время доставки 21.11.2026 15:00-16:00',
        'Москва, ул. Малая Бронная, 10, кв. 5',
        'Позвонить за 10 минут',
        // Маргарита: option, multi-option with what it adds to a portion (2 × 120 ₽), comment,
        // quantity × the portion's price (590 + 240 ₽) and the line's sum
        'Маргарита Тонкое тесто + Двойная моцарелла × 2 240,00 ₽ «Порезать» 2 × 830,00 ₽ 1660,00 ₽',
        'Пепперони 1 × 720,00 ₽ 720,00 ₽',
        'Приборы Набор приборов бесплатно: 1 3 × 15,00 ₽ 30,00 ₽',
        'Рекомендуем к заказу Морс клюквенный 1 × 190,00 ₽ 190,00 ₽',
        `Блюда ${formatMoney(RICH_ORDER.items)}`,
        `Приборы ${formatMoney(RICH_ORDER.cutlery)}`,
        `Рекомендуем к заказу ${formatMoney(RICH_ORDER.recommended)}`,
        'Скидка 10 % \u2212260,00 ₽',
        'Доставка 250,00 ₽',
        'Итого 2590,00 ₽',
        'Не оплачен',
        'Документ не является кассовым чеком.',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Оплачен ');
    });

    it('stamps a paid order «Оплачен» with the time and the way it was paid (SPEC 4 paid flag)', async () => {
      const link = `/api/v1/order/receipt/${paidId}?sig=${linkSignature(t.app.config.authSecret, 'receipt', paidId)}`;
      const text = readable((await get(link)).body);
      expect(text).toContain('Оплачен 21.11.2026 14:06 · банковской картой');
      expect(text).not.toContain('Не оплачен');
    });

    it('is self-contained and printable: no scripts, no outside assets', async () => {
      const html = (await get(unpaidLink)).body;
      expect(html).not.toMatch(/<script|<link|<img|src=|url\(/i);
      expect(html).toContain('@media print');
    });

    it('downloads as an attachment with ?download=1', async () => {
      const res = await get(`${unpaidLink}&download=1`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${unpaidId}.html"`);
    });

    it("answers a wrong, missing or another order's signature with 404, like an unknown order (SPEC 6: only one's own orders)", async () => {
      const otherUser = await signedInUser(t.database);
      const theirs = (await insertTestOrder(t.database, { userId: otherUser.id })).id;
      const ownSig = new URL(unpaidLink, 'http://x').searchParams.get('sig') ?? '';
      for (const url of [
        `/api/v1/order/receipt/${theirs}?sig=${ownSig}`,
        `/api/v1/order/receipt/${theirs}`,
        `/api/v1/order/receipt/${theirs}?sig=`,
        `/api/v1/order/receipt/${theirs}?sig=${'A'.repeat(22)}`,
        `/api/v1/order/receipt/${theirs}?sig=${ownSig}&sig=${ownSig}`,
        `/api/v1/order/receipt/${unpaidId}?sig=${ownSig.slice(0, -1)}`,
        `/api/v1/order/receipt/1999999999?sig=${linkSignature(t.app.config.authSecret, 'receipt', 1_999_999_999)}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(errorResponse.parse(res.json()).message).toBe('Заказ не найден.');
        expect(res.body).not.toContain('Маргарита');
      }
    });

    it('answers ids that cannot exist with a 4xx, never a 5xx', async () => {
      for (const id of ['0', '-1', 'abc', '1.5', '99999999999', '%00', "1'or'1"]) {
        const res = await get(`/api/v1/order/receipt/${id}?sig=x`);
        expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, id).toBeLessThan(500);
      }
    });

    it('escapes what the guest typed, so a comment cannot inject markup', async () => {
      const id = (await insertRichOrder(t.database, { userId: owner.id })).id;
      await t.database.db
        .updateTable('orders')
        .set({ comment: '<script>alert(1)</script>' })
        .where('id', '=', id)
        .execute();
      const html = (
        await get(`/api/v1/order/receipt/${id}?sig=${linkSignature(t.app.config.authSecret, 'receipt', id)}`)
      ).body;
      expect(html).not.toContain('<script>');
      expect(readable(html)).toContain('<script>alert(1)</script>');
    });
  },
);
