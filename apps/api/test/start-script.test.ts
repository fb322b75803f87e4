import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { waitForOurServer } from '../../../scripts/wait-for-our-server.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp } from './support/test-app.ts';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** Another program on a port: answers every request with 200 and JSON, like many dev servers. */
async function foreignServer(body: unknown = { ok: true }): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'someone-elses-id' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

/** Runs `npm start`'s script without building; resolves with its exit code and output. */
function runStart(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['scripts/start.ts', '--no-build'], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm start with a taken port', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tradelist-start-'));
    dirs.push(dir);
    return dir;
  };

  test('PORT held by another program: one line naming the port and PORT, exit 1, never "running"', async () => {
    const { server, port } = await foreignServer();
    try {
      const result = await runStart({ PORT: String(port), SIM_SMTP_PORT: '0', SIM_INBOX_PORT: '0', SIM_GOOGLE_PORT: '0', DATA_DIR: dataDir() });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`Tradelist cannot listen on 127.0.0.1:${port}: the port is already in use by another program. Set PORT to a free port.`);
      expect(result.stdout).not.toContain('Tradelist is running');
    } finally {
      await closeServer(server);
    }
  });

  test.each([
    ['SIM_SMTP_PORT', 'The SMTP simulator'],
    ['SIM_INBOX_PORT', 'The mail inbox (SMTP simulator)'],
    ['SIM_GOOGLE_PORT', 'The Google sign-in simulator'],
  ])('%s held by another program: one line naming it, no stack trace, exit 1', async (variable, listener) => {
    const { server, port } = await foreignServer();
    const appPort = await foreignServer();
    await closeServer(appPort.server); // a port that was free a moment ago
    try {
      const result = await runStart({
        PORT: String(appPort.port),
        SIM_SMTP_PORT: '0',
        SIM_INBOX_PORT: '0',
        SIM_GOOGLE_PORT: '0',
        [variable]: String(port),
        DATA_DIR: dataDir(),
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`${listener} cannot listen on 127.0.0.1:${port}: the port is already in use by another program. Set ${variable} to a free port.`);
      expect(result.stdout).not.toContain('Tradelist is running');
    } finally {
      await closeServer(server);
    }
  });

  test('two variables with the same port are refused before anything starts', async () => {
    const result = await runStart({ PORT: '3999', SIM_INBOX_PORT: '3999', DATA_DIR: dataDir() });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('PORT and SIM_INBOX_PORT are both 3999: give each its own port.');
  });
});

describe('waitForOurServer', () => {
  let t: TestApp;
  let children: ChildProcess[] = [];
  setUpApiTest({}, async (setup) => {
    ({ t } = setup);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const child of children) child.kill('SIGKILL');
    children = [];
  });
  /** A process that stays alive, standing in for a server that is still starting. */
  const aliveChild = () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    children.push(child);
    return child;
  };

  test('ready when our app answers with the APP_URL it was given', async () => {
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(await waitForOurServer(url, aliveChild(), { appUrl: t.config.appUrl }, 5_000)).toEqual({ outcome: 'ready' });
    // The same app under another expected APP_URL is not the server this command started.
    expect(await waitForOurServer(url, aliveChild(), { appUrl: 'http://localhost:1' }, 800)).toEqual({ outcome: 'timeout' });
  });

  test('another program answering 200, even with the same app_url, is never taken for ours', async () => {
    const { server, port } = await foreignServer({ app_url: t.config.appUrl });
    try {
      const started = Date.now();
      expect(await waitForOurServer(`http://127.0.0.1:${port}`, aliveChild(), { appUrl: t.config.appUrl }, 1_000)).toEqual({ outcome: 'timeout' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    } finally {
      await closeServer(server);
    }
  });

  test('a server process that exits ends the wait at once with its code', async () => {
    const { server, port } = await foreignServer();
    try {
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => process.exit(3), 300)']);
      const started = Date.now();
      expect(await waitForOurServer(`http://127.0.0.1:${port}`, child, { appUrl: 'http://localhost:3000' }, 10_000)).toEqual({ outcome: 'exited', code: 3 });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await closeServer(server);
    }
  });

  test('nothing listening: times out, never ready', async () => {
    const { server, port } = await foreignServer();
    await closeServer(server);
    expect(await waitForOurServer(`http://127.0.0.1:${port}`, aliveChild(), { appUrl: 'http://localhost:3000' }, 700)).toEqual({ outcome: 'timeout' });
  });
});
