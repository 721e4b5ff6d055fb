import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_TEXTS, staffAuditEntry, staffBookingsResponse, staffTablesResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 17: guests' booking and stop-list flags, today's bookings by table, the tables' QR codes
// and the audit log, from the staff screen.

describe.each(databaseKinds())('the staff’s guests, bookings, tables and audit log on %s (issue 17)', (kind) => {
  let t: TestApp;
  let kitchen: string;
  let manager: string;
  let managerId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
    const account = await staffAccount(t.database, { role: 'manager', restaurantIds: [1] });
    managerId = account.id;
    manager = await staffToken(t.app, t.database, account);
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('finds a guest by phone exactly (phone masked), turns the booking and stop-list flags on, audited; the guest’s own profile shows them', async () => {
    const phone = `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const guest = await signedInUser(t.database, { phone, name: 'Вера' });
    const found = await call(manager, 'POST', '/api/staff/guests/search', {
      query: `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      guests: [
        {
          id: guest.id,
          name: 'Вера',
          phone: `+7 *** ***-${phone.slice(7, 9)}-${phone.slice(9)}`,
          email: '',
          booking: false,
          stoplist: false,
        },
      ],
    });
    const set = await call(manager, 'POST', `/api/staff/guests/${guest.id}/flags`, { booking: true, stoplist: true });
    expect(set.json()).toMatchObject({ booking: true, stoplist: true });
    const row = await t.database.db
      .selectFrom('users')
      .select(['booking', 'stoplist'])
      .where('id', '=', guest.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ booking: true, stoplist: true });
    expect(
      (await call(manager, 'POST', `/api/staff/guests/${guest.id}/flags`, { stoplist: false })).json(),
    ).toMatchObject({ booking: true, stoplist: false });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('action', '=', 'guest.flags')
      .where('target', '=', `гость №${guest.id} Вера`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { before: { booking: false, stoplist: false }, after: { booking: true, stoplist: true } },
      { before: { booking: true, stoplist: true }, after: { booking: true, stoplist: false } },
    ]);
    expect((await call(manager, 'POST', '/api/staff/guests/999999/flags', { booking: true })).json()).toMatchObject({
      message: STAFF_TEXTS.guestNotFound,
    });
    expect((await call(manager, 'POST', '/api/staff/guests/search', { query: 'abc' })).statusCode).toBe(400);
  });

  it('keeps guests’ flags and the audit log from a kitchen account (403 manager_only)', async () => {
    for (const answer of [
      await call(kitchen, 'POST', '/api/staff/guests/search', { query: '79990000000' }),
      await call(kitchen, 'POST', '/api/staff/guests/1/flags', { booking: true }),
      await call(kitchen, 'POST', '/api/staff/audit', {}),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'manager_only', message: STAFF_TEXTS.managerOnly });
    }
  });

  it('lists the bookings of today’s business day and the next by table and moves one new → active → ended; a wrong move is a 409; racing moves: one wins; another restaurant’s booking reads as unknown', async () => {
    const guest = await signedInUser(t.database, { name: 'Олег' });
    const table = await t.database.db
      .selectFrom('restaurant_tables')
      .select(['id', 'num'])
      .where('restaurant_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const from = new Date(Date.now() + 10 * 60_000);
    const made = await t.database.db
      .insertInto('bookings')
      .values({
        booking_num: `Б-ST-${kind}-${Date.now()}`,
        user_id: guest.id,
        restaurant_id: 1,
        table_id: table.id,
        timefrom: from,
        timeto: new Date(from.getTime() + 3600_000),
        cntpersons: 2,
        cntminutes: 60,
        min_sum: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = staffBookingsResponse.parse((await call(kitchen, 'GET', '/api/staff/restaurants/1/bookings')).json());
    // The board spans this business day and the next (issue 30): a booking ten minutes ahead is on it at any hour, 05:55 included.
    const listed = list.tables
      .find((candidate) => candidate.id === table.id)
      ?.bookings.find((booking) => booking.id === made.id);
    expect(listed).toMatchObject({ status: 'new', persons: 2, guest_name: 'Олег', next: ['active', 'cancelled'] });
    expect((await call(kitchen, 'POST', `/api/staff/bookings/${made.id}/status`, { to: 'ended' })).statusCode).toBe(
      409,
    );
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => call(kitchen, 'POST', `/api/staff/bookings/${made.id}/status`, { to: 'active' })),
    );
    expect(racing.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    expect(
      (await call(kitchen, 'POST', `/api/staff/bookings/${made.id}/status`, { to: 'ended' })).json(),
    ).toMatchObject({ status: 'ended', next: [] });
    expect((await call(kitchen, 'POST', '/api/staff/bookings/999999/status', { to: 'active' })).json()).toMatchObject({
      message: STAFF_TEXTS.bookingNotFound,
    });
    const elsewhere = await t.database.db
      .insertInto('bookings')
      .values({
        booking_num: `Б-ST2-${kind}-${Date.now()}`,
        user_id: guest.id,
        restaurant_id: 2,
        timefrom: from,
        timeto: new Date(from.getTime() + 3600_000),
        cntpersons: 2,
        cntminutes: 60,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Issue 30.7: another restaurant's booking answers exactly as an unknown id — the same 404, the same body — and stays as it was.
    const seen = (answer: { statusCode: number; json: <T>() => T }) => {
      const { requestId: _perRequest, ...body } = answer.json<{ requestId: string }>();
      return { status: answer.statusCode, body };
    };
    const theirs = seen(await call(kitchen, 'POST', `/api/staff/bookings/${elsewhere.id}/status`, { to: 'active' }));
    const unknown = seen(
      await call(kitchen, 'POST', `/api/staff/bookings/${elsewhere.id + 1_000_000}/status`, { to: 'active' }),
    );
    expect(theirs).toEqual({
      status: 404,
      body: { success: false, error: 'booking_not_found', message: STAFF_TEXTS.bookingNotFound },
    });
    expect(theirs).toEqual(unknown);
    const row = await t.database.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', elsewhere.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('new');
  });

  it('gives the tables with their codes and the QR link that opens the guest app at that table', async () => {
    const tables = staffTablesResponse.parse((await call(kitchen, 'GET', '/api/staff/restaurants/1/tables')).json());
    expect(tables.tables.length).toBeGreaterThan(0);
    for (const table of tables.tables)
      expect(table.link).toMatch(new RegExp(`/\\?table=${encodeURIComponent(table.code)}$`));
    expect((await call(kitchen, 'GET', '/api/staff/restaurants/2/tables')).statusCode).toBe(403);
  });

  it('pages the audit log newest first, of the manager’s restaurants only', async () => {
    const first = await call(manager, 'POST', '/api/staff/audit', {});
    expect(first.statusCode, first.body).toBe(200);
    const entries = first.json<{ entries: unknown[] }>().entries.map((entry) => staffAuditEntry.parse(entry));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.restaurant_id === 1)).toBe(true);
    const ids = entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const older = await call(manager, 'POST', '/api/staff/audit', { before_id: ids[0] });
    expect(older.json<{ entries: Array<{ id: number }> }>().entries.every((entry) => entry.id < (ids[0] ?? 0))).toBe(
      true,
    );
    expect((await call(manager, 'POST', '/api/staff/audit', { restaurant_id: 2 })).statusCode).toBe(403);
    expect((await call(manager, 'POST', '/api/staff/audit', { before_id: 99_999_999_999 })).statusCode).toBe(400);
    expect(managerId).toBeGreaterThan(0);
  });
});
