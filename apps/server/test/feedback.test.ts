import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, feedbackAddResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post, postForm } from './support/calls';
import { signedInUser } from './support/users';

const FEEDBACK = '/api/v1/feedback/add';

describe.each(databaseKinds())('feedback/add on %s (SPEC 2 Feedback, SPEC 5, SPEC 7)', (kind) => {
  let t: TestApp;
  let restaurantId: number;
  // Each test sends from its own address so the per-address limit only meets its own test.
  let nextAddress = 1;
  const from = () => ({ remoteAddress: `10.0.0.${nextAddress++}` });
  beforeAll(async () => {
    t = await buildTestApp(kind);
    restaurantId = (await t.database.db.selectFrom('restaurants').select('id').orderBy('id').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => t.close());

  const stored = (message: string) =>
    t.database.db.selectFrom('feedback').selectAll().where('message', '=', message).execute();

  it('stores the message with its restaurant and category and answers «Спасибо» (SPEC 5)', async () => {
    const res = await post(
      t.app,
      FEEDBACK,
      {
        name: 'Ирина',
        phone: '+7 (916) 222-33-44',
        message: 'Очень вкусная пицца',
        restoran: restaurantId,
        type: 'Кухня',
      },
      from(),
    );
    expect(res.statusCode).toBe(200);
    expect(feedbackAddResponse.parse(res.json())).toEqual({
      success: true,
      title: 'Спасибо',
      message: 'Ваше сообщение успешно отправлено!',
    });
    expect(await stored('Очень вкусная пицца')).toMatchObject([
      { name: 'Ирина', phone: '79162223344', restaurant_id: restaurantId, category: 'Кухня', user_id: null },
    ]);
  });

  it('takes a form-urlencoded body with the restaurant as text, and feedback about no restaurant', async () => {
    const res = await postForm(t.app, FEEDBACK, {
      name: '',
      phone: '89162223345',
      message: 'Форма',
      restoran: String(restaurantId),
      type: '3',
    });
    expect(res.statusCode).toBe(200);
    const general = await post(
      t.app,
      FEEDBACK,
      { phone: '79162223346', message: 'Без ресторана', restoran: 0 },
      from(),
    );
    expect(general.statusCode).toBe(200);
    expect(await stored('Без ресторана')).toMatchObject([{ restaurant_id: null, category: '' }]);
  });

  it('refuses an empty message or a phone without 11 digits with «Не заполнены поля Телефон или Сообщение!» (SPEC 5)', async () => {
    const cases = [
      { phone: '79162223344', message: '   ' },
      { phone: '7916222334', message: 'Текст' },
      { phone: '', message: 'Текст' },
      { message: 'Текст' },
      { phone: '79162223344' },
      {},
    ];
    for (const body of cases) {
      const res = await post(t.app, FEEDBACK, body, from());
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorResponse.parse(res.json())).toMatchObject({
        error: 'feedback_incomplete',
        message: 'Не заполнены поля Телефон или Сообщение!',
      });
    }
  });

  it('refuses an unknown restaurant with 404 and a clear message', async () => {
    const res = await post(t.app, FEEDBACK, { phone: '79162223344', message: 'Куда это?', restoran: 999_999 }, from());
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json())).toMatchObject({
      error: 'restaurant_not_found',
      message: 'Ресторан не найден.',
    });
    expect(await stored('Куда это?')).toEqual([]);
  });

  it('links the signed-in user when user_id and token are given', async () => {
    const user = await signedInUser(t.database);
    const res = await post(
      t.app,
      FEEDBACK,
      { phone: '79162223347', message: 'От гостя', restoran: restaurantId, user_id: user.id, token: user.token },
      from(),
    );
    expect(res.statusCode).toBe(200);
    expect(await stored('От гостя')).toMatchObject([{ user_id: user.id }]);
  });

  it("refuses a wrong token or another user's id instead of storing the feedback as anonymous", async () => {
    const user = await signedInUser(t.database);
    const other = await signedInUser(t.database);
    for (const auth of [
      { user_id: user.id, token: 'x'.repeat(43) },
      { user_id: other.id, token: user.token },
      { user_id: user.id },
      { token: user.token },
    ]) {
      const res = await post(t.app, FEEDBACK, { phone: '79162223348', message: 'Подделка', ...auth }, from());
      expect(res.statusCode, JSON.stringify(auth)).toBe(401);
    }
    expect(await stored('Подделка')).toEqual([]);
  });

  it('takes at most 10 messages in 10 minutes from one address, then 429', async () => {
    const address = { remoteAddress: '192.0.2.77' };
    for (let i = 0; i < 10; i++) {
      const res = await post(t.app, FEEDBACK, { phone: '79162223349', message: `Сообщение ${i}` }, address);
      expect(res.statusCode).toBe(200);
    }
    const refused = await post(t.app, FEEDBACK, { phone: '79162223349', message: 'Одиннадцатое' }, address);
    expect(refused.statusCode).toBe(429);
    expect(errorResponse.parse(refused.json()).error).toBe('rate_limited');
    const elsewhere = await post(t.app, FEEDBACK, { phone: '79162223349', message: 'С другого адреса' }, from());
    expect(elsewhere.statusCode).toBe(200);
  });
});
