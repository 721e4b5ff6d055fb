import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import {
  failedTry,
  giveUpDue,
  markDone,
  renewLease,
  retryDelaySeconds,
  runOutbox,
  takeDue,
  type Leased,
  type LeasedOutbox,
} from '../src/db/leased-outbox';
import type { Database } from '../src/db/types';
import { databaseKinds, freshDatabase, type TestDatabase } from './support/build';

// The leased outbox every job with the outside world runs on (tips ids, receipts' and refunds'
// letters; decisions 025, 032, 050): a due row is taken by one taker at a time under a lease, a
// lapsed lease lets another taker in, a failed try backs off, a done row is never taken again.
// Exercised here on a table of its own, so the module is proven apart from any one job.

/** The test's outbox: a table of its own, cast to the module's table type (its identifiers are fixed here, in code). */
const OUTBOX = {
  table: 'outbox_probe',
  dueAt: 'due_at',
  attempts: 'attempts',
  open: sql<boolean>`done_at is null`,
} as unknown as LeasedOutbox<'orders'>;

interface ProbeRow extends Leased {
  label: string;
}

describe.each(databaseKinds())('the leased outbox, on %s', (kind) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    db = database.handle.db;
    await sql`create table outbox_probe (id serial primary key, label text not null, due_at timestamptz, attempts integer not null default 0, done_at timestamptz)`.execute(
      db,
    );
  });
  afterAll(() => database.dispose());

  /** `count` rows due now (oldest first, a second apart), their ids. */
  async function due(count: number, label = 'row'): Promise<number[]> {
    await sql`delete from outbox_probe`.execute(db);
    const rows = await sql<{ id: number }>`
      insert into outbox_probe (label, due_at)
      select ${label} || n, now() - make_interval(secs => (${count} - n + 1)::double precision) from generate_series(1, ${count}) as n
      returning id`.execute(db);
    return rows.rows.map((row) => row.id);
  }
  const take = (id?: number, leaseSeconds = 60) =>
    takeDue<'orders', ProbeRow>(db, OUTBOX, { id, leaseSeconds, columns: ['label'] as never });
  const row = async (id: number) =>
    (
      await sql<{
        due_at: Date | null;
        attempts: number;
        done_at: Date | null;
      }>`select due_at, attempts, done_at from outbox_probe where id = ${id}`.execute(db)
    ).rows[0]!;

  it('takes the longest due row first under a lease, skips leased rows, and a named take takes only that row', async () => {
    const [first, second, third] = await due(3);
    const a = await take();
    expect(a).toEqual({ id: first, label: 'row1', attempts: 1 });
    const b = await take();
    expect(b?.id).toBe(second);
    expect(await take(first)).toBeUndefined(); // leased: not due until its lease ends
    expect((await take(third))?.id).toBe(third);
    expect(await take()).toBeUndefined();
    expect((await row(first!)).due_at!.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('renews only under the take’s token, backs off after a failed try and gives up after the last, records done once', async () => {
    const [id] = await due(1);
    const taken = (await take())!;
    expect(await renewLease(db, OUTBOX, taken, 60)).toBe(true);
    expect(await renewLease(db, OUTBOX, { id: taken.id, attempts: taken.attempts - 1 }, 60)).toBe(false);
    expect(await failedTry(db, OUTBOX, taken, 3)).toBe('retry');
    const later = (await row(id!)).due_at!.getTime();
    expect(later).toBeGreaterThan(Date.now() + (retryDelaySeconds(1) - 5) * 1000);
    expect(later).toBeLessThan(Date.now() + (retryDelaySeconds(1) + 5) * 1000);
    expect(await take()).toBeUndefined();
    expect(await failedTry(db, OUTBOX, { id: id!, attempts: 2 }, 3)).toBe('retry'); // a stale token: nothing changes
    expect((await row(id!)).due_at).not.toBeNull();
    await sql`update outbox_probe set due_at = now(), attempts = 2 where id = ${id}`.execute(db);
    const last = (await take())!;
    expect(last.attempts).toBe(3);
    expect(await failedTry(db, OUTBOX, last, 3)).toBe('gave_up');
    expect((await row(id!)).due_at).toBeNull();
    await sql`update outbox_probe set due_at = now() where id = ${id}`.execute(db);
    expect(await markDone(db, OUTBOX, id!, sql`done_at = now()`)).toBe(true);
    expect(await markDone(db, OUTBOX, id!, sql`done_at = now()`)).toBe(false);
    expect((await row(id!)).due_at).toBeNull();
    expect((await row(id!)).done_at).toBeInstanceOf(Date);
    expect(await renewLease(db, OUTBOX, last, 60)).toBe(false);
  });

  it('gives up rows due but done or out of their window, and keeps the others due', async () => {
    const [done, old, fresh] = await due(3);
    await sql`update outbox_probe set done_at = now() where id = ${done}`.execute(db);
    await sql`update outbox_probe set label = 'old' where id = ${old}`.execute(db);
    expect((await giveUpDue(db, OUTBOX, sql<boolean>`label <> 'old'`)).sort()).toEqual([done, old].sort());
    expect((await row(fresh!)).due_at).not.toBeNull();
  });

  it('a run works the due rows one by one up to its limit, and ends at a failed try or when stopping', async () => {
    await due(5);
    const worked: string[] = [];
    const run = await runOutbox({
      limit: 3,
      take: (id) => take(id),
      work: async (probe: ProbeRow) => (worked.push(probe.label), 'done' as const),
    });
    expect(run.map(({ result }) => result)).toEqual(['done', 'done', 'done']);
    expect(worked).toEqual(['row1', 'row2', 'row3']);
    const failing = await runOutbox({ limit: 3, take: (id) => take(id), work: async () => 'retry' as const });
    expect(failing).toHaveLength(1);
    expect(
      await runOutbox({ limit: 3, take: (id) => take(id), work: async () => 'done' as const, stopping: () => true }),
    ).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'takes each row once when workers race, and takes a row again once its taker’s lease lapsed',
    async () => {
      const ids = await due(40);
      const taken: number[] = [];
      // Four workers on the pool's connections at once, each working slowly enough to overlap.
      const worker = () =>
        runOutbox({
          limit: 40,
          take: (id) => take(id),
          work: async (probe: ProbeRow) => {
            taken.push(probe.id);
            await new Promise((resolve) => setTimeout(resolve, 5));
            await markDone(db, OUTBOX, probe.id, sql`done_at = now()`);
            return 'done' as const;
          },
        });
      await Promise.all([worker(), worker(), worker(), worker()]);
      expect([...taken].sort((x, y) => x - y)).toEqual(ids);

      // A taker that stalled past its lease: the row is taken again, and the stalled one's renewal fails.
      const [id] = await due(1);
      const stalled = (await take(undefined, 0.2))!;
      expect(await take()).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 400));
      const [again, other] = await Promise.all([take(), take()]);
      expect([again?.id, other?.id].filter(Boolean)).toEqual([id]);
      expect((again ?? other)!.attempts).toBe(2);
      expect(await renewLease(db, OUTBOX, stalled, 60)).toBe(false);
      expect(await renewLease(db, OUTBOX, (again ?? other)!, 60)).toBe(true);
    },
  );
});
