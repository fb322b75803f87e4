import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';

/**
 * A fresh, migrated database for one test file: a PGlite loaded from the base dump, or with
 * DATABASE_URL a PostgreSQL database copied from the template (dropped again by `close`; its
 * `url` lets a test open a second, independent pool, as a second server process would).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `tl_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    return {
      ...handle,
      url: url.toString(),
      close: async () => {
        await handle.close();
        await dropDatabaseWhenIdle(admin, name);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteBaseDump'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return openDatabase({ pglite });
}

/**
 * Drops a test database once its connections are gone. pg's pool.end() resolves before its
 * sockets have closed; dropping WITH (FORCE) at that moment makes the server kill a closing
 * connection, whose FATAL error nobody handles.
 */
export async function dropDatabaseWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
