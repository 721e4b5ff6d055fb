import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_KEYS, settingsResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

describe.each(databaseKinds())('GET /settings.php on %s (SPEC 3 Settings, SPEC 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers every setting of SPEC 3 from the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/settings.php' });
    expect(res.statusCode).toBe(200);
    const settings = settingsResponse.parse(res.json());
    expect(Object.keys(settings).sort()).toEqual([...SETTINGS_KEYS].sort());
  });

  it('reflects a change made in the database', async () => {
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify('+7 495 000-00-00') })
      .where('key', '=', 'hotline')
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/settings.php' });
    expect(settingsResponse.parse(res.json()).hotline).toBe('+7 495 000-00-00');
  });

  it('answers 304 to a client that already holds the same settings', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/settings.php' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/settings.php', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses the answer for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/settings.php', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe.each(databaseKinds())('GET /manifest.webmanifest on %s (issue 18: installable, from the settings)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('names the chain, takes its colour and its logo first, with the PNG icons installing needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json<{
      name: string;
      theme_color: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string }>;
    }>();
    const settings = settingsResponse.parse((await t.app.inject({ method: 'GET', url: '/settings.php' })).json());
    expect(manifest).toMatchObject({
      name: settings.app_name,
      theme_color: settings.brand_color,
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons[0]?.src).toBe(settings.logo);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it('follows a change of the settings, and keeps a valid theme when the colour is not one', async () => {
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify('Сеть «Печь и Ко» на Садовом') })
      .where('key', '=', 'app_name')
      .execute();
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify('terracotta') })
      .where('key', '=', 'brand_color')
      .execute();
    const manifest = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json<{
      name: string;
      short_name: string;
      theme_color: string;
    }>();
    expect(manifest.name).toBe('Сеть «Печь и Ко» на Садовом');
    expect(manifest.short_name).toHaveLength(12);
    expect(manifest.theme_color).toBe('#2e2e34');
  });
});
