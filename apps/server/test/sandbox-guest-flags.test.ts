import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { signInByEmail } from './support/sign-in';

let seq = 0;
const newEmail = () => `flags${process.pid}.${seq++}@example.ru`;

describe.each(databaseKinds())('sandbox guest flags on %s (issue 16, docs/sandbox.md)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const flagsOf = (id: number) =>
    t.database.db.selectFrom('users').select(['booking', 'stoplist']).where('id', '=', id).executeTakeFirstOrThrow();

  it('gives every new guest the booking and stop-list flags, so the booking and stop-list tiles can be tried', async () => {
    expect(t.app.config.sandbox).toBe(true);
    const user = await signInByEmail(t.app, newEmail());
    expect(await flagsOf(user.id)).toEqual({ booking: true, stoplist: true });
  });

  it('leaves a known guest’s flags as they are on the next sign-in', async () => {
    const email = newEmail();
    const user = await signInByEmail(t.app, email);
    await t.database.db
      .updateTable('users')
      .set({ booking: false, stoplist: false })
      .where('id', '=', user.id)
      .execute();
    // The resend pause of the first code is over.
    await sql`update auth_codes set created_at = created_at - interval '2 minutes' where contact = ${email}`.execute(
      t.database.db,
    );
    await signInByEmail(t.app, email);
    expect(await flagsOf(user.id)).toEqual({ booking: false, stoplist: false });
  });

  it('switches the tiles’ settings (0 or 1) and a guest’s flags through the sandbox, refusing anything else in words', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const off = await post('/sandbox/settings', { allow_predzakaz: 0, show_restmap: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ allow_predzakaz: 0, show_restmap: 0 });
    const settings = (await t.app.inject({ method: 'GET', url: '/settings.php' })).json<Record<string, unknown>>();
    expect(settings).toMatchObject({ allow_predzakaz: 0, show_restmap: 0 });
    expect((await post('/sandbox/settings', { allow_predzakaz: 1, show_restmap: 1 })).json()).toMatchObject({
      allow_predzakaz: 1,
      show_restmap: 1,
    });
    expect((await post('/sandbox/settings', { allow_predzakaz: 2 })).statusCode).toBe(400);
    expect((await post('/sandbox/settings', { hotline: 1 })).statusCode).toBe(400);

    const email = newEmail();
    const user = await signInByEmail(t.app, email);
    const flags = await post('/sandbox/user-flags', { contact: email, stoplist: false });
    expect(flags.json()).toEqual({ id: user.id, booking: true, stoplist: false });
    expect((await post('/sandbox/user-flags', { contact: 'nobody@example.ru', booking: true })).statusCode).toBe(404);
    expect((await post('/sandbox/user-flags', { contact: email, booking: 'yes' })).statusCode).toBe(400);
  });

  it('puts a dish on a restaurant’s stop list and takes it off; the menu follows', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const restaurant = (await t.app.inject({ method: 'GET', url: '/api/v2/restoran/list' }))
      .json<Array<{ id: number; fs_uid: string }>>()
      .find((r) => r.id === 5);
    const menuOf = async () => {
      const res = await post('/api/v2/restoran/menu', { fs_uid: restaurant?.fs_uid, order_type: 'self', ver: 4 });
      return res.json<{ dishes: Array<{ id: number; allowed: boolean }> }>().dishes.find((dish) => dish.id === 101);
    };
    expect((await post('/sandbox/stop-list', { restaurant: 5, dish: 101, stopped: true })).statusCode).toBe(200);
    expect((await menuOf())?.allowed).toBe(false);
    expect((await post('/sandbox/stop-list', { restaurant: 5, dish: 101, stopped: false })).statusCode).toBe(200);
    expect((await menuOf())?.allowed).toBe(true);
    expect((await post('/sandbox/stop-list', { restaurant: 5, dish: 999999, stopped: true })).statusCode).toBe(404);
    expect((await post('/sandbox/stop-list', { restaurant: 5, dish: 101 })).statusCode).toBe(400);
  });
});
