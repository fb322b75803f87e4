import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { dumpPGlite, restoreEmbeddedDatabase } from '../src/db/embedded-backup.ts';
import { postgresBackupMessage, restoreWhileRunningMessage } from '../src/modules/operator/services/admin-database-commands.ts';
import { runAdminCommand } from '../src/modules/operator/services/run-admin-command.ts';
import { checkRestoredServer, fillDatabaseToBackUp, restoredServerEnv, type BackedUpData } from './support/backup-restore.ts';
import { freePort } from './support/ports.ts';
import { runCli, start, STARTUP_TIMEOUT_MS, waitUntilReady, type Started } from './support/processes.ts';
import { setUpSyncTest, type SyncTest } from './support/sync.ts';

/**
 * Backups of the embedded database that restore (decision 0035): `npm run admin -- backup <file>`
 * with the server running (the command goes through it) and stopped (the CLI opens the database),
 * and `restore <file>` into a fresh DATA_DIR, after which a server started there signs the user
 * in, downloads their list, shows their picture and syncs over their restored connection.
 * The data is made by the app in this process; a dump of it is the first restore.
 * With DATABASE_URL the source would be PostgreSQL: see postgres-backup.test.ts.
 */
const databaseUrl = process.env.DATABASE_URL;
const root = mkdtempSync(path.join(tmpdir(), 'tradelist-backup-'));
const running: Started[] = [];

let s: SyncTest;
setUpSyncTest({}, (setup) => (s = setup));

