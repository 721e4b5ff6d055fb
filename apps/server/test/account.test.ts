import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropAccountResponse, errorResponse, SIGNED_OUT_USER, userUpdateResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post, postForm } from './support/calls';
import { uniqueViolation, updateUser } from '../src/modules/account/repository';
import { openSession } from '../src/modules/auth/sessions';
import { insertTestOrder } from './support/orders';
import { signedInUser } from './support/users';

const UPDATE = '/api/v1/user/update';
const DROP = '/api/v1/user/drop_account';
const LOGOUT = '/api/v1/user/logout';
const ADDRESS_SAVE = '/api/v2/user/address/save';
const ADDRESS_LIST = '/api/v2/user/address/list';
const FEEDBACK = '/api/v1/feedback/add';

describe.each(databaseKinds())('user/update on %s (SPEC 5 profile save, SPEC 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const update = (user: { id: number; token: string }, fields: Record<string, unknown>) =>
    post(t.app, UPDATE, { id: user.id, password: user.token, ...fields });

  it('saves the profile and answers the user with the same token', async () => {
    const user = await signedInUser(t.database);
    const res = await update(user, {
      name: 'Анна',
      card: '1234 5678',
      city: 'Москва',
      street: 'Тверская',
      house: '7',
      room: '12',
    });
    expect(res.statusCode).toBe(200);
    const { user: saved } = userUpdateResponse.parse(res.json());
    expect(saved).toMatchObject({
      authorized: true,
      id: user.id,
      password: user.token,
      name: 'Анна',
      card: '1234 5678',
    });
    expect(saved).toMatchObject({ city: 'Москва', street: 'Тверская', house: '7', room: '12' });
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Анна', city: 'Москва', room: '12' });
  });

  it('stores the phone as 11 digits starting with 7 and the e-mail lower-cased (SPEC 5)', async () => {
    const user = await signedInUser(t.database);
    const res = await update(user, { phone: '8 (916) 555-01-02', email: '  Anna.Petrova@Example.RU ' });
    expect(res.statusCode).toBe(200);
    expect(userUpdateResponse.parse(res.json()).user).toMatchObject({
      phone: '79165550102',
      email: 'anna.petrova@example.ru',
    });
  });

  it('keeps the fields the request leaves out', async () => {
    const user = await signedInUser(t.database, { name: 'Борис', email: 'boris@example.ru' });
    const res = await update(user, { city: 'Тула' });
    expect(userUpdateResponse.parse(res.json()).user).toMatchObject({
      name: 'Борис',
      email: 'boris@example.ru',
      city: 'Тула',
    });
  });

  it('accepts an empty e-mail on the profile and removes it (SPEC 5: the profile rule allows empty)', async () => {
    const user = await signedInUser(t.database, { email: 'old@example.ru' });
    const res = await update(user, { email: '' });
    expect(res.statusCode).toBe(200);
    expect(userUpdateResponse.parse(res.json()).user.email).toBe('');
  });

  it('refuses a malformed e-mail with «Неверный формат email» and saves nothing (SPEC 5)', async () => {
    const user = await signedInUser(t.database, { name: 'Вера' });
    const res = await update(user, { name: 'Не сохранится', email: 'vera@' });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json())).toMatchObject({ error: 'email', message: 'Неверный формат email' });
    const row = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Вера');
  });

  it('refuses a phone without 11 digits with «Проверьте правильность ввода телефона.» (SPEC 5)', async () => {
    const user = await signedInUser(t.database);
    for (const phone of ['+7 916 555', '5 916 555 01 02', '+7 (916) 555-01-02-3']) {
      const res = await update(user, { phone });
      expect(res.statusCode).toBe(400);
      expect(errorResponse.parse(res.json())).toMatchObject({
        error: 'phone',
        message: 'Проверьте правильность ввода телефона.',
      });
    }
  });

  it('refuses to leave a profile with neither a phone nor an e-mail to sign in with', async () => {
    const user = await signedInUser(t.database);
    const res = await update(user, { phone: '', email: '' });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json()).error).toBe('contact_required');
  });

  it('refuses a phone another profile has with 409 and a Russian message', async () => {
    await signedInUser(t.database, { phone: '79160000001' });
    const user = await signedInUser(t.database);
    const res = await update(user, { phone: '+7 916 000-00-01' });
    expect(res.statusCode).toBe(409);
    expect(errorResponse.parse(res.json())).toMatchObject({
      error: 'phone_taken',
      message: 'Этот телефон уже привязан к другому профилю.',
    });
  });

  it('refuses an e-mail another profile has, in any letter case, with 409', async () => {
    await signedInUser(t.database, { email: 'taken@example.ru' });
    const user = await signedInUser(t.database);
    const res = await update(user, { email: 'Taken@Example.ru' });
    expect(res.statusCode).toBe(409);
    expect(errorResponse.parse(res.json())).toMatchObject({
      error: 'email_taken',
      message: 'Этот email уже привязан к другому профилю.',
    });
  });

  it('names the contact when the unique index refuses a race the check did not see', async () => {
    await signedInUser(t.database, { phone: '79160000009', email: 'race@example.ru' });
    const user = await signedInUser(t.database);
    const phoneError: unknown = await updateUser(t.database.db, user.id, { phone: '79160000009' }).catch(
      (error: unknown) => error,
    );
    expect(uniqueViolation(phoneError)).toContain('phone');
    const emailError: unknown = await updateUser(t.database.db, user.id, { email: 'race@example.ru' }).catch(
      (error: unknown) => error,
    );
    expect(uniqueViolation(emailError)).toContain('email');
    expect(uniqueViolation(new Error('other'))).toBeNull();
  });

  it('lets a user save their own phone and e-mail again', async () => {
    const user = await signedInUser(t.database, { phone: '79160000002', email: 'mine@example.ru' });
    const res = await update(user, { phone: '79160000002', email: 'MINE@example.ru', name: 'Я' });
    expect(res.statusCode).toBe(200);
  });

  it('takes a form-urlencoded profile with the id as text, as the app sends it', async () => {
    const user = await signedInUser(t.database);
    const res = await postForm(t.app, UPDATE, {
      id: String(user.id),
      password: user.token,
      passwordNew: '',
      name: 'Гриша',
      phone: '+7 (903) 111-22-33',
      email: '',
      house: '15',
    });
    expect(res.statusCode).toBe(200);
    expect(userUpdateResponse.parse(res.json()).user).toMatchObject({
      id: user.id,
      password: user.token,
      name: 'Гриша',
      phone: '79031112233',
      house: '15',
    });
  });

  it('rotates the session token on passwordNew: the old token stops working and the value sent is never the token', async () => {
    const user = await signedInUser(t.database);
    const chosen = 'my-own-chosen-password-123';
    const res = await update(user, { passwordNew: chosen, name: 'Дина' });
    expect(res.statusCode).toBe(200);
    const { user: saved } = userUpdateResponse.parse(res.json());
    expect(saved.password).not.toBe(user.token);
    expect(saved.password).not.toBe(chosen);
    expect(saved.password.length).toBeGreaterThanOrEqual(32);
    expect(saved.name).toBe('Дина');

    expect((await update(user, { name: 'x' })).statusCode).toBe(401);
    expect((await post(t.app, UPDATE, { id: user.id, password: chosen, name: 'x' })).statusCode).toBe(401);
    const withNew = await post(t.app, UPDATE, { id: user.id, password: saved.password });
    expect(withNew.statusCode).toBe(200);
    expect(userUpdateResponse.parse(withNew.json()).user.name).toBe('Дина');
  });

  it('rotating keeps the user signed in on other devices', async () => {
    const user = await signedInUser(t.database);
    const otherDevice = await openSession(t.database.db, user.id);
    expect((await update(user, { passwordNew: 'x' })).statusCode).toBe(200);
    expect((await post(t.app, UPDATE, { id: user.id, password: otherDevice })).statusCode).toBe(200);
  });
});

