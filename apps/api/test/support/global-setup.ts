import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump that each test file loads. */
    pgliteBaseDump: string;
    /** PostgreSQL: the migrated template database each test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one base database for the whole API tier ("a migrated base test database
 * copied per test"): a PGlite dump, or with DATABASE_URL a PostgreSQL template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `tl_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteBaseDump', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }
  const dir = path.resolve('.tmp', `api-test-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create();
  const handle = await openDatabase({ pglite });
  await migrateToLatest(handle.db);
  const dump = await pglite.dumpDataDir('gzip');
  const file = path.join(dir, 'base.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteBaseDump', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
