import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPglite, openDatabase, type DatabaseHandle } from '../src/db/client';
import { SANDBOX_ENV } from '../src/config';
import { buildTestApp, databaseKinds, type DatabaseKind, type TestApp } from './support/build';
import { insertTestOrder } from './support/orders';
import { bankFaults } from './support/payments';
import { freePort } from './support/free-port';
import { admin, databaseUrl, dropDatabase } from './support/postgres';

// Issue 11.1, second read, point 4: the payment worker stops between payments when the server
// is told to stop (SIGTERM), and before the server stops answering, so the sandbox bank on this
// same server never answers its last calls with the 503 of a closing server.

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
/** How long the tests let SIGTERM take (the server's SHUTDOWN_TIMEOUT_MS). */
const SHUTDOWN_TIMEOUT_MS = 4000;
/** Forms left open on paid orders, each declined slowly by the bank. */
const FORMS = 6;
const SLOW_DECLINE_MS = 1500;

interface Run {
  code: number | null;
  stdout: string;
  elapsedAfterSigterm: number;
}

/** The real server process; SIGTERM once it has been ready for `runFor` ms. */
function runServer(env: Record<string, string>, runFor: number): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        SHUTDOWN_READY_DELAY_MS: '0',
        ...SANDBOX_ENV,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let sigtermAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!sigtermAt && stdout.includes('ready on')) {
        sigtermAt = Date.now() + runFor;
        setTimeout(() => child.kill('SIGTERM'), runFor);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, elapsedAfterSigterm: Date.now() - sigtermAt }));
  });
}

/** A database of the given kind for a server process: prepared here, then opened by the server alone. */
async function serverDatabase(
  kind: DatabaseKind,
): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle>; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-shutdown-'));
    const open = async () => openDatabase({ kind: 'pglite', instance: await createPglite(dataDir) });
    await (
      await openDatabase({
        kind: 'pglite',
        instance: await createPglite(dataDir, new Blob([readFileSync(inject('pgliteTemplate'))])),
      })
    ).close();
    return { env: { DATA_DIR: dataDir }, open, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `chain_t_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}" template "${inject('postgresTemplate') ?? ''}"`));
  const url = databaseUrl(name);
  return {
    env: { DATABASE_URL: url },
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    dispose: () => dropDatabase(name),
  };
}

/**
 * Forms left open on orders that were paid meanwhile (status `cancelling`, due now), each an
 * order registered in `bank`'s books, which the payment worker declines.
 */
async function openFormsOfPaidOrders(server: DatabaseHandle, bank: DatabaseHandle): Promise<void> {
  for (let index = 0; index < FORMS; index++) {
    const order = await insertTestOrder(server, { userId: null, paid: true, status: 20 });
    const mdOrder = randomUUID();
    await bank.db
      .insertInto('sandbox_acquiring_orders')
      .values({
        md_order: mdOrder,
        order_number: `${order.id}-${randomBytes(3).toString('hex')}`,
        amount: order.sum,
        return_url: 'http://127.0.0.1/payment',
        fail_url: 'http://127.0.0.1/payment',
      })
      .execute();
    await server.db
      .insertInto('payments')
      .values({
        order_id: order.id,
        method: 'card',
        provider_id: mdOrder,
        amount: order.sum,
        status: 'cancelling',
        next_attempt_at: new Date(Date.now() - 1000),
      })
      .execute();
  }
}

/** After the stop: the form the worker had in hand is declined at the bank, once; the others were not touched and are still due. */
async function expectOneClosedRestLeftDue(database: { open: () => Promise<DatabaseHandle> }): Promise<void> {
  const after = await database.open();
  try {
    const payments = await after.db.selectFrom('payments').select(['status', 'attempts']).execute();
    expect(payments.filter((payment) => payment.status === 'cancelled')).toHaveLength(1);
    expect(payments.filter((payment) => payment.status === 'cancelling' && payment.attempts === 0)).toHaveLength(
      FORMS - 1,
    );
    const events = await after.db.selectFrom('payment_events').select(['kind', 'outcome']).execute();
    expect(events.map((event) => `${event.kind} ${event.outcome}`)).toEqual(['decline done']);
  } finally {
    await after.close();
  }
}

describe.each(databaseKinds())('stopping a server whose payment worker is at the bank, on %s (issue 11.1)', (kind) => {
  let bank: TestApp;
  beforeAll(async () => {
    bank = await buildTestApp(kind);
  });
  afterAll(() => bank.close());

  it('stops between payments on SIGTERM: the payment in hand is finished, the rest left due, and it exits 0 within SHUTDOWN_TIMEOUT_MS', async () => {
    const database = await serverDatabase(kind);
    try {
      const server = await database.open();
      await openFormsOfPaidOrders(server, bank.database);
      await server.close();
      // The acquirer is another server (as in production): it declines each form slowly.
      await bankFaults(bank.app, 'decline.do', FORMS, SLOW_DECLINE_MS);
      const bankUrl = `http://127.0.0.1:${(bank.app.server.address() as { port: number }).port}/sandbox/acquiring`;

      const run = await runServer(
        { ...database.env, PORT: String(await freePort()), ACQUIRING_BASE_URL: bankUrl },
        SLOW_DECLINE_MS / 3,
      );

      expect(run.code, run.stdout).toBe(0);
      expect(run.elapsedAfterSigterm).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      await expectOneClosedRestLeftDue(database);
    } finally {
      await database.dispose();
    }
  }, 60_000);

  it('stops its work before the server stops answering: the sandbox bank on the same server never answers the worker with a closing 503', async () => {
    const database = await serverDatabase(kind);
    try {
      const server = await database.open();
      // The sandbox bank is this same server, with its books in the same database.
      await openFormsOfPaidOrders(server, server);
      await server.db
        .insertInto('sandbox_acquiring_faults')
        .values({ method: 'decline.do', remaining: FORMS, delay_ms: SLOW_DECLINE_MS })
        .execute();
      await server.close();

      const run = await runServer({ ...database.env, PORT: String(await freePort()) }, SLOW_DECLINE_MS / 3);

      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).not.toMatch(/HTTP 503/);
      await expectOneClosedRestLeftDue(database);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