describe.each(databaseKinds())('user/drop_account on %s (SPEC 5 account deletion, SPEC 7, decision 009)', (kind) => {
  let t: TestApp;
  let restaurantId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    restaurantId = (await t.database.db.selectFrom('restaurants').select('id').orderBy('id').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => t.close());

  it('answers the signed-out user and keeps only an empty tombstone of the profile', async () => {
    const user = await signedInUser(t.database, { phone: '79161000001', email: 'gone@example.ru', name: 'Евгений' });
    await post(t.app, UPDATE, {
      id: user.id,
      password: user.token,
      card: '777',
      city: 'Москва',
      street: 'Арбат',
      house: '1',
      room: '2',
    });

    const res = await post(t.app, DROP, { id: user.id, password: user.token });
    expect(res.statusCode).toBe(200);
    expect(dropAccountResponse.parse(res.json())).toEqual({ success: true, user: SIGNED_OUT_USER });

    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      phone: null,
      email: null,
      name: '',
      card: '',
      city: '',
      street: '',
      house: '',
      room: '',
    });
    expect(row.deleted_at).toBeInstanceOf(Date);
  });

  it('deletes the saved addresses and ends every session of the user', async () => {
    const user = await signedInUser(t.database);
    const otherDevice = await openSession(t.database.db, user.id);
    const saved = await post(t.app, ADDRESS_SAVE, {
      user_id: user.id,
      user_token: user.token,
      address: { street: { name: 'Арбат' }, house: '3' },
    });
    expect(saved.statusCode).toBe(200);

    expect((await post(t.app, DROP, { id: user.id, password: user.token })).statusCode).toBe(200);

    const addresses = await t.database.db.selectFrom('addresses').select('id').where('user_id', '=', user.id).execute();
    expect(addresses).toEqual([]);
    const sessions = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);
    expect((await post(t.app, ADDRESS_LIST, { user_id: user.id, user_token: otherDevice })).statusCode).toBe(401);
    expect((await post(t.app, DROP, { id: user.id, password: user.token })).statusCode).toBe(401);
  });

  it('keeps feedback for the restaurant, with its category and text, but without name, phone or the user', async () => {
    const user = await signedInUser(t.database, { phone: '79161000002' });
    const linked = await post(t.app, FEEDBACK, {
      name: 'Жанна',
      phone: '+7 916 100-00-02',
      message: 'Всё понравилось',
      restoran: restaurantId,
      type: 'Кухня',
      user_id: user.id,
      token: user.token,
    });
    expect(linked.statusCode).toBe(200);
    const signedOut = await post(t.app, FEEDBACK, {
      name: 'Жанна',
      phone: '89161000002',
      message: 'Ещё отзыв',
      restoran: restaurantId,
      type: 'Зал',
    });
    expect(signedOut.statusCode).toBe(200);

    expect((await post(t.app, DROP, { id: user.id, password: user.token })).statusCode).toBe(200);

    const rows = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('message', 'in', ['Всё понравилось', 'Ещё отзыв'])
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => ({
        user_id: row.user_id,
        name: row.name,
        phone: row.phone,
        restaurant_id: row.restaurant_id,
        category: row.category,
      })),
    ).toEqual([
      { user_id: null, name: '', phone: '', restaurant_id: restaurantId, category: 'Кухня' },
      { user_id: null, name: '', phone: '', restaurant_id: restaurantId, category: 'Зал' },
    ]);
  });

  it('keeps orders and rating scores for the books, without the guest’s contacts, words or photos', async () => {
    const user = await signedInUser(t.database, { phone: '79161000005', name: 'Пётр' });
    const order = await insertTestOrder(t.database, { userId: user.id, paid: true, status: 20 });
    await t.database.db
      .updateTable('orders')
      .set({ name: 'Пётр', phone: '79161000005', email: 'p@example.ru', comment: 'у двери' })
      .where('id', '=', order.id)
      .execute();
    const rating = await t.database.db
      .insertInto('ratings')
      .values({ order_id: order.id, user_id: user.id, stars: 4, comment: 'Пётр доволен' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('rating_photos')
      .values({ rating_id: rating.id, mime: 'image/png', data: Buffer.from([0x89, 0x50]) })
      .execute();

    expect((await post(t.app, DROP, { id: user.id, password: user.token })).statusCode).toBe(200);

    const kept = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ sum: order.sum, paid: true, name: '', phone: '', email: '', comment: '' });
    const score = await t.database.db
      .selectFrom('ratings')
      .selectAll()
      .where('id', '=', rating.id)
      .executeTakeFirstOrThrow();
    expect(score).toMatchObject({ stars: 4, comment: '' });
    const photos = await t.database.db
      .selectFrom('rating_photos')
      .select('id')
      .where('rating_id', '=', rating.id)
      .execute();
    expect(photos).toEqual([]);
  });

  it('frees the phone and e-mail for a new profile', async () => {
    const user = await signedInUser(t.database, { phone: '79161000003', email: 'again@example.ru' });
    expect((await post(t.app, DROP, { id: user.id, password: user.token })).statusCode).toBe(200);
    const next = await signedInUser(t.database);
    const res = await post(t.app, UPDATE, {
      id: next.id,
      password: next.token,
      phone: '79161000003',
      email: 'again@example.ru',
    });
    expect(res.statusCode).toBe(200);
  });

  it('leaves every other user untouched', async () => {
    const keeper = await signedInUser(t.database, { phone: '79161000004', name: 'Зоя' });
    await post(t.app, ADDRESS_SAVE, {
      user_id: keeper.id,
      user_token: keeper.token,
      address: { street: { name: 'Сретенка' }, house: '9' },
    });
    const leaver = await signedInUser(t.database);
    expect((await post(t.app, DROP, { id: leaver.id, password: leaver.token })).statusCode).toBe(200);

    const list = await post(t.app, ADDRESS_LIST, { user_id: keeper.id, user_token: keeper.token });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ result: unknown[] }>().result).toHaveLength(1);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', keeper.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: '79161000004', name: 'Зоя', deleted_at: null });
  });
});

