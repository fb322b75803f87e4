import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { preparePrivateDataDir, removeGroupAndOtherWrite } from '../config/data-dir.ts';
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

/** Where a PostgreSQL connection's failure is reported (the process's logger). */
export interface ConnectionErrorLog {
  warn(details: object, message: string): void;
}

/** Without a logger (the operator CLI, tests): one line on stderr. */
const stderrLog: ConnectionErrorLog = {
  warn: (details, message) => console.warn(message, details),
};

/** How the connection pool is used right now (the metrics read it at each scrape). */
export interface PoolUse {
  /** The most connections the pool opens. */
  max: number;
  /** Connections open, idle ones included. */
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  poolUse(): PoolUse;
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
  /** Reports connections PostgreSQL ended or that broke (stderr when unset). */
  log?: ConnectionErrorLog;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const max = 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 30_000,
    });
    handleConnectionErrors(pool, options.log ?? stderrLog);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    attachCopyOut(db, copyOutFromPool(pool));
    const poolUse = () => ({ max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', poolUse, close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl, a dataDir or a PGlite instance');
    preparePrivateDataDir(options.dataDir);
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
    // A new PGlite data directory is written with mode 0666 whatever the umask (files PGlite makes
    // later follow the umask): none may stay writable by group or others.
    removeGroupAndOtherWrite(dir);
  }
  const pool = new PGlitePool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  attachCopyOut(db, copyOutFromPGlite((run) => pool.exclusive(run)));
  return { db, kind: 'pglite', poolUse: () => pool.use(), close: () => db.destroy() };
}

/**
 * Keeps a lost connection from ending the process. `pg` emits 'error' on a client whose
 * connection fails (PostgreSQL restarted or failed over, an administrator or a proxy ended it),
 * and on the pool for an idle one; an 'error' event without a listener throws. Each connection
 * gets a listener for its whole life (idle or checked out, COPY included) that logs the failure
 * once; the pool has already dropped an idle one, and a checked-out one is dropped when it is
 * released, so the next query opens a fresh connection. The query that was running fails with
 * the error, which the caller sees (a request answers 503, a job is retried).
 */
function handleConnectionErrors(pool: pg.Pool, log: ConnectionErrorLog): void {
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error: Error & { code?: string }) => {
      if (reported) return;
      reported = true;
      log.warn({ err: error, code: error.code }, 'database connection lost; the pool opens a new one when needed');
    });
  });
  // Idle clients: the listener above has logged it and the pool has removed the client.
  pool.on('error', () => undefined);
}

/** True for PostgreSQL's unique_violation (23505): a concurrent request stored the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The migrations of this build that the database has not run (readiness: a process whose schema
 * is behind its code is not ready). Migrations run by a newer build are not counted.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const done = new Set(rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !done.has(name));
}

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
