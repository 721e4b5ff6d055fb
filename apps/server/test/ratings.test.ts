import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorResponse,
  MAX_RATING_PHOTO_BYTES,
  orderListUserResponse,
  RATING_PHOTO_REFUSALS,
  rateListResponse,
  ratingPhotoRefusal,
  type OrderView,
} from '@chain/contract';
import { showsRatingControls } from '@chain/domain';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { loadMigrations, migrate } from '../src/db/migrate';
import { ratingPhotoLink } from '../src/http/signed-links';
import { seedDemoChain } from '../src/seed/load';
import { insertOlderCatalogue } from './support/older-demo-chain';
import { buildTestApp, databaseKinds, freshDatabase, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import { insertRichOrder, RICH_ORDER } from './support/rich-order';
import { REFUSED_RATINGS_PER_USER, RATINGS_RATE_MESSAGE } from '../src/modules/ratings/routes';
import { signedInUser } from './support/users';
import {
  dataUrl,
  GIF_POLYGLOT,
  gifBomb,
  jpegBomb,
  phoneJpegWithGps,
  PHOTO_GPS,
  pixelAt,
  pngBomb,
  rationalBytes,
  truncatedPng,
} from './support/pictures';

type Session = { id: number; token: string };

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** A JPEG's start-of-image marker and JFIF header, padded to `size` bytes: a JPEG by its first bytes only. */
const jpegBytes = (size = 64) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
    Buffer.alloc(Math.max(0, size - 12)),
    Buffer.from([0xff, 0xd9]),
  ]);
/** A small real JPEG. */
const JPEG = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#d08030' } })
  .jpeg()
  .toBuffer();
