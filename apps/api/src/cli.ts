import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { preparePrivateDataDir } from './config/data-dir.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { acquireCliLock, findLiveServer, type RunningServer } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { BackupError, EMBEDDED_DIR, restoreEmbeddedDatabase } from './db/embedded-backup.ts';
import { systemClock } from './lib/clock.ts';
import { createDatabaseUploadStore } from './storage/database-upload-store.ts';
import { adminUsage, fileArguments, runAdminCommand } from './modules/operator/services/run-admin-command.ts';

/** Files above this size are refused before anything is sent (the server route takes 64 MB of base64). */
const MAX_FILE_BYTES = 45 * 1024 * 1024;
/** How long the CLI waits for another operator command, or for a starting server to answer. */
const WAIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The operator's command line (issue 3 §1): `npm run admin -- <command>`. With DATABASE_URL it
 * connects directly. With the embedded PGlite, which only one process may open
 * (docs/decisions/0001), it hands the command to the running server when there is one
 * (DATA_DIR/server.json), otherwise takes DATA_DIR/cli.lock and opens the database itself.
 */
async function main(givenArgv: string[]): Promise<number> {
  let argv = givenArgv;
  const command = argv[0];
  if (!command || command === 'help' || command === '--help') {
    console.log(adminUsage);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  // DATA_DIR private, and nothing this process creates writable by group or others (docs/decisions/0023).
  preparePrivateDataDir(config.dataDir);
  // A backup's file is named from the folder the operator typed the command in (npm passes it as
  // INIT_CWD), whichever process writes or reads it.
  if ((command === 'backup' || command === 'restore') && argv[1] !== undefined) {
    argv = [command, path.resolve(process.env.INIT_CWD || process.cwd(), argv[1]), ...argv.slice(2)];
  }
  const files = new Map<string, Uint8Array>();
  for (const file of fileArguments(argv)) {
    try {
      if (statSync(file).size > MAX_FILE_BYTES) {
        console.error(`${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
        return 1;
      }
      files.set(file, readFileSync(file));
    } catch (error) {
      console.error(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}.`);
      return 1;
    }
  }
  return config.databaseUrl ? runHere(config, argv, files) : runWithEmbeddedDatabase(config, argv, files);
}

function print(exitCode: number, output: string): number {
  (exitCode === 0 ? process.stdout : process.stderr).write(output);
  return exitCode;
}

/** Opens the database in this process and runs the command (`restore` of the embedded one replaces it unopened). */
async function runHere(config: Config, argv: string[], files: Map<string, Uint8Array>): Promise<number> {
  if (argv[0] === 'restore' && !config.databaseUrl && argv.length === 2) return restoreHere(config, argv[1]!);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await runAdminCommand({ db: database.db, clock: systemClock, config, uploads: createDatabaseUploadStore(database.db, systemClock), database }, argv, files);
    return print(result.exitCode, result.output);
  } finally {
    await database.close();
  }
}

/**
 * `restore <file>` of the embedded database, under cli.lock with no server running: the backup
 * takes the place of DATA_DIR/pglite, and the database it replaces is kept beside it.
 */
async function restoreHere(config: Config, file: string): Promise<number> {
  let backup: Uint8Array;
  try {
    backup = await readFile(file);
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}.`);
    return 1;
  }
  try {
    const { previous } = await restoreEmbeddedDatabase(config.dataDir, backup, new Date());
    const lines = [`Restored ${file} into ${path.join(config.dataDir, EMBEDDED_DIR)}.`];
    if (previous) lines.push(`The database it replaced is in ${previous}; delete that folder once you have checked the restored one.`);
    lines.push('Start the server: it brings the schema up to date.');
    return print(0, `${lines.join('\n')}\n`);
  } catch (error) {
    if (error instanceof BackupError) return print(1, `${error.message} Nothing was changed.\n`);
    throw error;
  }
}

/** Through the running server if there is one, else here under cli.lock. */
async function runWithEmbeddedDatabase(config: Config, argv: string[], files: Map<string, Uint8Array>): Promise<number> {
  const deadline = Date.now() + WAIT_MS;
  let toldWaiting = false;
  for (;;) {
    const server = findLiveServer(config.dataDir);
    if (server) {
      const exitCode = await sendToServer(config.dataDir, server, argv, files, deadline);
      if (exitCode !== 'gone') return exitCode;
      continue;
    }
    const lock = acquireCliLock(config.dataDir);
    if ('heldBy' in lock) {
      if (Date.now() > deadline) {
        console.error(`Another operator command (pid ${lock.heldBy}) still holds ${config.dataDir}/cli.lock. Try again when it has finished.`);
        return 1;
      }
      if (!toldWaiting) console.error(`Waiting for another operator command (pid ${lock.heldBy}) to finish...`);
      toldWaiting = true;
      await sleep(250);
      continue;
    }
    try {
      // A server that started while we took the lock wins: go through it instead.
      if (findLiveServer(config.dataDir)) continue;
      return await runHere(config, argv, files);
    } finally {
      lock.release();
    }
  }
}

function adminUrl(server: RunningServer): string {
  // A server listening on every interface is reached on loopback (the route accepts nothing else).
  const host = server.host === '0.0.0.0' || server.host === '::' || server.host === '' ? '127.0.0.1' : server.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${server.port}/api/admin/cli/`;
}

/**
 * POSTs the command to the running server and prints its answer. 'gone' when the server stopped
 * before answering (the caller then runs the command itself).
 */
async function sendToServer(
  dataDir: string,
  first: RunningServer,
  argv: string[],
  files: Map<string, Uint8Array>,
  deadline: number,
): Promise<number | 'gone'> {
  const body = JSON.stringify({ argv, files: Object.fromEntries([...files].map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')])) });
  let server = first;
  for (;;) {
    let response: Response | null = null;
    try {
      response = await fetch(adminUrl(server), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
        body,
      });
    } catch {
      // Not listening (yet, or any more).
    }
    if (response?.status === 200) {
      const answer = (await response.json()) as { exit_code: number; output: string };
      return print(answer.exit_code, answer.output);
    }
    if (response && response.status !== 503) {
      const answer = (await response.json().catch(() => ({}))) as { code?: string; error?: string };
      // Without the operator route, the POST meets the XSRF check of the unknown URL (or a 404).
      if (response.status === 404 || answer.code === 'CSRF_FAILED') {
        console.error(`The running server (pid ${server.pid}) does not take operator commands. Restart it with this version, or stop it and try again.`);
      } else {
        console.error(`The running server (pid ${server.pid}) refused the command: ${answer.error ?? `HTTP ${response.status}`}`);
      }
      return 1;
    }
    // Starting up or shutting down: wait, following server.json.
    const current = findLiveServer(dataDir);
    if (!current || current.pid !== server.pid) return 'gone';
    server = current;
    if (Date.now() > deadline) {
      console.error(`The server (pid ${server.pid}) holds the embedded database in ${dataDir} but does not answer at ${adminUrl(server)}. Stop it, or try again once it has started.`);
      return 1;
    }
    await sleep(300);
  }
}

main(process.argv.slice(2))
  .then((code) => process.stdout.write('', () => process.exit(code)))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
