import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import {
  acquireCliLock,
  CLI_LOCK_FILE,
  DataDirBusyError,
  findLiveServer,
  liveCliLockHolder,
  reserveDataDirForServer,
  SERVER_FILE,
  writeRunningServer,
} from '../../../db/data-dir-lock.ts';
import { insertCategory } from '../../catalog/repositories/catalog.ts';
import { runAdminCommand } from '../services/run-admin-command.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../../../..');
const TOKEN = 'k7Q2xW9vR4mN8pL3sT6yB1cF5hJ0dG2aZ4eU7iO9wXs';
const temporaryDirs: string[] = [];

function temporaryDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tradelist-admin-'));
  temporaryDirs.push(dir);
  return dir;
}

/** A pid that no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

function post(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/admin/cli/', payload: body as Record<string, unknown>, headers, remoteAddress });
}

describe('POST /api/admin/cli/', () => {
  let r: TestApp;
  setUpApiTest({ adminCliToken: TOKEN }, async (setup) => {
    ({ t: r } = setup);
    await insertCategory(r.database.db, { name: 'Electrical', slug: 'electrical', tagline: null, created_at: new Date() });
  });

  test('refuses a missing token (401), a wrong one (403) and any caller not on loopback (403)', async () => {
    const body = { argv: ['list-editions'] };
    const missing = await post(r.app, body);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const wrong = await post(r.app, body, { authorization: `Bearer ${TOKEN.slice(0, -1)}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'FORBIDDEN', error: 'The operator token is wrong.' });
    const notBearer = await post(r.app, body, { authorization: TOKEN });
    expect(notBearer.statusCode).toBe(403);
    const remote = await post(r.app, body, { authorization: `Bearer ${TOKEN}` }, '10.1.2.3');
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ error: 'Operator commands are accepted from this machine only.' });
  });

  test('runs the same runAdminCommand as the CLI, files included, without an XSRF token', async () => {
    const csv = 'sku,name,description,unit,group,cost\nEMT-CONN-SS-ZN-050,"1/2"" EMT Set-Screw Connector, Die-Cast Zinc",Zinc connector.,EA,Conduit Fittings,0.45\n';
    const imported = await post(
      r.app,
      { argv: ['import-edition', 'Electrical', 'list.csv', '--rundate', '2026-12-01'], files: { 'list.csv': Buffer.from(csv).toString('base64') } },
      { authorization: `Bearer ${TOKEN}` },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ exit_code: 0 });
    expect(imported.json().output).toContain('Imported: "Electrical Price List — December 2026" as ELECTRICAL-2026-12');

    for (const argv of [['list-editions'], ['list-editions', 'Roofing'], ['grant-subscription', 'nobody@example.com'], ['frobnicate']]) {
      const viaRoute = await post(r.app, { argv }, { authorization: `Bearer ${TOKEN}` });
      expect(viaRoute.statusCode).toBe(200);
      const direct = await runAdminCommand(r.ctx, argv, new Map());
      expect(viaRoute.json(), argv.join(' ')).toEqual({ exit_code: direct.exitCode, output: direct.output });
    }
  });

  test('validates the body and stays out of the OpenAPI document', async () => {
    const empty = await post(r.app, { argv: [] }, { authorization: `Bearer ${TOKEN}` });
    expect(empty.statusCode).toBe(400);
    const openapi = await r.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(openapi.json().paths)).not.toContain('/api/admin/cli/');
  });

  test('does not exist without a token (PostgreSQL: the CLI connects directly)', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.hasRoute({ method: 'POST', url: '/api/admin/cli/' })).toBe(false);
      const response = await post(plain.app, { argv: ['list-editions'] }, { authorization: `Bearer ${TOKEN}` });
      expect(response.statusCode).not.toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('the data directory lock', () => {
  test('cli.lock is exclusive while its process lives, and released by its holder only', () => {
    const dir = temporaryDir();
    const lock = acquireCliLock(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(path.join(dir, CLI_LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    expect(liveCliLockHolder(dir)).toBe(process.pid);
    expect(acquireCliLock(dir, 424242)).toEqual({ heldBy: process.pid });
    if ('release' in lock) lock.release();
    expect(existsSync(path.join(dir, CLI_LOCK_FILE))).toBe(false);
    expect(liveCliLockHolder(dir)).toBeNull();
  });

  test('a stale cli.lock (its process died) is taken over', () => {
    const dir = temporaryDir();
    writeFileSync(path.join(dir, CLI_LOCK_FILE), `${deadPid()}\n`);
    expect(liveCliLockHolder(dir)).toBeNull();
    const lock = acquireCliLock(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(path.join(dir, CLI_LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    if ('release' in lock) lock.release();
  });

  test('the server refuses to start while a live cli.lock exists, and writes nothing', async () => {
    const dir = temporaryDir();
    const lock = acquireCliLock(dir);
    const start = reserveDataDirForServer(dir, { port: 3000, host: '127.0.0.1', token: TOKEN }, { waitMs: 300, pid: 999_999 });
    await expect(start).rejects.toThrow(DataDirBusyError);
    await expect(start).rejects.toThrow(`An operator command (pid ${process.pid}) is using the embedded database in ${dir}. Wait for it to finish, then start the server again.`);
    expect(existsSync(path.join(dir, SERVER_FILE))).toBe(false);
    if ('release' in lock) lock.release();
  });

  test('the server starts over a stale cli.lock, announces itself in server.json (mode 0600) and removes it at shutdown', async () => {
    const dir = temporaryDir();
    writeFileSync(path.join(dir, CLI_LOCK_FILE), `${deadPid()}\n`);
    const reservation = await reserveDataDirForServer(dir, { port: 0, host: '127.0.0.1', token: TOKEN });
    const file = path.join(dir, SERVER_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ pid: process.pid, port: 0, host: '127.0.0.1', token: TOKEN });
    reservation.update({ port: 43_210, host: '127.0.0.1' });
    expect(findLiveServer(dir)).toEqual({ pid: process.pid, port: 43_210, host: '127.0.0.1', token: TOKEN });
    // A second server on the same directory is refused while the first lives.
    await expect(reserveDataDirForServer(dir, { port: 0, host: '127.0.0.1', token: 'other' }, { pid: 999_999 })).rejects.toThrow(/Another Tradelist server \(pid \d+, port 43210\)/);
    reservation.release();
    expect(existsSync(file)).toBe(false);
  });

  test('a server.json left by a dead server is not a live server', () => {
    const dir = temporaryDir();
    writeRunningServer(dir, { pid: deadPid(), port: 3000, host: '127.0.0.1', token: TOKEN });
    expect(findLiveServer(dir)).toBeNull();
  });
});

describe('npm run admin (the CLI process)', () => {
  const children: Array<ReturnType<typeof spawn>> = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  /** Runs the CLI from source as `npm run admin` runs the built one. DATABASE_URL is left out: these are PGlite cases. */
  function cli(
    args: string[],
    dataDir: string,
  ): { child: ReturnType<typeof spawn>; stderrSoFar: () => string; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', ...args], { cwd: root, env });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
    return { child, stderrSoFar: () => stderr, done };
  }

  test('goes through the running server named in server.json, without opening the database itself', async () => {
    const r = await createTestApp({ adminCliToken: TOKEN });
    try {
      await insertCategory(r.database.db, { name: 'Electrical', slug: 'electrical', tagline: null, created_at: new Date() });
      await r.app.listen({ port: 0, host: '127.0.0.1' });
      const dir = temporaryDir();
      writeRunningServer(dir, { pid: process.pid, port: (r.app.server.address() as AddressInfo).port, host: '127.0.0.1', token: TOKEN });
      const file = path.join(dir, 'list.csv');
      writeFileSync(file, 'sku,name,description,unit,group,cost\nBRK-PO-1P-20,20 A 1-Pole Plug-On Circuit Breaker,Plug-on breaker.,EA,Breakers,9.80\n');

      const imported = await cli(['import-edition', 'electrical', file, '--rundate', '2026-12-01'], dir).done;
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain('as ELECTRICAL-2026-12, run date 2026-12-01, paid, 1 items.');
      const listed = await cli(['list-editions'], dir).done;
      expect(listed.code).toBe(0);
      expect(listed.stdout).toBe((await runAdminCommand(r.ctx, ['list-editions'], new Map())).output);
      const refused = await cli(['list-editions', 'Roofing'], dir).done;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('There is no category "Roofing".');
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
      expect(existsSync(path.join(dir, CLI_LOCK_FILE))).toBe(false);
    } finally {
      await r.close();
    }
  });

  test('without a server it waits for another command’s cli.lock, then opens PGlite itself and releases the lock', async () => {
    const dir = temporaryDir();
    const held = acquireCliLock(dir);
    const migrate = cli(['migrate'], dir);
    const waiting = `Waiting for another operator command (pid ${process.pid}) to finish...`;
    for (let i = 0; i < 150 && !migrate.stderrSoFar().includes(waiting); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(migrate.stderrSoFar()).toContain(waiting);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(migrate.child.exitCode).toBeNull();
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
    if ('release' in held) held.release();
    const migrated = await migrate.done;
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(/^Applied: 0001-accounts, 0002-catalog/);
    const listed = await cli(['list-editions'], dir).done;
    expect(listed).toMatchObject({ code: 0, stdout: 'No editions yet.\n' });
    expect(existsSync(path.join(dir, CLI_LOCK_FILE))).toBe(false);
    const missing = await cli(['import-edition', 'Electrical', path.join(dir, 'nowhere.csv')], dir).done;
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
  }, 60_000);
});
