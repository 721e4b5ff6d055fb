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
