import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.ts';
import { preparePrivateDataDir } from './config/data-dir.ts';
import { loadConfigOrExit, type Config } from './config/env.ts';
import { DataDirBusyError, reserveDataDirForServer, type ServerReservation } from './db/data-dir-lock.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.ts';
import { systemClock } from './lib/clock.ts';
import { listenErrorMessage } from './lib/listen-error.ts';
import { randomToken } from './lib/secrets.ts';
import type { Readiness } from './http/health-routes.ts';
import { createDatabaseUploadStore } from './storage/database-upload-store.ts';
import { moveUploadsIntoStore } from './storage/move-disk-uploads.ts';
import { listenForMetrics, type MetricsListener } from './metrics/metrics-listener.ts';
import { Metrics } from './metrics/metrics.ts';

/** How long a starting server waits for an operator command that holds the embedded database. */
const CLI_LOCK_WAIT_MS = 10_000;

/** How long shutdown waits for requests and jobs once the server stops accepting. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * The embedded PGlite may be opened by one process only (docs/decisions/0001): announce this
 * server in DATA_DIR/server.json, with a token the operator CLI uses to send commands here,
 * and refuse to start while an operator command holds the database. Nothing to do on PostgreSQL.
 */
async function reserveEmbeddedDatabase(config: Config): Promise<{ reservation?: ServerReservation; adminCliToken?: string }> {
  if (config.databaseUrl) return {};
  const adminCliToken = randomToken(32);
  let reservation: ServerReservation;
  try {
    reservation = await reserveDataDirForServer(config.dataDir, { port: config.port, host: config.host, token: adminCliToken }, { waitMs: CLI_LOCK_WAIT_MS });
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  process.on('exit', () => reservation.release());
  return { reservation, adminCliToken };
}

/** The database opened, migrated, and holding the uploads an older version kept on disk. */
async function openServerDatabase(config: Config): Promise<DatabaseHandle> {
  // Lost PostgreSQL connections are logged as the app logs (JSON lines), from before the app exists.
  const databaseLog = Fastify({ logger: loggerOptions(config.logLevel) }).log;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: databaseLog });
  await migrateToLatest(database.db);
  await moveUploadsIntoStore(createDatabaseUploadStore(database.db, systemClock), config.dataDir, databaseLog);
  return database;
}

/** What a running server holds, for shutdown to close (the metrics listener once it listens). */
interface RunningServer {
  config: Config;
  app: FastifyInstance;
  readiness: Readiness;
  database: DatabaseHandle;
  reservation: ServerReservation | undefined;
  metricsListener?: MetricsListener;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: /readyz answers 503 for DRAIN_DELAY_MS, so that a load
 * balancer takes the process out, then the server stops accepting and requests, then jobs, finish.
 */
function closeOnSignals(server: RunningServer): void {
  const { config, app, database } = server;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.readiness.startDraining();
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
      await server.metricsListener?.close();
      await database.close();
    } finally {
      server.reservation?.release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Listens on PORT/HOST; a port that cannot be had ends the process with one line naming the variable. */
async function listenOrExit({ config, app, database }: RunningServer): Promise<void> {
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
}

/** Serves /metrics on METRICS_PORT, apart from the public port, when it is set. */
async function listenForMetricsOrExit(server: RunningServer, metrics: Metrics): Promise<void> {
  const { config, app, database } = server;
  if (config.metrics.port === undefined) return;
  try {
    server.metricsListener = await listenForMetrics(metrics, { host: config.metrics.host, port: config.metrics.port, token: config.metrics.token });
  } catch (error) {
    const explained = listenErrorMessage(error, { port: config.metrics.port, host: config.metrics.host }, { port: 'METRICS_PORT', host: 'METRICS_HOST' });
    console.error(explained ?? error);
    await app.close();
    await database.close();
    process.exit(1);
  }
  app.log.info({ metrics: `http://${config.metrics.host}:${server.metricsListener.address.port}/metrics` }, 'metrics are served apart from the public port');
}

/** The only file that listens (with the metrics listener), and closes gracefully on a signal. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // DATA_DIR private, and nothing this process creates writable by group or others (docs/decisions/0023).
  preparePrivateDataDir(config.dataDir);
  const { reservation, adminCliToken } = await reserveEmbeddedDatabase(config);
  const database = await openServerDatabase(config);
  const metrics = new Metrics({ processMetrics: true });
  // app.ts registers routes/admin-cli.ts with this token (only set with the embedded database).
  const appOptions = { config, database, adminCliToken, startWorkers: config.runWorkers, metrics };
  const { app, readiness } = await buildApp(appOptions);
  const server: RunningServer = { config, app, readiness, database, reservation };
  closeOnSignals(server);
  await listenOrExit(server);
  reservation?.update({ port: (app.server.address() as AddressInfo).port, host: config.host });
  await listenForMetricsOrExit(server, metrics);
  app.log.info(
    { url: config.appUrl, database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL', runsJobs: config.runWorkers },
    'Tradelist is listening',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
