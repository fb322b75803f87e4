import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { checkRestoredServer, fillDatabaseToBackUp, restoredServerEnv } from './support/backup-restore.ts';
import { freePort } from './support/ports.ts';
import { start, STARTUP_TIMEOUT_MS, waitUntilReady, type Started } from './support/processes.ts';
import { setUpSyncTest, type SyncTest } from './support/sync.ts';

/**
 * PostgreSQL backups that restore (docs/backups.md, decision 0035): the procedure of the docs,
 * `pg_dump --format=custom` of a database with users, a subscription, editions, a picture and
 * sync records, then `pg_restore --no-owner` into a fresh database, on which a server is started:
 * the user signs in, downloads their list, sees their picture and syncs over their connection.
 */
const databaseUrl = process.env.DATABASE_URL;
const run = promisify(execFile);

let s: SyncTest;
setUpSyncTest({}, (setup) => (s = setup));

describe.skipIf(!databaseUrl)(`pg_dump and pg_restore into a fresh database${databaseUrl ? '' : ' (skipped: set DATABASE_URL)'}`, () => {
  const restoredName = `tl_restored_${randomBytes(6).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'tradelist-pg-backup-'));
  let server: (Started & { base: string }) | undefined;
  let admin: pg.Client | undefined;

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'a dump restored into a fresh database serves the user as before',
    async () => {
      const data = await fillDatabaseToBackUp(s);
      const source = (s.t.database as { url?: string }).url!;
      const dump = path.join(dir, 'tradelist.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${source}`]);

      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${restoredName}`);
      const restored = new URL(databaseUrl!);
      restored.pathname = `/${restoredName}`;
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${restored.toString()}`, dump]);

      const port = await freePort();
      server = {
        ...start('server', { ...restoredServerEnv(s), DATABASE_URL: restored.toString(), DATA_DIR: path.join(dir, 'data'), PORT: String(port), APP_URL: `http://localhost:${port}` }),
        base: `http://127.0.0.1:${port}`,
      };
      await waitUntilReady({ apis: [server], workers: [] });
      await checkRestoredServer(server.base, data);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    3 * STARTUP_TIMEOUT_MS,
  );
});