describe.each(databaseKinds())('user/logout on %s (SPEC 4 logout; a call the SPEC lacks)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('ends this session only; the same token again is 401 and other devices stay signed in', async () => {
    const user = await signedInUser(t.database);
    const otherDevice = await openSession(t.database.db, user.id);

    const res = await post(t.app, LOGOUT, { user_id: user.id, token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const again = await post(t.app, LOGOUT, { user_id: user.id, token: user.token });
    expect(again.statusCode).toBe(401);
    expect(errorResponse.parse(again.json()).error).toBe('unauthorized');
    expect((await post(t.app, UPDATE, { id: user.id, password: user.token })).statusCode).toBe(401);
    expect((await post(t.app, UPDATE, { id: user.id, password: otherDevice })).statusCode).toBe(200);
  });

  it('takes a form-urlencoded body', async () => {
    const user = await signedInUser(t.database);
    const res = await postForm(t.app, LOGOUT, { user_id: String(user.id), token: user.token });
    expect(res.statusCode).toBe(200);
  });

  it('is documented in the API reference with the account calls of SPEC 7', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        LOGOUT,
        UPDATE,
        DROP,
        ADDRESS_SAVE,
        ADDRESS_LIST,
        '/api/v2/user/address/delete',
        FEEDBACK,
      ]),
    );
  });
});
