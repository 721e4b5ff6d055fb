import { describe, expect, it } from 'vitest';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { CatalogueVersionReader } from './catalogue-cache';
import type { DatabaseHandle } from './client';
import type { Database } from './types';

/** A version query the test answers by hand, to decide what runs while what. */
interface PendingRead {
  resolve(version: number): void;
}

/** A database whose `select version` calls wait for the test, and which may notify like PGlite. */
function fakeDatabase(options: { notifies: boolean }) {
  const pending: PendingRead[] = [];
  const statements: string[] = [];
  let listener: ((channel: string, payload: string) => void) | undefined;
  const connection: DatabaseConnection = {
    executeQuery<R>(compiled: { sql: string }): Promise<QueryResult<R>> {
      statements.push(compiled.sql);
      if (!compiled.sql.startsWith('select version')) return Promise.resolve({ rows: [] });
      return new Promise((resolve) => {
        pending.push({ resolve: (version) => resolve({ rows: [{ version } as R] }) });
      });
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const database: DatabaseHandle = {
    db,
    driver: options.notifies ? 'pglite' : 'postgres',
    ping: async () => undefined,
    poolStats: () => ({ size: 1, inUse: 0, waiting: 0 }),
    runLong: (work) => work(db),
    // The version reader does not use the handle's LISTEN facility.
    listen: () => Promise.reject(new Error('not used by the version reader')),
    close: async () => db.destroy(),
    ...(options.notifies
      ? {
          onNotification(callback: (channel: string, payload: string) => void) {
            listener = callback;
            return () => undefined;
          },
        }
      : {}),
  };
  const versionReads = () => statements.filter((text) => text.startsWith('select version')).length;
  return {
    database,
    statements,
    versionReads,
    /** Answers the oldest waiting version read. */
    answer(version: number) {
      const read = pending.shift();
      if (!read) throw new Error('no version read is waiting');
      read.resolve(version);
    },
    notify(channel = 'catalogue_version', payload = '') {
      listener?.(channel, payload);
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('reading the catalogue version (migration 003, issue 4 speed)', () => {
  it('lets requests that arrive during a read share the next read, never the one that began before them', async () => {
    const fake = fakeDatabase({ notifies: false });
    const reader = new CatalogueVersionReader(fake.database);
    const first = reader.read();
    await tick();
    const second = reader.read();
    const third = reader.read();
    await tick();
    expect(fake.versionReads()).toBe(1);
    fake.answer(5);
    expect(await first).toBe(5);
    await tick();
    // The read that began before them is not theirs: a change committed meanwhile must show.
    expect(fake.versionReads()).toBe(2);
    fake.answer(6);
    expect(await second).toBe(6);
    expect(await third).toBe(6);
  });

  it('reads once per request while the server is idle', async () => {
    const fake = fakeDatabase({ notifies: false });
    const reader = new CatalogueVersionReader(fake.database);
    for (const version of [1, 2, 3]) {
      const read = reader.read();
      await tick();
      fake.answer(version);
      expect(await read).toBe(version);
    }
    expect(fake.versionReads()).toBe(3);
  });

  it('on PGlite listens once, then answers from memory until a change is notified', async () => {
    const fake = fakeDatabase({ notifies: true });
    const reader = new CatalogueVersionReader(fake.database);
    const first = reader.read();
    await tick();
    fake.answer(7);
    expect(await first).toBe(7);
    expect(await reader.read()).toBe(7);
    expect(await reader.read()).toBe(7);
    expect(fake.versionReads()).toBe(1);
    expect(fake.statements.filter((text) => text.startsWith('listen'))).toHaveLength(1);

    fake.notify();
    const afterChange = reader.read();
    await tick();
    fake.answer(8);
    expect(await afterChange).toBe(8);
    expect(fake.versionReads()).toBe(2);
  });

  it('does not keep a version read while a change was being notified', async () => {
    const fake = fakeDatabase({ notifies: true });
    const reader = new CatalogueVersionReader(fake.database);
    const read = reader.read();
    await tick();
    fake.notify();
    fake.answer(3);
    expect(await read).toBe(3);
    const next = reader.read();
    await tick();
    expect(fake.versionReads()).toBe(2);
    fake.answer(4);
    expect(await next).toBe(4);
  });

  it('ignores notifications of other channels', async () => {
    const fake = fakeDatabase({ notifies: true });
    const reader = new CatalogueVersionReader(fake.database);
    const read = reader.read();
    await tick();
    fake.answer(1);
    await read;
    fake.notify('something_else');
    expect(await reader.read()).toBe(1);
    expect(fake.versionReads()).toBe(1);
  });
});