/** A PNG of `side`² pixels of noise (no compression helps): about 3 bytes a pixel, a real picture near 2 MB at 810 (filters add a little). */
function noisePng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe.each(databaseKinds())(
  'ratings on %s (SPEC 3 Order and Item rating, SPEC 4, SPEC 5, SPEC 7 rate/add and rate/list)',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind);
    });
    afterAll(() => t.close());

    const rate = (user: Session, body: Record<string, unknown>) =>
      post(t.app, '/api/v1/rate/add', { user_id: user.id, token: user.token, ...body });
    const ratings = async (user: Session) =>
      rateListResponse.parse((await post(t.app, '/api/v1/rate/list', { user_id: user.id, token: user.token })).json())
        .items;
    const orderOf = async (user: Session, id: number) =>
      orderListUserResponse.parse(
        (
          await post(t.app, `/api/v1/order/listUser/${user.id}`, { user_id: user.id, user_token: user.token, id })
        ).json(),
      ).items[0] as OrderView;
    const paidOrder = async (user: Session) =>
      (await insertRichOrder(t.database, { userId: user.id, paid: true, status: 20 })).id;
    const expectError = (
      res: { statusCode: number; json: () => unknown },
      status: number,
      message?: string | RegExp,
    ) => {
      expect(res.statusCode).toBe(status);
      const body = errorResponse.parse(res.json());
      if (typeof message === 'string') expect(body.message).toBe(message);
      else if (message) expect(body.message).toMatch(message);
      return body;
    };

    it('keeps an order rating with its scores, comment, category and photos, and the order shows it (SPEC 3, SPEC 4 rating controls)', async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      expect(showsRatingControls(await orderOf(user, orderId))).toBe(true);
      const res = await rate(user, {
        order_id: orderId,
        item_id: '',
        spec_id: '',
        stars: 4,
        rate_taste: 5,
        rate_speed: '3',
        rate_fresh: 4,
        rate_quality: '',
        comment: 'Вкусно, но долго',
        photos: [dataUrl('image/png', PNG), dataUrl('image/jpeg', JPEG), dataUrl('image/gif', GIF)],
        type: 5,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });

      const order = await orderOf(user, orderId);
      expect(order.rate).toMatchObject({
        stars: 4,
        rate_taste: 5,
        rate_speed: 3,
        rate_fresh: 4,
        rate_quality: null,
        comment: 'Вкусно, но долго',
        type: 5,
      });
      expect(order.rate?.photos).toHaveLength(3);
      expect(showsRatingControls(order)).toBe(false);
    });

    it('gives 5 stars when none are sent (SPEC 5, SPEC 9 default 5)', async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      expect((await rate(user, { order_id: orderId })).statusCode).toBe(200);
      expect((await orderOf(user, orderId)).rate).toMatchObject({
        stars: 5,
        rate_taste: null,
        comment: '',
        photos: [],
      });
    });

    it('refuses stars and scores outside 1..5 with 400 naming the field (SPEC 5 star rating 1 to 5)', async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      for (const [field, value] of [
        ['stars', 0],
        ['stars', 6],
        ['stars', 4.5],
        ['rate_taste', -1],
        ['taste', 'пять'],
        ['stars', true],
      ] as const) {
        const body = expectError(await rate(user, { order_id: orderId, [field]: value }), 400);
        expect(body.message).toContain(`«${field}»`);
      }
      expect((await orderOf(user, orderId)).rate).toBeNull();
    });

    it('rates one dish of the order, with its option, on its basket line (SPEC 3 Item rating)', async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      const res = await rate(user, {
        order_id: orderId,
        item_id: 101,
        spec_id: RICH_ORDER.spec.id,
        taste: 5,
        fresh: '4',
        speed: 2,
        comment: 'Тесто отличное',
        type: '',
      });
      expect(res.statusCode).toBe(200);
      const order = await orderOf(user, orderId);
      expect(order.rate).toBeNull();
      expect(order.basket.find((line) => line.id === 101)?.rate).toMatchObject({
        taste: 5,
        fresh: 4,
        speed: 2,
        comment: 'Тесто отличное',
        type: null,
      });
      expect(order.basket.find((line) => line.id === 102)?.rate).toBeNull();
      // The order itself can still be rated, and the other dish.
      expect((await rate(user, { order_id: orderId, item_id: 102, taste: 3 })).statusCode).toBe(200);
      expect((await rate(user, { order_id: orderId, stars: 5 })).statusCode).toBe(200);
    });

    it('answers a second rating of the same order or dish with 409 «Оценка уже оставлена»', async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      expect((await rate(user, { order_id: orderId, stars: 5 })).statusCode).toBe(200);
      expectError(await rate(user, { order_id: orderId, stars: 1 }), 409, 'Оценка уже оставлена');
      expect((await rate(user, { order_id: orderId, item_id: 102, taste: 5 })).statusCode).toBe(200);
      expectError(await rate(user, { order_id: orderId, item_id: 102, taste: 1 }), 409, 'Оценка уже оставлена');
      // Two taps at once: one rating is kept, the other is told it is there already.
      const other = await paidOrder(user);
      const both = await Promise.all([
        rate(user, { order_id: other, stars: 4 }),
        rate(user, { order_id: other, stars: 3 }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const kept = await t.database.db.selectFrom('ratings').select('id').where('order_id', '=', other).execute();
      expect(kept).toHaveLength(1);
    });

    it('refuses to rate an unpaid order: 409 (SPEC 4: rating controls only when paid = 1)', async () => {
      const user = await signedInUser(t.database);
      const { id } = await insertTestOrder(t.database, { userId: user.id });
      expectError(await rate(user, { order_id: id, stars: 5 }), 409, 'Оценить можно только оплаченный заказ.');
    });

    it('refuses a dish or option that is not in the order, and a category that does not exist (400)', async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      expectError(await rate(user, { order_id: orderId, item_id: 103, taste: 5 }), 400, 'Этого блюда нет в заказе.');
      expectError(
        await rate(user, { order_id: orderId, item_id: 101, spec_id: 777, taste: 5 }),
        400,
        'Этого блюда нет в заказе.',
      );
      expectError(await rate(user, { order_id: orderId, stars: 2, type: 999_999 }), 400, 'Такой категории оценки нет.');
      // Cutlery is not a dish to rate.
      expectError(await rate(user, { order_id: orderId, item_id: 2, taste: 5 }), 400, 'Этого блюда нет в заказе.');
    });

    it("refuses a dish whose number only a recommended item of the order has: a recommended line's id is the recommendation's, not a dish's (SPEC 3 Item rating)", async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      // The order's «Морс клюквенный» is recommended item №150; dish №150 is not in the order.
      expectError(await rate(user, { order_id: orderId, item_id: 150, taste: 5 }), 400, 'Этого блюда нет в заказе.');
      expect(await ratings(user)).toEqual([]);
    });

    it('names a dish rating in «Мои оценки» by the dish, never by a recommended item of the same number (SPEC 2 RateList)', async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      // Recommended item №102 (a sauce) stands in the order before dish №102, Пепперони.
      const pepperoni = await t.database.db
        .deleteFrom('order_items')
        .where('order_id', '=', orderId)
        .where('item_id', '=', 102)
        .returningAll()
        .executeTakeFirstOrThrow();
      const { id: _id, ...dishLine } = pepperoni;
      await t.database.db
        .insertInto('order_items')
        .values({ ...dishLine, kind: 'recommended', name: 'Соус сырный', spec: null, specs: '[]', sort: 4 })
        .execute();
      await t.database.db
        .insertInto('order_items')
        .values({ ...dishLine, spec: null, specs: JSON.stringify(dishLine.specs) })
        .execute();

      expect((await rate(user, { order_id: orderId, item_id: 102, taste: 4 })).statusCode).toBe(200);
      const [rating] = await ratings(user);
      expect(rating).toMatchObject({ kind: 'item', item_id: 102, item_name: 'Пепперони', taste: 4 });
    });

    it("refuses another user's order as if it did not exist (404), and a wrong token (401) (SPEC 6)", async () => {
      const owner = await signedInUser(t.database);
      const intruder = await signedInUser(t.database);
      const orderId = await paidOrder(owner);
      expectError(await rate(intruder, { order_id: orderId, stars: 1 }), 404, 'Заказ не найден.');
      expectError(
        await post(t.app, '/api/v1/rate/add', {
          user_id: owner.id,
          token: intruder.token,
          order_id: orderId,
          stars: 1,
        }),
        401,
      );
      expect((await orderOf(owner, orderId)).rate).toBeNull();
    });

    describe('the limit of tries: a whole order always fits, a script does not', () => {
      /** A paid order of `count` distinct dishes (the rich order's two, then dishes №1001…). */
      const bigOrder = async (user: Session, count: number) => {
        const orderId = await paidOrder(user);
        const more = Array.from({ length: count - 2 }, (_, index) => ({
          order_id: orderId,
          kind: 'dish' as const,
          item_id: 1001 + index,
          name: `Блюдо ${index + 1}`,
          price: 10_000,
          cnt: 1,
          charged_cnt: 1,
          line_sum: 10_000,
          sort: 10 + index,
        }));
        await t.database.db.insertInto('order_items').values(more).execute();
        return { orderId, dishes: [101, 102, ...more.map((line) => line.item_id)] };
      };

      it('rates an order of 40 dishes whole, the order and each dish one call after another, none held back (SPEC 3 Item rating)', async () => {
        const user = await signedInUser(t.database);
        const { orderId, dishes } = await bigOrder(user, 40);
        expect((await rate(user, { order_id: orderId, stars: 5 })).statusCode).toBe(200);
        for (const dish of dishes) {
          const res = await rate(user, {
            order_id: orderId,
            item_id: dish,
            ...(dish === 101 ? { spec_id: RICH_ORDER.spec.id } : {}),
            taste: 5,
          });
          expect(res.statusCode, `dish ${dish}`).toBe(200);
        }
        const order = await orderOf(user, orderId);
        expect(order.basket.every((line) => line.rate !== null)).toBe(true);
        expect(await ratings(user)).toHaveLength(41);
      });

      it('holds back the refused tries past the allowance with 429, ratings kept before them not counted', async () => {
        const user = await signedInUser(t.database);
        const orderId = await paidOrder(user);
        expect((await rate(user, { order_id: orderId, stars: 5 })).statusCode).toBe(200);
        for (let i = 0; i < REFUSED_RATINGS_PER_USER.limit; i += 1) {
          expectError(
            await rate(user, { order_id: orderId, item_id: 999, taste: 5 }),
            400,
            'Этого блюда нет в заказе.',
          );
        }
        const held = expectError(
          await rate(user, { order_id: orderId, item_id: 102, taste: 5 }),
          429,
          RATINGS_RATE_MESSAGE,
        );
        expect(held.error).toBe('rate_limited');
        // Another guest has an allowance of their own.
        const other = await signedInUser(t.database);
        expect((await rate(other, { order_id: await paidOrder(other), stars: 4 })).statusCode).toBe(200);
      });

      it('looks at no more refused tries than the allowance from a burst sent at once', async () => {
        const user = await signedInUser(t.database);
        const orderId = await paidOrder(user);
        const burst = await Promise.all(
          Array.from({ length: 50 }, () => rate(user, { order_id: orderId, item_id: 999, taste: 5 })),
        );
        const statuses = burst.map((res) => res.statusCode);
        expect(statuses.filter((status) => status === 400)).toHaveLength(REFUSED_RATINGS_PER_USER.limit);
        expect(statuses.filter((status) => status === 429)).toHaveLength(50 - REFUSED_RATINGS_PER_USER.limit);
      });
    });

    describe('photos (SPEC 5: jpeg, png or gif)', () => {
      let user: Session;
      let orderId: number;
      beforeAll(async () => {
        user = await signedInUser(t.database);
        orderId = await paidOrder(user);
      });

      it.each([
        [
          'a type other than jpeg, png or gif',
          dataUrl('image/webp', 'UklGRhIAAABXRUJQVlA4'),
          /^Фото 1: можно приложить только JPEG, PNG или GIF\.$/,
        ],
        [
          'an SVG',
          dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
          /только JPEG, PNG или GIF/,
        ],
        [
          'a script labelled as a JPEG',
          dataUrl('image/jpeg', Buffer.from('<script>alert(1)</script>')),
          /^Фото 1: файл повреждён или это не JPEG, PNG или GIF\.$/,
        ],
        [
          'a PNG labelled as a GIF',
          dataUrl('image/gif', PNG),
          /^Фото 1: содержимое файла не совпадает с его типом \(image\/gif\)\.$/,
        ],
        ['text that is no data URL', 'https://example.com/cat.jpg', /^Фото 1: ожидается картинка в виде data URL/],
        ['an empty picture', 'data:image/png;base64,', /^Фото 1: файл пустой\.$/],
        ['a picture over 2 MB', dataUrl('image/jpeg', jpegBytes(MAX_RATING_PHOTO_BYTES + 1)), /(больше 2 МБ)/],
      ])('refuses %s with 400 and a Russian message', async (_name, photo, message) => {
        expectError(await rate(user, { order_id: orderId, stars: 3, photos: [photo] }), 400, message);
        expect((await orderOf(user, orderId)).rate).toBeNull();
      });

      it('names which photo is wrong', async () => {
        expectError(
          await rate(user, { order_id: orderId, photos: [dataUrl('image/png', PNG), dataUrl('image/png', GIF)] }),
          400,
          /^Фото 2: /,
        );
      });

      it('refuses more than 3 photos with 400', async () => {
        const four = Array.from({ length: 4 }, () => dataUrl('image/png', PNG));
        const body = expectError(await rate(user, { order_id: orderId, photos: four }), 400);
        expect(body.message).toBe('Некорректное поле «photos»: можно приложить не больше 3 фото.');
      });

      it('takes three photos of nearly 2 MB each in one request (the call’s body limit is raised)', async () => {
        const png = await noisePng(810);
        expect(png.length).toBeGreaterThan(MAX_RATING_PHOTO_BYTES - 100 * 1024);
        expect(png.length).toBeLessThanOrEqual(MAX_RATING_PHOTO_BYTES);
        const big = dataUrl('image/png', png);
        const res = await rate(user, { order_id: orderId, photos: [big, big, big] });
        expect(res.statusCode).toBe(200);
        const rating = (await orderOf(user, orderId)).rate;
        expect(rating?.photos).toHaveLength(3);
        const photo = await t.app.inject({ method: 'GET', url: rating?.photos[0] ?? '' });
        expect(photo.statusCode).toBe(200);
        expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 810, height: 810 });
      });

      it('refuses a body over the raised limit with 413', async () => {
        const res = await rate(user, { order_id: orderId, padding: 'x'.repeat(10 * 1024 * 1024) });
        expectError(res, 413, 'Слишком большой запрос.');
      });
    });

    it('serves a photo back by its signed link, as the server encoded it, and 404 for a wrong signature (owner only, by link)', async () => {
      const user = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      await rate(user, { order_id: orderId, photos: [dataUrl('image/png', PNG)] });
      const [link] = (await orderOf(user, orderId)).rate?.photos ?? [];
      expect(link).toMatch(/^\/api\/v1\/rate\/photo\/\d+\?sig=[\w-]{22}$/);
      const res = await t.app.inject({ method: 'GET', url: link ?? '' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1, height: 1 });

      const id = Number(/photo\/(\d+)/.exec(link ?? '')?.[1]);
      for (const url of [
        `/api/v1/rate/photo/${id}`,
        `/api/v1/rate/photo/${id}?sig=${'A'.repeat(22)}`,
        `/api/v1/rate/photo/${id + 1}?${link?.split('?')[1]}`,
        '/api/v1/rate/photo/abc?sig=x',
      ]) {
        const wrong = await t.app.inject({ method: 'GET', url });
        expect(wrong.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(wrong.statusCode, url).toBeLessThan(500);
        expect(wrong.headers['content-type']).toContain('application/json');
      }
    });

    describe('issue 30.6: a photo is decoded within a pixel limit, and kept and served only as the server encoded it (SPEC 5, decision 041)', () => {
      const storedPhotos = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('rating_photos')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const overPixels = (width: number, height: number) =>
        ratingPhotoRefusal(1, RATING_PHOTO_REFUSALS.overPixels(width, height));
      const damaged = ratingPhotoRefusal(1, RATING_PHOTO_REFUSALS.damaged);

      it('words the refusal of a picture over the limit in Russian, with its size', () => {
        expect(overPixels(16_000, 16_000)).toBe(
          'Фото 1: изображение слишком большое (16000\u00a0×\u00a016000 пикселей), можно не больше 25\u00a0млн пикселей — например, 6000\u00a0×\u00a04000.',
        );
      });

      it.each([
        [
          'a 31 KB PNG whose header claims 16 000 × 16 000',
          'image/png',
          () => Promise.resolve(pngBomb(16_000)),
          overPixels(16_000, 16_000),
        ],
        [
          'a GIF of a 65 535 × 65 535 logical screen',
          'image/gif',
          () => Promise.resolve(gifBomb(65_535)),
          overPixels(65_535, 65_535),
        ],
        [
          'a JPEG whose frame header says 65 500 × 65 500',
          'image/jpeg',
          () => jpegBomb(65_500),
          overPixels(65_500, 65_500),
        ],
        ['a PNG truncated to its first 40 bytes', 'image/png', truncatedPng, damaged],
        [
          'a web page behind a GIF signature, sent as image/gif',
          'image/gif',
          () => Promise.resolve(GIF_POLYGLOT),
          damaged,
        ],
      ])('answers %s with 400 and the message, and keeps nothing', async (_name, mime, make, message) => {
        const user = await signedInUser(t.database);
        const orderId = await paidOrder(user);
        const before = await storedPhotos();
        const body = expectError(
          await rate(user, { order_id: orderId, stars: 2, comment: 'Холодная', photos: [dataUrl(mime, await make())] }),
          400,
          message,
        );
        expect(body.error).toBe('photo');
        expect((await orderOf(user, orderId)).rate).toBeNull();
        expect(await storedPhotos()).toBe(before);
      });

      it('keeps nothing of a rating whose second photo is a bomb, the good first one included, and names the second', async () => {
        const user = await signedInUser(t.database);
        const orderId = await paidOrder(user);
        const before = await storedPhotos();
        const res = await rate(user, {
          order_id: orderId,
          photos: [dataUrl('image/jpeg', JPEG), dataUrl('image/png', pngBomb(16_000))],
        });
        expectError(res, 400, ratingPhotoRefusal(2, RATING_PHOTO_REFUSALS.overPixels(16_000, 16_000)));
        expect((await orderOf(user, orderId)).rate).toBeNull();
        expect(await storedPhotos()).toBe(before);
        // The guest sends the good photo alone: taken.
        expect((await rate(user, { order_id: orderId, photos: [dataUrl('image/jpeg', JPEG)] })).statusCode).toBe(200);
      });

      it('keeps a phone JPEG with an EXIF GPS position re-encoded without its EXIF, turned upright, and serves exactly that', async () => {
        const user = await signedInUser(t.database);
        const orderId = await paidOrder(user);
        const upload = await phoneJpegWithGps();
        expect(upload.includes(rationalBytes(PHOTO_GPS.latitude))).toBe(true);
        expect((await rate(user, { order_id: orderId, photos: [dataUrl('image/jpeg', upload)] })).statusCode).toBe(200);

        const [link] = (await orderOf(user, orderId)).rate?.photos ?? [];
        const id = Number(/photo\/(\d+)/.exec(link ?? '')?.[1]);
        const row = await t.database.db
          .selectFrom('rating_photos')
          .select(['mime', 'data', 'reencoded'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const stored = Buffer.from(row.data);
        expect({ mime: row.mime, reencoded: row.reencoded, same: stored.equals(upload) }).toEqual({
          mime: 'image/jpeg',
          reencoded: true,
          same: false,
        });
        const metadata = await sharp(stored).metadata();
        expect({
          format: metadata.format,
          width: metadata.width,
          height: metadata.height,
          exif: metadata.exif,
          orientation: metadata.orientation,
        }).toEqual({
          format: 'jpeg',
          width: 80,
          height: 120,
          exif: undefined,
          orientation: undefined,
        });
        expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
        expect(stored.includes(rationalBytes(PHOTO_GPS.latitude))).toBe(false);
        expect(stored.includes(rationalBytes(PHOTO_GPS.longitude))).toBe(false);
        // Upright: the stored pixels' left (red) half is the top now.
        expect((await pixelAt(stored, 40, 10))[0]).toBeGreaterThan(180);

        const served = await t.app.inject({ method: 'GET', url: link ?? '' });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
        expect(served.rawPayload.equals(stored)).toBe(true);
      });
    });

    it('lists only the user’s own ratings, newest first, with order, restaurant, dish and photo links (SPEC 2 RateList, SPEC 7 rate/list)', async () => {
      const user = await signedInUser(t.database);
      const other = await signedInUser(t.database);
      const orderId = await paidOrder(user);
      const order = await t.database.db
        .selectFrom('orders')
        .select('znumber')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      await rate(user, {
        order_id: orderId,
        stars: 2,
        rate_speed: 1,
        comment: 'Долго',
        type: 8,
        photos: [dataUrl('image/gif', GIF)],
      });
      await rate(user, { order_id: orderId, item_id: 101, spec_id: RICH_ORDER.spec.id, taste: 5, fresh: 5, speed: 4 });
      await rate(other, { order_id: await paidOrder(other), stars: 5, comment: 'Чужая оценка' });

      const items = await ratings(user);
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({
        kind: 'item',
        order_id: orderId,
        znumber: order.znumber,
        restoran_id: 1,
        restoran: 'Жар-печь на Патриарших',
        order_time_text: '21.11.2026 14:05',
        item_id: 101,
        spec_id: RICH_ORDER.spec.id,
        item_name: 'Маргарита, Тонкое тесто',
        stars: null,
        taste: 5,
        fresh: 5,
        speed: 4,
        photos: [],
      });
      expect(items[1]).toMatchObject({
        kind: 'order',
        stars: 2,
        rate_speed: 1,
        comment: 'Долго',
        type: 8,
        type_name: 'Скорость доставки',
        item_name: null,
        taste: null,
      });
      expect(items[1]?.photos).toHaveLength(1);
      expect(items[1]?.time_text).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
      expect(JSON.stringify(items)).not.toContain('Чужая оценка');

      expectError(await post(t.app, '/api/v1/rate/list', { user_id: user.id, token: other.token }), 401);
      expect(await ratings(await signedInUser(t.database))).toEqual([]);
    });
  },
);

describe.each(databaseKinds())(
  'rating photos kept as uploaded before migration 020, on %s (issue 30.6, decision 041)',
  (kind) => {
    /**
     * A database as it stood at migration 019 (the demo chain, one paid and rated order) whose
     * rating kept two photos as they came: a phone JPEG with its GPS position and a PNG bomb.
     * Then every migration runs and the server starts on it.
     */
    let app: FastifyInstance;
    let database: DatabaseHandle;
    let photos: { phone: number; bomb: number };
    let dispose: (() => Promise<void>) | undefined;
    let upload: Buffer;
    const bomb = pngBomb(16_000);
    beforeAll(async () => {
      upload = await phoneJpegWithGps();
      const empty = await freshDatabase(kind, { empty: true });
      database = empty.handle;
      const all = loadMigrations();
      await migrate(
        database.db,
        all.filter((migration) => migration.version < 20),
      );
      await seedDemoChain(database.db, { loadCatalogue: insertOlderCatalogue });
      const user = await signedInUser(database);
      const order = await insertRichOrder(database, { userId: user.id, paid: true, status: 20 });
      const rating = await database.db
        .insertInto('ratings')
        .values({ order_id: order.id, user_id: user.id, stars: 3 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const keep = async (mime: 'image/jpeg' | 'image/png', data: Buffer) =>
        (
          await sql<{
            id: number;
          }>`insert into rating_photos (rating_id, mime, data) values (${rating.id}, ${mime}, ${data}) returning id`.execute(
            database.db,
          )
        ).rows[0]?.id ?? 0;
      photos = { phone: await keep('image/jpeg', upload), bomb: await keep('image/png', bomb) };
      expect(await migrate(database.db, all)).toContain('020_rating_photos_reencoded');
      app = await buildApp(testConfig(), { database });
      await app.ready();
      dispose = () => empty.dispose();
    });
    // The server closes the handle it was given; the throw-away database goes after it.
    afterAll(async () => {
      await app?.close();
      await dispose?.();
    });

    const row = (id: number) =>
      database.db
        .selectFrom('rating_photos')
        .select(['mime', 'data', 'reencoded', 'refused'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const link = (id: number) => ratingPhotoLink(app.config.authSecret, id);

    it('marks them as not re-encoded', async () => {
      expect((await row(photos.phone)).reencoded).toBe(false);
      expect((await row(photos.bomb)).reencoded).toBe(false);
    });

    it('serves an old photo only as the server makes it again on its first read — no EXIF, no GPS — and keeps that copy', async () => {
      const first = await app.inject({ method: 'GET', url: link(photos.phone) });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/jpeg');
      expect(first.rawPayload.equals(upload)).toBe(false);
      expect(first.rawPayload.includes(rationalBytes(PHOTO_GPS.latitude))).toBe(false);
      const metadata = await sharp(first.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 80, 120, undefined]);

      const kept = await row(photos.phone);
      expect({
        mime: kept.mime,
        reencoded: kept.reencoded,
        same: Buffer.from(kept.data).equals(first.rawPayload),
      }).toEqual({ mime: 'image/jpeg', reencoded: true, same: true });
      const again = await app.inject({ method: 'GET', url: link(photos.phone) });
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    });

    it('never serves an old photo that does not decode within the limit: 404 like an unknown photo, kept in the database for an operator', async () => {
      const res = await app.inject({ method: 'GET', url: link(photos.bomb) });
      expect(res.statusCode).toBe(404);
      expect(errorResponse.parse(res.json()).message).toBe('Фото не найдено.');
      const kept = await row(photos.bomb);
      expect({ reencoded: kept.reencoded, refused: kept.refused, same: Buffer.from(kept.data).equals(bomb) }).toEqual({
        reencoded: false,
        refused: true,
        same: true,
      });
      // Marked once: a later read answers the same without decoding it again.
      expect((await app.inject({ method: 'GET', url: link(photos.bomb) })).statusCode).toBe(404);
    });
  },
);
