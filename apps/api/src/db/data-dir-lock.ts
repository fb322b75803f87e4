/**
 * Who may open the embedded PGlite files under DATA_DIR (docs/decisions/0001: one process per
 * data directory). The server announces itself in `<DATA_DIR>/server.json` (pid, address and a
 * token for the operator route); an operator command that finds no live server takes
 * `<DATA_DIR>/cli.lock` before opening the database itself. Each side writes its own file first
 * and then looks for the other's, so two processes starting at once cannot both go ahead.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export const SERVER_FILE = 'server.json';
export const CLI_LOCK_FILE = 'cli.lock';

/** What `server.json` holds: where the running server listens and the token of its operator route. */
export interface RunningServer {
  pid: number;
  port: number;
  host: string;
  token: string;
}

/** Thrown when another live process holds the data directory; the message says what to do. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    message: string,
    readonly holderPid: number,
  ) {
    super(message);
  }
}

/** True while a process with this pid exists (EPERM means it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The contents of server.json, whether or not its process still runs; null when absent or unreadable. */
export function readRunningServer(dataDir: string): RunningServer | null {
  const text = readText(path.join(dataDir, SERVER_FILE));
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<RunningServer>;
    if (typeof value.pid !== 'number' || typeof value.port !== 'number' || typeof value.host !== 'string' || typeof value.token !== 'string') {
      return null;
    }
    return { pid: value.pid, port: value.port, host: value.host, token: value.token };
  } catch {
    return null;
  }
}

/** The running server announced in server.json, if its process is alive. */
export function findLiveServer(dataDir: string): RunningServer | null {
  const server = readRunningServer(dataDir);
  return server && isProcessAlive(server.pid) ? server : null;
}

/** Writes server.json atomically, readable by its owner only (it holds the operator token). */
export function writeRunningServer(dataDir: string, server: RunningServer): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SERVER_FILE);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(server)}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/** Removes server.json if it is this process's (a newer server's file is left alone). */
export function removeRunningServer(dataDir: string, pid = process.pid): void {
  if (readRunningServer(dataDir)?.pid === pid) rmSync(path.join(dataDir, SERVER_FILE), { force: true });
}

/** The pid in cli.lock if that process is alive; null when there is no lock or it is stale. */
export function liveCliLockHolder(dataDir: string): number | null {
  const text = readText(path.join(dataDir, CLI_LOCK_FILE));
  if (text === null) return null;
  const pid = Number.parseInt(text.trim(), 10);
  return isProcessAlive(pid) ? pid : null;
}

export interface CliLock {
  /** Removes the lock file (only if it is still this process's). */
  release(): void;
}

/**
 * Takes cli.lock with O_EXCL, writing this process's pid. A lock left by a process that has died
 * is taken over; a live one is returned as `{ heldBy }`.
 */
export function acquireCliLock(dataDir: string, pid = process.pid): CliLock | { heldBy: number } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, CLI_LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = liveCliLockHolder(dataDir);
      if (holder !== null) return { heldBy: holder };
      // Stale: its process died without releasing. Remove it and try again.
      rmSync(file, { force: true });
      continue;
    }
    // Two processes taking over the same stale lock: only the one whose pid stayed in it wins.
    if (readText(file)?.trim() !== String(pid)) {
      const holder = liveCliLockHolder(dataDir);
      if (holder !== null) return { heldBy: holder };
      continue;
    }
    return {
      release: () => {
        if (readText(file)?.trim() === String(pid)) rmSync(file, { force: true });
      },
    };
  }
  throw new Error(`Could not take ${file}; remove it if no operator command is running.`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns null or `timeoutMs` passes; returns its last answer. */
export async function waitUntilNull<T>(check: () => T | null, timeoutMs: number, intervalMs = 200): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  let value = check();
  while (value !== null && Date.now() < deadline) {
    await sleep(intervalMs);
    value = check();
  }
  return value;
}

export interface ServerReservation {
  /** Rewrites server.json with the address the server actually listens on. */
  update(address: { port: number; host: string }): void;
  /** Removes server.json (at shutdown). */
  release(): void;
}

/**
 * The server's start check with the embedded database: refuses (DataDirBusyError) while another
 * live server holds the directory or an operator command holds cli.lock (after waiting up to
 * `waitMs` for it to finish), otherwise writes server.json and returns the reservation.
 */
export async function reserveDataDirForServer(
  dataDir: string,
  server: Omit<RunningServer, 'pid'>,
  options: { waitMs?: number; pid?: number } = {},
): Promise<ServerReservation> {
  const pid = options.pid ?? process.pid;
  const waitMs = options.waitMs ?? 0;
  const otherServer = await waitUntilNull(() => {
    const live = findLiveServer(dataDir);
    return live && live.pid !== pid ? live : null;
  }, waitMs);
  if (otherServer) {
    throw new DataDirBusyError(
      `Another Tradelist server (pid ${otherServer.pid}, port ${otherServer.port}) is using the embedded database in ${dataDir}. Stop it first, or give this one another DATA_DIR.`,
      otherServer.pid,
    );
  }
  let current: RunningServer = { ...server, pid };
  writeRunningServer(dataDir, current);
  const cliHolder = await waitUntilNull(() => liveCliLockHolder(dataDir), waitMs);
  if (cliHolder !== null) {
    removeRunningServer(dataDir, pid);
    throw new DataDirBusyError(
      `An operator command (pid ${cliHolder}) is using the embedded database in ${dataDir}. Wait for it to finish, then start the server again.`,
      cliHolder,
    );
  }
  return {
    update: (address) => {
      current = { ...current, ...address };
      writeRunningServer(dataDir, current);
    },
    release: () => removeRunningServer(dataDir, pid),
  };
}
