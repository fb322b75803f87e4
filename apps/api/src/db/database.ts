import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { attachCopyOut, copyOutFromPGlite, copyOutFromPool } from './copy-out.ts';
import { migrations } from './migrations/index.ts';
import { PGlitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/**
 * Called by a service inside the transaction of its change, with what changed: an operator's
 * call records itself there (the audit log), so the record exists exactly when the change does.
 */
export type RecordChange<T> = (trx: Db, change: T) => Promise<void>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, otherwise the embedded
 * PGlite stored under `<dataDir>/pglite` (or an existing PGlite instance, which tests pass).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 30_000,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    attachCopyOut(db, copyOutFromPool(pool));
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl, a dataDir or a PGlite instance');
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  }
  const pool = new PGlitePool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  attachCopyOut(db, copyOutFromPGlite((run) => pool.exclusive(run)));
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** True for PostgreSQL's unique_violation (23505): a concurrent request stored the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
