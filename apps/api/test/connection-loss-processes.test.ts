import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpSimulator, type InboxMessage, type SmtpSimulator } from '@tradelist/simulators/smtp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { extractLink, uniqueEmail } from './support/accounts.ts';
import { freePort } from './support/ports.ts';
import { Browser, start, STARTUP_TIMEOUT_MS, waitFor, waitUntilReady, type Started } from './support/processes.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

/**
 * Issue 17 §3 with real processes: an API process (WORKERS=0) and a worker on PostgreSQL, reached
 * through a TCP relay in this test (the shared server is never stopped). Every connection of both
 * is ended with pg_terminate_backend, then the database is taken away for a few seconds (the relay
 * refuses connections and cuts the open ones). Neither process may exit: the API answers 503
 * meanwhile, then 200 again, and the worker runs a job queued afterwards, without a restart.
 */
const databaseUrl = process.env.DATABASE_URL;
const API_NAME = 'tradelist_loss_api';
const WORKER_NAME = 'tradelist_loss_worker';
const OUTAGE_MS = 3_000;

describe.skipIf(!databaseUrl)(`processes that lose their database connections${databaseUrl ? '' : ' (skipped: set DATABASE_URL)'}`, () => {
  const name = `tl_loss_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let proxy: TcpProxy;
  let smtp: SmtpSimulator;
  let dataDir: string;
  let api: Started & { base: string };
  let worker: Started;
  const browser = new Browser();
  const email = uniqueEmail('survivor');
  const password = 'the database came back';

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const direct = new URL(databaseUrl!);
    direct.pathname = `/${name}`;
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = (applicationName: string) => {
      const url = new URL(proxy.urlFor(direct.toString()));
      url.searchParams.set('application_name', applicationName);
      return url.toString();
    };
    smtp = await startSmtpSimulator({ smtpPort: 0, httpPort: 0 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-loss-'));
    const port = await freePort();
    const common = { APP_URL: `http://localhost:${port}`, DATA_DIR: dataDir, SMTP_URL: smtp.smtpUrl };
    api = { ...start('server', { ...common, DATABASE_URL: viaProxy(API_NAME), PORT: String(port), WORKERS: '0' }), base: `http://127.0.0.1:${port}` };
    worker = start('worker', { ...common, DATABASE_URL: viaProxy(WORKER_NAME) });
    await waitUntilReady({ apis: [api], workers: [worker] });
  }, STARTUP_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    for (const running of [api, worker]) if (running?.child.exitCode === null) running.child.kill('SIGKILL');
    await Promise.all([api, worker].map((running) => running?.exited));
    await proxy?.close();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  const bothRunning = () => {
    expect(api.child.exitCode, api.output()).toBeNull();
    expect(worker.child.exitCode, worker.output()).toBeNull();
  };

  const inbox = async (to: string): Promise<InboxMessage[]> =>
    (await fetch(`${smtp.inboxUrl}/api/messages?to=${encodeURIComponent(to)}`)).json() as Promise<InboxMessage[]>;

  /** Registers through the API process and waits for the worker to send the activation mail (a queued job). */
  async function registerAndReceiveMail(address: string, timeoutMs = 30_000): Promise<InboxMessage> {
    const response = await browser.call(api.base, 'POST', '/api/register/', { username: 'Survivor', email: address, password, password2: password });
    expect(response.status).toBe(201);
    const [mail] = await waitFor(`the activation mail to ${address}`, async () => {
      const messages = await inbox(address);
      return messages.length > 0 ? messages : undefined;
    }, timeoutMs);
    return mail!;
  }

  /** Ends every connection to the test's database from the server side; returns the application names hit. */
  async function terminateAll(): Promise<string[]> {
    // In the select list, so it runs for the filtered rows only (a WHERE clause may call it on any row).
    const { rows } = await admin.query<{ application_name: string; ended: boolean }>(
      'SELECT application_name, pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return rows.filter((row) => row.ended).map((row) => row.application_name);
  }

  test('both keep serving after pg_terminate_backend of all their connections', async () => {
    const link = extractLink((await registerAndReceiveMail(email)).text, 'activate');
    expect((await browser.call(api.base, 'POST', '/api/activate/', { uid: link.uid, token: link.token })).status).toBe(200);
    expect((await browser.call(api.base, 'POST', '/api/login_page/', { email, password })).status).toBe(200);
    expect((await browser.call(api.base, 'GET', '/api/me/')).status).toBe(200);

    // The API's connection is idle in its pool since the call above; the worker polls every second.
    const ended = await terminateAll();
    expect(ended).toContain(API_NAME);
    expect(ended).toContain(WORKER_NAME);
    await waitFor('both processes to notice', async () =>
      api.output().includes('database connection lost') && worker.output().includes('database connection lost') ? true : undefined,
    );
    bothRunning();
    expect((await browser.call(api.base, 'GET', '/api/me/')).status).toBe(200);
    await registerAndReceiveMail(uniqueEmail('after-terminate'));
    bothRunning();
  });

  test('during a short outage the API answers 503; afterwards 200, and the worker runs a queued job, without a restart', async () => {
    await proxy.interrupt();
    const outageEnds = Date.now() + OUTAGE_MS;
    const during = await browser.call(api.base, 'GET', '/api/me/');
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.stringMatching(/try again/i) });
    await waitFor('the worker to back off', async () => (worker.output().includes('the database cannot be reached') ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
    expect((await browser.call(api.base, 'GET', '/api/me/')).status).toBe(503);
    bothRunning();

    await proxy.resume();
    const me = await browser.call(api.base, 'GET', '/api/me/');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    await registerAndReceiveMail(uniqueEmail('after-outage'));
    bothRunning();

    for (const running of [api, worker]) running.child.kill('SIGTERM');
    expect(await Promise.all([api, worker].map((running) => running.exited))).toEqual([0, 0]);
  });
});
