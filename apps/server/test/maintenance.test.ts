import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housekeeping } from '../src/maintenance';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

/**
 * Issue 11, second read, point 5: housekeeping deletes what no request reads any more (old
 * rate-limit windows, used captchas and codes). It is background work: the request timeouts must
 * not cut it — a day of rate-limit windows after a rush or an attack is more than one statement
 * deletes within 3.5 s — and it deletes in bounded batches, so no statement grows with the table.
 */

const OLD_WINDOWS = 200_000;
/**
 * A statement timeout far below what deleting the old windows in one statement takes (about 70 ms
 * for 200 000 windows here), as 3.5 s is for the tens of millions an attack leaves in a day.
 */
const TIGHT = { connectMs: 1000, statementMs: 25, queryMs: 1000 };

describe.each(databaseKinds())('housekeeping on %s (issue 11, second read, point 5)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { databaseTimeouts: TIGHT });
    // Set-up work of its own, past the request timeouts.
    await t.database.runLong(async (db) => {
      await sql`insert into rate_limits (key, window_start, count)
                select 'sms:ip:10.' || (g / 65536) || '.' || (g / 256 % 256) || '.' || (g % 256), now() - interval '2 days' - g * interval '1 second', 1
                from generate_series(1, ${OLD_WINDOWS}) g`.execute(db);
      await sql`insert into rate_limits (key, window_start, count)
                select 'sms:ip:192.0.2.' || g, now() - interval '1 minute', 1 from generate_series(1, 10) g`.execute(
        db,
      );
      await sql`insert into captchas (id, contact, answer_hash, created_at, expires_at)
                select 'old-' || g, '7916000' || lpad(g::text, 4, '0'), 'x', now() - interval '3 days', now() - interval '3 days'
                from generate_series(1, 2000) g`.execute(db);
      // A staff account's sign-in codes and sessions that ended two days ago, and live ones.
      await sql`insert into staff_accounts (login, name, email, password_hash, role) values ('old.kitchen', 'Кухня', 'k@staff.test', 'x', 'kitchen')`.execute(
        db,
      );
      await sql`insert into staff_challenges (token_hash, staff_id, code_hash, expires_at)
                select 'c' || g, (select id from staff_accounts where login = 'old.kitchen'), 'x', now() - case when g <= 30 then interval '2 days' else interval '-5 minutes' end
                from generate_series(1, 40) g`.execute(db);
      await sql`insert into staff_sessions (staff_id, token_hash, expires_at)
                select (select id from staff_accounts where login = 'old.kitchen'), 's' || g, now() - case when g <= 20 then interval '2 days' else interval '-5 hours' end
                from generate_series(1, 25) g`.execute(db);
    });
  }, 120_000);
  afterAll(() => t.close());

  const count = (query: ReturnType<typeof sql<{ n: number }>>) =>
    t.database.runLong(async (db) => Number((await query.execute(db)).rows[0]?.n));

  it('deletes a day-old pile of rate-limit windows and captchas bigger than one statement may delete within the request timeouts, and keeps the current ones', async () => {
    const deleted = await housekeeping(t.app);
    expect(deleted).toMatchObject({
      rate_limits: OLD_WINDOWS,
      captchas: 2000,
      staff_challenges: 30,
      staff_sessions: 20,
    });
    expect(await count(sql<{ n: number }>`select count(*)::int as n from staff_sessions`)).toBe(5);
    expect(await count(sql<{ n: number }>`select count(*)::int as n from staff_challenges`)).toBe(10);
    expect(
      await count(
        sql<{ n: number }>`select count(*)::int as n from rate_limits where window_start < now() - interval '1 day'`,
      ),
    ).toBe(0);
    expect(
      await count(sql<{ n: number }>`select count(*)::int as n from rate_limits where key like 'sms:ip:192.0.2.%'`),
    ).toBe(10);
    expect(await count(sql<{ n: number }>`select count(*)::int as n from captchas where id like 'old-%'`)).toBe(0);
    // The database is as up as before: housekeeping is no request.
    expect(t.app.dbMonitor.state).toBe('up');
  }, 120_000);
});
