import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';

/** The only file that listens. Graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const { app } = await buildApp({ config, database });

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
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.appUrl, database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL' },
    'Tradelist is listening',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
