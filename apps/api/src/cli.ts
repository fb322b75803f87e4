import { ConfigError, loadConfig } from './config/env.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedSampleData } from './db/seed.ts';

const usage = `Usage: node apps/api/dist/cli.js <command>

Commands:
  migrate   bring the database schema up to date
  seed      migrate, then load the sample data (demo accounts) that is missing
`;

/** The operator's command line. With the embedded database it must run while the server is stopped. */
async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateToLatest(database.db);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
        return 0;
      }
      case 'seed': {
        await migrateToLatest(database.db);
        if (config.env === 'production') {
          console.error('Refusing to create demo accounts with NODE_ENV=production.');
          return 1;
        }
        const { created } = await seedSampleData(database.db, new Date());
        console.log(created.length ? `Created demo accounts: ${created.join(', ')}` : 'Sample data already loaded.');
        return 0;
      }
      default:
        console.error(`Unknown command "${command}".\n\n${usage}`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
