import Fastify from 'fastify';
import { loggerOptions } from './app.ts';
import { preparePrivateDataDir } from './config/data-dir.ts';
import { loadConfigOrExit } from './config/env.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { JobQueue } from './jobs/queue.ts';
import { registerJobs } from './jobs/registry.ts';
import { createStripeClient } from './integrations/stripe/client.ts';
import { moduleJobs } from './modules/jobs.ts';
import { systemClock } from './lib/clock.ts';
import { createMailer } from './mail/mailer.ts';
import { listenErrorMessage } from './lib/listen-error.ts';
import { listenForMetrics, type MetricsListener } from './metrics/metrics-listener.ts';
import { Metrics } from './metrics/metrics.ts';

/** How long shutdown waits for running jobs before it gives up (the server allows the same). */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * A worker process (`node apps/api/dist/worker.js`): runs the jobs and the scheduled work
 * without serving HTTP, beside API processes started with WORKERS=0, all on one PostgreSQL
 * (docs/decisions/0009). Graceful shutdown on SIGTERM/SIGINT: running jobs finish first.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // DATA_DIR private, and nothing this process creates writable by group or others (docs/decisions/0023).
  preparePrivateDataDir(config.dataDir);
  if (!config.databaseUrl) {
    console.error(
      'The worker needs DATABASE_URL (PostgreSQL). The embedded database in DATA_DIR can be opened by one process only, ' +
        'and the server already runs the jobs there: use `npm start`, or set DATABASE_URL to run API and worker processes apart.',
    );
    process.exit(1);
  }
  // The server's logger settings (JSON lines, redaction), from a Fastify instance that never listens.
  const log = Fastify({ logger: loggerOptions(config.logLevel) }).log;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, log });
  await migrateToLatest(database.db);
  const mailer = createMailer(config.smtpUrl);
  const metrics = new Metrics({ processMetrics: true });
  const queue = new JobQueue({ config, db: database.db, clock: systemClock, mailer, log, stripe: createStripeClient(config), metrics });
  registerJobs(queue, moduleJobs);
  metrics.readFrom({ db: database.db, clock: systemClock, poolUse: () => database.poolUse(), jobKinds: () => queue.kindNames() });
  // A worker serves no HTTP: its metrics (job runs, syncs) are read on METRICS_PORT, when set.
  let metricsListener: MetricsListener | undefined;
  if (config.metrics.port !== undefined) {
    try {
      metricsListener = await listenForMetrics(metrics, { host: config.metrics.host, port: config.metrics.port, token: config.metrics.token });
    } catch (error) {
      console.error(listenErrorMessage(error, { port: config.metrics.port, host: config.metrics.host }, { port: 'METRICS_PORT', host: 'METRICS_HOST' }) ?? error);
      await database.close();
      process.exit(1);
    }
    log.info({ metrics: `http://${config.metrics.host}:${metricsListener.address.port}/metrics` }, 'metrics are served');
  }

  // The queue's timers do not hold a process open (the server's listener does), and a worker has
  // no listener: without this, losing its database connections would leave nothing to wait for,
  // and the worker would exit while the database is away.
  const keepRunning = setInterval(() => undefined, 60_000);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(keepRunning);
    log.info({ signal }, 'worker shutting down: finishing running jobs');
    const timer = setTimeout(() => {
      log.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await queue.stop();
      mailer.close();
      await metricsListener?.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  queue.start();
  log.info('Tradelist worker is running jobs');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
