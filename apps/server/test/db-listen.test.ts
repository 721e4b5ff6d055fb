import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { databaseKinds, freshDatabase, type TestDatabase } from './support/build';

// The database handle's LISTEN facility (issue 15): a notification committed by any session
// reaches the listeners of its channel, a rolled-back one never does, and a listener that stopped
// hears nothing more.

describe.each(databaseKinds())('listen on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.dispose());

  const notify = (channel: string, payload: string) =>
    sql`select pg_notify(${channel}, ${payload})`.execute(database.handle.db);
  const settle = () => new Promise((resolve) => setTimeout(resolve, kind === 'postgres' ? 150 : 10));

  it('hears what is committed on its channel only, and nothing after it stops', async () => {
    const heard: string[] = [];
    const other: string[] = [];
    const stop = await database.handle.listen('test_a', (payload) => heard.push(payload));
    const stopOther = await database.handle.listen('test_b', (payload) => other.push(payload));
    await notify('test_a', '1');
    await database.handle.db.transaction().execute(async (trx) => {
      await sql`select pg_notify('test_a', '2')`.execute(trx);
    });
    await database.handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_notify('test_a', 'rolled back')`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await notify('test_b', 'b');
    await settle();
    expect(heard).toEqual(['1', '2']);
    expect(other).toEqual(['b']);
    await stop();
    await notify('test_a', '3');
    await notify('test_b', 'b2');
    await settle();
    expect(heard).toEqual(['1', '2']);
    expect(other).toEqual(['b', 'b2']);
    await stopOther();
  });
});
