import { parseConfig, ConfigError, describeModes, type Config } from './config';
import { buildApp } from './app';
import { openDatabase, describeUrl, type DatabaseHandle } from './db/client';
import { migrate } from './db/migrate';
import { startMaintenance } from './maintenance';
import { startPaymentWorker } from './modules/payments';
import { loadStaffDemo } from './modules/staff';
import { startMetricsListener } from './metrics/routes';
import { trackConnections } from './http/drain';

/**
 * Start-up: configuration, database (migrated), demo data when asked, then listen.
 * A bad variable or an unreachable database stops start-up with one clear line and exit 1.
 * The sandbox and the demo data are imported only when on (issue 32): a production server never
 * loads their modules (in the build, their chunks; test/build.test.ts).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The first line says which modes are on, before anything else happens.
  console.log(
    JSON.stringify({ level: 30, sandbox: config.sandbox, demoData: config.demoData, msg: describeModes(config) }),
  );

  let database: DatabaseHandle;
  try {
    database =
      config.database.kind === 'postgres'
        ? await openDatabase({
            kind: 'postgres',
            url: config.database.url,
            poolSize: config.database.poolSize,
            timeouts: config.databaseTimeouts,
          })
        : await openDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
    // Migrations and the demo data may take longer than a call's statement timeout (issue 11.11).
    const applied = await database.runLong(async (db) => {
      const done = await migrate(db);
      if (config.demoData) await (await import('./seed/load')).seedDemoChain(db);
      // The sandbox's demo staff accounts (docs/sandbox.md): never outside the sandbox.
      if (config.demoData && config.sandbox) await (await loadStaffDemo()).seedDemoStaff(db);
      return done;
    });
    if (applied.length > 0) console.log(JSON.stringify({ level: 30, msg: 'migrations applied', applied }));
  } catch (error) {
    const where = config.database.kind === 'postgres' ? describeUrl(config.database.url) : config.database.dataDir;
    console.error(`Cannot start: database at ${where}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  const app = await buildApp(config, { database });
  const stopMaintenance = startMaintenance(app);
  app.addHook('onClose', async () => stopMaintenance());
  // Declines and refunds the bank could not do at once are retried (decision 016), in
  // production too. stop() below ends it before the server closes; this hook is the fallback
  // of a close that did not come through stop() (a failed listen).
  const stopPaymentWorker = startPaymentWorker(app);
  app.addHook('preClose', stopPaymentWorker);
  // SANDBOX=1: the sandbox kitchen moves paid orders through the statuses (docs/orders.md).
  if (config.sandbox) {
    const { startSandboxKitchen } = await import('./sandbox/kitchen');
    const stopKitchen = startSandboxKitchen(app);
    app.addHook('onClose', stopKitchen);
  }

  const connections = trackConnections(app.server);
  let closing = false;
  /** Stops taking connections, finishes the requests in flight, then exits. */
  const close = () => {
    if (closing) return;
    closing = true;
    app.log.info('shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // The payment work stops first, between two payments, while every route still answers:
    // once close() begins, routes answer 503, and in the sandbox the bank is one of them. Each
    // stop waits for the payment in hand only (its bank calls: well under a second, up to their
    // 10 s timeouts when the bank hangs); what is left stays due for any instance's worker, and
    // a payment cut off by the forced exit is taken again when its lease ends (decision 016).
    Promise.all([stopPaymentWorker(), app.payments.stop()])
      .then(() => {
        // Every keep-alive connection is ended as soon as it answers nothing (balancers keep
        // theirs open): close() waits for all of them.
        const sweep = setInterval(() => connections.endIdle(), 100);
        sweep.unref();
        const closed = app.close();
        connections.endIdle();
        return closed;
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  // SIGTERM (a deploy, the supervisor): readiness answers 503 at once while everything is still
  // served, for SHUTDOWN_READY_DELAY_MS — long enough for the balancer to take this instance out —
  // and only then the server stops taking connections (issue 32, docs/operations.md). SIGINT (a
  // person at a terminal), or a second signal during the wait, closes at once.
  let drainTimer: NodeJS.Timeout | undefined;
  const stop = (signal: string) => {
    if (app.lifecycle.draining) {
      clearTimeout(drainTimer);
      close();
      return;
    }
    app.lifecycle.draining = true;
    const delayMs = signal === 'SIGTERM' ? config.shutdownReadyDelayMs : 0;
    if (delayMs === 0) {
      close();
      return;
    }
    app.log.info({ signal, delayMs }, 'draining: readiness answers 503, requests still served');
    drainTimer = setTimeout(close, delayMs);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // METRICS_LISTEN: /metrics on an address of its own, closed with the server. Hooks are added
  // before listen (Fastify refuses them after); the listener itself starts once the server listens.
  let stopMetrics: () => Promise<void> = async () => undefined;
  app.addHook('onClose', () => stopMetrics());
  try {
    await app.listen({ port: config.port, host: config.host });
    stopMetrics = await startMetricsListener(app);
    app.log.info({ database: database.driver, sandbox: config.sandbox }, `ready on http://localhost:${config.port}`);
  } catch (error) {
    app.log.error({ err: error }, 'cannot listen');
    await app.close();
    process.exit(1);
  }
}

void main();
