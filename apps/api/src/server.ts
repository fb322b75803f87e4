import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp, loggerOptions } from './app.ts';
import { preparePrivateDataDir } from './config/data-dir.ts';
import { loadConfigOrExit } from './config/env.ts';
import { DataDirBusyError, reserveDataDirForServer, type ServerReservation } from './db/data-dir-lock.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { listenErrorMessage } from './lib/listen-error.ts';
import { randomToken } from './lib/secrets.ts';
import { listenForMetrics, type MetricsListener } from './metrics/metrics-listener.ts';
import { Metrics } from './metrics/metrics.ts';

/** How long a starting server waits for an operator command that holds the embedded database. */
const CLI_LOCK_WAIT_MS = 10_000;

/** How long shutdown waits for requests and jobs once the server stops accepting. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * The only file that listens (with the metrics listener). Graceful shutdown on SIGTERM/SIGINT:
 * /readyz answers 503 for DRAIN_DELAY_MS, so that a load balancer takes the process out, then
 * the server stops accepting and requests, then jobs, finish.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // DATA_DIR private, and nothing this process creates writable by group or others (docs/decisions/0023).
  preparePrivateDataDir(config.dataDir);
  // The embedded PGlite may be opened by one process only (docs/decisions/0001): announce this
  // server in DATA_DIR/server.json, with a token the operator CLI uses to send commands here,
  // and refuse to start while an operator command holds the database.
  let reservation: ServerReservation | undefined;
  let adminCliToken: string | undefined;
  if (!config.databaseUrl) {
    adminCliToken = randomToken(32);
    try {
      reservation = await reserveDataDirForServer(config.dataDir, { port: config.port, host: config.host, token: adminCliToken }, { waitMs: CLI_LOCK_WAIT_MS });
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    process.on('exit', () => reservation?.release());
  }
  // Lost PostgreSQL connections are logged as the app logs (JSON lines), from before the app exists.
  const databaseLog = Fastify({ logger: loggerOptions(config.logLevel) }).log;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: databaseLog });
  await migrateToLatest(database.db);
  const metrics = new Metrics({ processMetrics: true });
  // app.ts registers routes/admin-cli.ts with this token (only set with the embedded database).
  const appOptions = { config, database, adminCliToken, startWorkers: config.runWorkers, metrics };
  const { app, readiness } = await buildApp(appOptions);
  let metricsListener: MetricsListener | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.startDraining();
    if (config.drainDelayMs > 0) {
      app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'draining: /readyz answers 503 while the load balancer takes this process out');
      await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    }
    app.log.info({ signal }, 'shutting down: finishing requests and jobs');
    const timer = setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await metricsListener?.close();
      await database.close();
    } finally {
      reservation?.release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A taken port is an everyday mistake: one line naming the variable, not a stack trace.
    const explained = listenErrorMessage(error, config);
    if (explained === undefined) throw error;
    console.error(explained);
    await app.close();
    await database.close();
    process.exit(1);
  }
  reservation?.update({ port: (app.server.address() as AddressInfo).port, host: config.host });
  if (config.metrics.port !== undefined) {
    try {
      metricsListener = await listenForMetrics(metrics, { host: config.metrics.host, port: config.metrics.port, token: config.metrics.token });
    } catch (error) {
      const explained = listenErrorMessage(error, { port: config.metrics.port, host: config.metrics.host }, { port: 'METRICS_PORT', host: 'METRICS_HOST' });
      console.error(explained ?? error);
      await app.close();
      await database.close();
      process.exit(1);
    }
    app.log.info({ metrics: `http://${config.metrics.host}:${metricsListener.address.port}/metrics` }, 'metrics are served apart from the public port');
  }
  app.log.info(
    { url: config.appUrl, database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL', runsJobs: config.runWorkers },
    'Tradelist is listening',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
