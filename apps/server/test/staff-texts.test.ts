import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  SETTING_LABELS,
  STAFF_TEXTS,
  staffPage,
  staffPageStale,
  staffSettings,
  staffSettingsStale,
  TEXTS_TEXTS,
} from '@chain/contract';
import { upsertPage } from '../src/modules/pages/repository';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { bearer, staffAccount, staffToken } from './support/staff';

// Issue 31 «The chain's texts and settings» (docs/back-office.md): a manager of the whole chain
// edits the offer, delivery and about pages (the chain-page command's rules, docs/content.md) and
// the settings the app reads (SPEC 3 Settings, GET /settings.php); versioned saves (decision 043)
// with their audit rows; guests' next read shows them (a new ETag).

describe.each(databaseKinds())('the back office’s texts and settings on %s (issue 31)', (kind) => {
  let t: TestApp;
  let chain: string;
  let local: string;
  let kitchen: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    chain = await staffToken(t.app, t.database, await staffAccount(t.database, { role: 'manager', chain: true }));
    local = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [1] }),
    );
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const page = async (slug: string) =>
    staffPage.parse(
      (await call(chain, 'GET', '/api/staff/pages'))
        .json<{ pages: unknown[] }>()
        .pages.map((entry) => staffPage.parse(entry))
        .find((entry) => entry.slug === slug),
    );
  const settings = async () => staffSettings.parse((await call(chain, 'GET', '/api/staff/settings')).json());

  it('keeps texts and settings from a kitchen account and a restaurant’s manager: 403 chain_manager_only', async () => {
    const current = await settings();
    for (const token of [kitchen, local]) {
      for (const answer of [
        await call(token, 'GET', '/api/staff/pages'),
        await call(token, 'POST', '/api/staff/pages/delivery', { title: 'x', body: 'y', version: 1 }),
        await call(token, 'GET', '/api/staff/settings'),
        await call(token, 'POST', '/api/staff/settings', current),
      ]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toMatchObject({ error: 'chain_manager_only', message: STAFF_TEXTS.chainManagerOnly });
      }
    }
  });

  it('saves the delivery page; the guest’s next read has it under a new ETag; audited', async () => {
    const before = await page('delivery');
    const guestBefore = await t.app.inject({ method: 'GET', url: '/api/v1/pages/delivery' });
    const etag = guestBefore.headers.etag as string;
    const body = `## Зоны доставки ${kind}\r\n\r\n- Центр — бесплатно от 1500 ₽  \n- Север`;
    const saved = await call(chain, 'POST', '/api/staff/pages/delivery', {
      title: ' Условия доставки ',
      body,
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = staffPage.parse(saved.json());
    expect(after).toEqual({
      slug: 'delivery',
      title: 'Условия доставки',
      body: `## Зоны доставки ${kind}\n\n- Центр — бесплатно от 1500 ₽\n- Север`,
      version: before.version + 1,
    });
    const guest = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pages/delivery',
      headers: { 'if-none-match': etag },
    });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers.etag).not.toBe(etag);
    expect(guest.json()).toMatchObject({ title: 'Условия доставки', body: after.body });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('action', '=', 'page.save')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ before, after });
  });

  it('refuses what the chain-page command refuses, in Russian; an unknown page is 404', async () => {
    const { version } = await page('offer');
    const cases: Array<[object, string]> = [
      [
        { title: 'Оферта', body: '<b>Жирный</b> текст' },
        'В тексте есть HTML (<b>): страницы — обычный текст (абзацы, «## » заголовки, «- » списки).',
      ],
      [{ title: 'Оферта', body: '  \n\n ' }, 'Текст страницы пуст.'],
      [{ title: '   ', body: 'Текст' }, 'Заголовок — от 1 до 200 символов обычного текста.'],
      [{ title: 'Оферта', body: 'a\u0000b' }, 'В тексте есть служебные символы: вставьте его как обычный текст.'],
    ];
    for (const [edit, message] of cases) {
      const answer = await call(chain, 'POST', '/api/staff/pages/offer', { ...edit, version });
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'validation', message });
    }
    expect(
      (await call(chain, 'POST', '/api/staff/pages/offer', { title: 'Оферта', body: 'я'.repeat(100_001), version }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(chain, 'POST', '/api/staff/pages/nosuchpage', { title: 'Нет', body: 'Текст', version: 1 })).json(),
    ).toMatchObject({ error: 'page_not_found' });
    expect(
      (await call(chain, 'POST', '/api/staff/pages/Bad-Slug', { title: 'Нет', body: 'Текст', version: 1 })).statusCode,
    ).toBe(400);
    expect((await page('offer')).version).toBe(version);
  });

  it('racing saves of one page: one wins, the others 409 with the winner’s page; the chain-page command’s write moves the version too', async () => {
    const { version } = await page('about');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call(chain, 'POST', '/api/staff/pages/about', { title: 'О сети', body: `Версия ${n}`, version }),
      ),
    );
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    const winner = staffPage.parse(won[0]?.json());
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      expect(staffPageStale.parse(lost.json())).toMatchObject({
        message: BACKOFFICE_TEXTS.staleVersion,
        current: winner,
      });
    }
    await upsertPage(t.database.db, { slug: 'about', title: null, body: 'Из командной строки' });
    const late = await call(chain, 'POST', '/api/staff/pages/about', {
      title: 'О сети',
      body: 'Поверх',
      version: winner.version,
    });
    expect(late.statusCode).toBe(409);
    expect(staffPageStale.parse(late.json()).current).toMatchObject({
      body: 'Из командной строки',
      version: winner.version + 1,
    });
  });

  it('saves the hotline, links, texts and switches; /settings.php answers them under a new ETag; audited with the changed keys', async () => {
    const before = await settings();
    const guestBefore = await t.app.inject({ method: 'GET', url: '/settings.php' });
    const etag = guestBefore.headers.etag as string;
    const edit = {
      ...before,
      hotline: ' 8 800 555-35-35 ',
      app_store_url: 'https://apps.apple.com/app/id1',
      text_stoplist: 'Закончилось\r\nсегодня',
      show_restmap: !before.show_restmap,
    };
    const saved = await call(chain, 'POST', '/api/staff/settings', edit);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = staffSettings.parse(saved.json());
    expect(after).toMatchObject({
      hotline: '8 800 555-35-35',
      app_store_url: 'https://apps.apple.com/app/id1',
      text_stoplist: 'Закончилось\nсегодня',
      show_restmap: !before.show_restmap,
    });
    expect(after.version).toBeGreaterThan(before.version);
    const guest = await t.app.inject({ method: 'GET', url: '/settings.php', headers: { 'if-none-match': etag } });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({
      hotline: '8 800 555-35-35',
      app_store_url: 'https://apps.apple.com/app/id1',
      show_restmap: before.show_restmap ? 0 : 1,
      app_name: before.app_name,
    });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('action', '=', 'settings.save')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      before: {
        hotline: before.hotline,
        app_store_url: before.app_store_url,
        text_stoplist: before.text_stoplist,
        show_restmap: before.show_restmap,
      },
      after: {
        hotline: after.hotline,
        app_store_url: after.app_store_url,
        text_stoplist: after.text_stoplist,
        show_restmap: after.show_restmap,
      },
    });
  });

  it('refuses a wrong hotline, a link that is not https and an empty app name, naming the setting', async () => {
    const current = await settings();
    const cases: Array<[object, string]> = [
      [{ hotline: '12345' }, `«${SETTING_LABELS.hotline}»: ${TEXTS_TEXTS.badPhone}`],
      [{ hotline: 'звоните +7 495 212-37-37' }, `«${SETTING_LABELS.hotline}»: ${TEXTS_TEXTS.badPhone}`],
      [{ google_play_url: 'http://play.google.com/x' }, `«${SETTING_LABELS.google_play_url}»: ${TEXTS_TEXTS.badUrl}`],
      [{ app_store_url: 'javascript:alert(1)' }, `«${SETTING_LABELS.app_store_url}»: ${TEXTS_TEXTS.badUrl}`],
      [{ app_name: '  ' }, `«${SETTING_LABELS.app_name}»: ${TEXTS_TEXTS.appNameRequired}`],
      [{ text_info: 'a\u0007b' }, `«${SETTING_LABELS.text_info}»: ${TEXTS_TEXTS.controlCharacters}`],
    ];
    for (const [change, message] of cases) {
      const answer = await call(chain, 'POST', '/api/staff/settings', { ...current, ...change });
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'validation', message });
    }
    expect(
      (await call(chain, 'POST', '/api/staff/settings', { ...current, text_info: 'я'.repeat(2_001) })).statusCode,
    ).toBe(400);
    expect((await call(chain, 'POST', '/api/staff/settings', { ...current, app_store_url: '' })).statusCode).toBe(200);
  });

  it('racing saves of the settings: one wins, the others 409 with the winner’s settings', async () => {
    const current = await settings();
    const answers = await Promise.all(
      ['Один', 'Два', 'Три', 'Четыре'].map((name) =>
        call(chain, 'POST', '/api/staff/settings', { ...current, app_name: `Жар-печь ${name}` }),
      ),
    );
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    const winner = staffSettings.parse(won[0]?.json());
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      expect(staffSettingsStale.parse(lost.json())).toMatchObject({
        message: BACKOFFICE_TEXTS.staleVersion,
        current: winner,
      });
    }
  });
});
