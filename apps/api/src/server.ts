import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp, loggerOptions } from './app.ts';
import { preparePrivateDataDir } from './config/data-dir.ts';
import { loadConfigOrExit } from './config/env.ts';
import { DataDirBusyError, reserveDataDirForServer, type ServerReservation } from './db/data-dir-lock.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { systemClock } from './lib/clock.ts';
import { listenErrorMessage } from './lib/listen-error.ts';
import { randomToken } from './lib/secrets.ts';
import { createDatabaseUploadStore } from './storage/database-upload-store.ts';
import { moveUploadsIntoStore } from './storage/move-disk-uploads.ts';

/** How long a starting server waits for an operator command that holds the embedded database. */
const CLI_LOCK_WAIT_MS = 10_000;

/** The only file that listens. Graceful shutdown on SIGTERM/SIGINT. */
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
  await moveUploadsIntoStore(createDatabaseUploadStore(database.db, systemClock), config.dataDir, databaseLog);
  // app.ts registers routes/admin-cli.ts with this token (only set with the embedded database).
  const appOptions = { config, database, adminCliToken, startWorkers: config.runWorkers };
  const { app } = await buildApp(appOptions);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests and jobs');
    const timer = setTimeout(() => {
      app.log.error('shutdown took over 25 s; exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      await app.close();
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
  app.log.info(
    { url: config.appUrl, database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL', runsJobs: config.runWorkers },
    'Tradelist is listening',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