afterAll(async () => {
  for (const process of running) if (process.child.exitCode === null) process.child.kill('SIGKILL');
  await Promise.all(running.map((process) => process.exited));
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!!databaseUrl)(`npm run admin -- backup and restore of the embedded database${databaseUrl ? ' (skipped with DATABASE_URL: the source database is PostgreSQL)' : ''}`, () => {
  let data: BackedUpData;
  const machineA = path.join(root, 'a');
  const machineB = path.join(root, 'b');
  const whileRunning = path.join(root, 'backups', 'while-running.tar.gz');
  const whileStopped = path.join(root, 'backups', 'while-stopped.tar.gz');

  async function startServer(dataDir: string): Promise<Started & { base: string }> {
    const port = await freePort();
    const server = { ...start('server', { ...restoredServerEnv(s), DATA_DIR: dataDir, PORT: String(port), APP_URL: `http://localhost:${port}` }), base: `http://127.0.0.1:${port}` };
    running.push(server);
    await waitUntilReady({ apis: [server], workers: [] });
    return server;
  }

  async function stop(server: Started): Promise<void> {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }

  const cli = (dataDir: string, ...args: string[]) => runCli(args, { ...restoredServerEnv(s), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  test(
    'backed up with the server running and stopped; restored into a fresh DATA_DIR, a server there serves the user as before',
    async () => {
      data = await fillDatabaseToBackUp(s);
      const dump = path.join(root, 'source.tar.gz');
      writeFileSync(dump, await s.t.database.dumpEmbedded!());

      // A fresh machine: restore, start, back up through the running server.
      const first = await cli(machineA, 'restore', dump);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toContain(`Restored ${dump} into ${path.join(machineA, 'pglite')}.`);
      const serverA = await startServer(machineA);
      const backedUp = await cli(machineA, 'backup', whileRunning);
      expect(backedUp.code, backedUp.output).toBe(0);
      expect(backedUp.output).toMatch(new RegExp(`^Backed up the embedded database to ${whileRunning} \\(\\d+\\.\\d MB\\)\\.\\n`));
      expect(statSync(whileRunning).mode & 0o777).toBe(0o600);
      // Never over the database the server has open.
      const refused = await cli(machineA, 'restore', whileRunning);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(restoreWhileRunningMessage);
      expect(readdirSync(machineA).filter((name) => name.startsWith('pglite'))).toEqual(['pglite']);
      await stop(serverA);

      const stopped = await cli(machineA, 'backup', whileStopped);
      expect(stopped.code, stopped.output).toBe(0);

      // Another fresh machine, from the backup taken while the server ran.
      const restored = await cli(machineB, 'restore', whileRunning);
      expect(restored.code, restored.output).toBe(0);
      const serverB = await startServer(machineB);
      await checkRestoredServer(serverB.base, data);
      await stop(serverB);

      // Over an existing database (server stopped): the backup taken while stopped; the replaced one is kept.
      const over = await cli(machineB, 'restore', whileStopped);
      expect(over.code, over.output).toBe(0);
      const kept = readdirSync(machineB).filter((name) => name.startsWith('pglite-before-restore-'));
      expect(kept).toHaveLength(1);
      expect(over.output).toContain(`The database it replaced is in ${path.join(machineB, kept[0]!)}; delete that folder once you have checked the restored one.`);
      expect(existsSync(path.join(machineB, 'pglite', 'PG_VERSION'))).toBe(true);
    },
    6 * STARTUP_TIMEOUT_MS,
  );
});

describe('backup and restore, in process', () => {
  test('a backup never overwrites a file; with PostgreSQL the command points at pg_dump', async () => {
    const file = path.join(root, 'in-process', 'backup.tar.gz');
    const embedded = { kind: 'pglite' as const, dumpEmbedded: async () => new Uint8Array([1, 2, 3]) };
    expect(await runAdminCommand({ ...s.t.ctx, database: embedded }, ['backup', file], new Map())).toEqual({
      exitCode: 0,
      output: `Backed up the embedded database to ${file} (0.0 MB).\nRestore it, with the server stopped: npm run admin -- restore ${file}\n`,
    });
    expect(readFileSync(file)).toEqual(Buffer.from([1, 2, 3]));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await runAdminCommand({ ...s.t.ctx, database: { ...embedded, dumpEmbedded: async () => new Uint8Array([4]) } }, ['backup', file], new Map())).toEqual({
      exitCode: 1,
      output: `${file} already exists; choose another name (a backup never overwrites another).\n`,
    });
    expect(readFileSync(file)).toEqual(Buffer.from([1, 2, 3]));
    expect(readdirSync(path.dirname(file))).toEqual(['backup.tar.gz']);
    for (const command of ['backup', 'restore']) {
      expect(await runAdminCommand({ ...s.t.ctx, database: { kind: 'postgres' } }, [command, path.join(root, 'pg.dump')], new Map())).toEqual({ exitCode: 1, output: `${postgresBackupMessage}\n` });
    }
  });

  test.skipIf(!!databaseUrl)('a file that is not a backup, a database that is not ours, or a backup of a newer version changes nothing', async () => {
    const dir = path.join(root, 'refused');
    mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dir, 'pglite', 'marker'), 'the current database');
    // The test's own database with a migration this version does not know, and a copy without any.
    const future = '9999-from-a-newer-version';
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${future}, '2027-01-01T00:00:00.000Z')`.execute(s.t.database.db);
    const newer = await s.t.database.dumpEmbedded!();
    await sql`DELETE FROM kysely_migration WHERE name = ${future}`.execute(s.t.database.db);
    const copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(newer)]) });
    await copy.exec('DROP TABLE kysely_migration');
    const notOurs = await dumpPGlite(copy);
    await copy.close();
    const cases: Array<[Uint8Array, string]> = [
      [Buffer.from('not a backup'), 'This file is not a backup of the embedded database'],
      [notOurs, 'This file holds a database, but not a Tradelist one (it has no migrations).'],
      [newer, 'This backup was made by a newer version of Tradelist (migrations 9999-from-a-newer-version); restore it with that version.'],
    ];
    for (const [bytes, message] of cases) {
      await expect(restoreEmbeddedDatabase(dir, bytes, new Date())).rejects.toThrow(message);
      expect(readdirSync(dir)).toEqual(['pglite']);
      expect(readdirSync(path.join(dir, 'pglite'))).toEqual(['marker']);
    }
  }, 120_000);
});
