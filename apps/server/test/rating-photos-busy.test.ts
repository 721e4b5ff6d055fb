import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse, orderListUserResponse } from '@chain/contract';
import { ratingPhotoLink } from '../src/http/signed-links';
import type * as uploads from '../src/modules/photos/uploads';
import { reencodeUpload, UploadTimeoutError } from '../src/modules/photos/uploads';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { insertRichOrder } from './support/rich-order';
import { dataUrl, phoneJpegWithGps } from './support/pictures';
import { signedInUser } from './support/users';

// Issue 30.6, decision 041: a picture the server does not make within its time bound (10 s of
// decoding) is the server's limit, not the guest's fault — 503 with Retry-After, nothing kept,
// the try given back. The bound itself is sharp's timeout; here the decoder reports it as sharp
// does, so the answer can be looked at without a picture that takes 10 s.
vi.mock('../src/modules/photos/uploads', async (importOriginal) => {
  const actual = await importOriginal<typeof uploads>();
  return { ...actual, reencodeUpload: vi.fn(actual.reencodeUpload) };
});

const timedOut = () => new UploadTimeoutError('timeout: 37% complete');

describe.each(databaseKinds())('a rating photo not made in time, on %s (issue 30.6)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers rate/add 503 with Retry-After, keeps nothing and gives the try back; the same request then goes through', async () => {
    const user = await signedInUser(t.database);
    const order = await insertRichOrder(t.database, { userId: user.id, paid: true, status: 20 });
    const body = {
      user_id: user.id,
      token: user.token,
      order_id: order.id,
      stars: 4,
      photos: [dataUrl('image/jpeg', await phoneJpegWithGps())],
    };
    const send = () => t.app.inject({ method: 'POST', url: '/api/v1/rate/add', payload: body });

    vi.mocked(reencodeUpload).mockRejectedValueOnce(timedOut());
    const busy = await send();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(errorResponse.parse(busy.json())).toMatchObject({
      error: 'unavailable',
      message: 'Сервис временно недоступен. Попробуйте позже.',
    });
    const tries = await t.database.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `rate:user:${user.id}`)
      .execute();
    expect(tries.map((row) => row.count)).toEqual([0]);
    const listed = async () =>
      orderListUserResponse.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v1/order/listUser/${user.id}`,
            payload: { user_id: user.id, user_token: user.token, id: order.id },
          })
        ).json(),
      ).items[0]?.rate ?? null;
    expect(await listed()).toBeNull();

    expect((await send()).statusCode).toBe(200);
    expect((await listed())?.photos).toHaveLength(1);
  });

  it('answers the first read of a photo kept as uploaded 503 with Retry-After when it is not made in time, and serves it made on the next', async () => {
    const user = await signedInUser(t.database);
    const order = await insertRichOrder(t.database, { userId: user.id, paid: true, status: 20 });
    const rating = await t.database.db
      .insertInto('ratings')
      .values({ order_id: order.id, user_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photo = await t.database.db
      .insertInto('rating_photos')
      .values({ rating_id: rating.id, mime: 'image/jpeg', data: await phoneJpegWithGps(), reencoded: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = ratingPhotoLink(t.app.config.authSecret, photo.id);

    vi.mocked(reencodeUpload).mockRejectedValueOnce(timedOut());
    const busy = await t.app.inject({ method: 'GET', url });
    expect([busy.statusCode, busy.headers['retry-after']]).toEqual([503, '5']);
    expect(
      (
        await t.database.db
          .selectFrom('rating_photos')
          .select('reencoded')
          .where('id', '=', photo.id)
          .executeTakeFirstOrThrow()
      ).reencoded,
    ).toBe(false);

    const served = await t.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });
});
