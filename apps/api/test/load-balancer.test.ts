import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { xsrfCookieName } from '@tradelist/contract/public-config';
import { startSmtpSimulator, type InboxMessage, type SmtpSimulator } from '@tradelist/simulators/smtp';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { insertUser } from '../src/modules/accounts/repositories/users.ts';
import { hashPassword } from '../src/security/passwords.ts';
import { uniqueEmail } from './support/accounts.ts';
import { createCatalogFixture, type CatalogFixture } from './support/catalog.ts';
import { sampleValue } from './support/metrics.ts';
import { freePort } from './support/ports.ts';
import { Browser, bundleEntryPoints, start, STARTUP_TIMEOUT_MS, waitFor, waitUntilReady, type Started } from './support/processes.ts';
import { dropDatabaseWhenIdle } from './support/test-database.ts';

/**
 * Rolling restarts behind a load balancer (docs/production.md), with real processes: HAProxy
 * running deploy/haproxy.cfg as it is (TLS terminated there, health checks on /readyz), two API
 * processes (WORKERS=0, each with its own DATA_DIR) and one worker on one fresh PostgreSQL
 * database. For 30 seconds, clients over HTTPS read, sign in, save markups, download lists and
 * register, while each API process in turn is stopped with SIGTERM and started again. Every
 * request must succeed at the client, every job must run, and each registration must bring
 * exactly one email. The figures are printed.
 */
const databaseUrl = process.env.DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const HAPROXY_CONFIG = path.join(repositoryRoot, 'deploy/haproxy.cfg');
const LOAD_SECONDS = 30;
/** DRAIN_DELAY_MS: (fall + 1) x inter of the health check in deploy/haproxy.cfg. */
const DRAIN_DELAY_MS = 3_000;
const VIRTUAL_USERS = 6;
const WORKER_FROM = 'worker@tradelist.test';

/** HAProxy's program: on PATH, or where Debian puts it (/usr/sbin is not on every PATH). */
function findHaproxy(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(path.join(dir, 'haproxy'), constants.X_OK);
      return path.join(dir, 'haproxy');
    } catch {
      // not here
    }
  }
  return undefined;
}
const haproxyPath = findHaproxy();
// CI installs HAProxy (.ci/run): there, a missing one fails the test instead of skipping it.
const skipReason = !databaseUrl
  ? ' (skipped: set DATABASE_URL; the embedded PGlite can be opened by one process only)'
  : !haproxyPath && !process.env.CI
    ? ' (skipped: HAProxy is not installed; apt-get install haproxy)'
    : '';

/** A response as the load's clients see it. */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A browser over HTTPS through the balancer: its own connections (keep-alive), one cookie jar,
 * and the XSRF header and Origin the web app sends.
 */
class HttpsBrowser {
  private readonly cookies = new Map<string, string>();
  private readonly agent: https.Agent;

  constructor(
    private readonly port: number,
    private readonly ca: Buffer,
    private readonly origin: string,
  ) {
    this.agent = new https.Agent({ keepAlive: true, maxSockets: 2, ca, servername: 'localhost' });
  }

  async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> {
    if (!this.cookies.has(xsrfCookieName(true))) {
      const config = await this.send('GET', '/api/config/');
      if (config.status !== 200) return config;
    }
    return this.send(method, url, body);
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: string, url: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { host: `localhost:${this.port}`, origin: this.origin };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get(xsrfCookieName(true));
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
    return new Promise((resolve, reject) => {
      const request = https.request({ host: '127.0.0.1', port: this.port, method, path: url, headers, agent: this.agent, ca: this.ca, servername: 'localhost', timeout: 60_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = '', ...attributes] = line.split(';');
            const name = pair.slice(0, pair.indexOf('='));
            const value = pair.slice(pair.indexOf('=') + 1);
            if (value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))) this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        });
      });
      request.on('timeout', () => request.destroy(new Error('no answer in 60 s')));
      request.on('error', reject);
      request.end(payload);
    });
  }
}

/** One row of HAProxy's stats CSV (a proxy or a server), by column name. */
type StatsRow = Record<string, string>;

describe.skipIf(skipReason !== '')(`HAProxy in front of two API processes and a worker, each API process restarted under load${skipReason}`, () => {
  const name = `tl_lb_${randomBytes(6).toString('hex')}`;
  const scratch = mkdtempSync(path.join(tmpdir(), 'tradelist-lb-'));
  let admin: pg.Client;
  let smtp: SmtpSimulator;
  let database: DatabaseHandle;
  let fixture: CatalogFixture;
  let haproxy: ChildProcess | undefined;
  let haproxyOutput = '';
  let ca: Buffer;
  const apis: Array<Started & { base: string }> = [];
  const apiEnv: Array<Record<string, string>> = [];
  const apiMetricsPorts: number[] = [];
  let worker: Started;
  let workerMetricsPort: number;
  let httpsPort: number;
  let statsPort: number;
  let appUrl: string;
  let bundle: string | undefined;

  beforeAll(async () => {
    // Built as for production (node dist/server.js): a restart takes a third of the time that
    // compiling the sources at each start takes.
    bundle = await bundleEntryPoints();
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    // The schema and a catalog with a free edition to download; the processes find it migrated.
    database = await openDatabase({ databaseUrl: url.toString() });
    await migrateToLatest(database.db);
    fixture = await createCatalogFixture({ database });
    smtp = await startSmtpSimulator({ smtpPort: 0, httpPort: 0 });

    // A certificate for localhost, signed by itself; the clients trust it and nothing else.
    const key = path.join(scratch, 'key.pem');
    const cert = path.join(scratch, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'pipe' });
    ca = readFileSync(cert);
    const pem = path.join(scratch, 'tradelist.pem');
    execFileSync('sh', ['-c', `cat "${cert}" "${key}" > "${pem}"`]);

    const [api1, api2, httpPort, tlsPort, stats, m1, m2, mw] = await Promise.all(Array.from({ length: 8 }, () => freePort()));
    httpsPort = tlsPort!;
    statsPort = stats!;
    apiMetricsPorts.push(m1!, m2!);
    workerMetricsPort = mw!;
    appUrl = `https://localhost:${httpsPort}`;
    const common = { DATABASE_URL: url.toString(), APP_URL: appUrl, RATE_LIMIT_SCALE: '100' };
    for (const [index, port] of [api1!, api2!].entries()) {
      apiEnv.push({
        ...common,
        PORT: String(port),
        WORKERS: '0',
        DATA_DIR: mkdtempSync(path.join(scratch, `api${index + 1}-`)),
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        TRUST_PROXY: '127.0.0.1',
        METRICS_PORT: String(apiMetricsPorts[index]),
        MAIL_FROM: 'api@tradelist.test',
      });
      apis.push({ ...start('server', apiEnv[index]!, { bundle }), base: `http://127.0.0.1:${port}` });
    }
    worker = start('worker', { ...common, DATA_DIR: mkdtempSync(path.join(scratch, 'worker-')), SMTP_URL: smtp.smtpUrl, MAIL_FROM: WORKER_FROM, METRICS_PORT: String(workerMetricsPort) }, { bundle });
    await waitUntilReady({ apis, workers: [worker] });

    if (!haproxyPath) throw new Error('HAProxy is not installed: apt-get install haproxy (.ci/run installs it)');
    haproxy = spawn(haproxyPath, ['-f', HAPROXY_CONFIG, '-db'], {
      env: {
        PATH: process.env.PATH ?? '',
        TRADELIST_HTTP_BIND: `127.0.0.1:${httpPort}`,
        TRADELIST_HTTPS_BIND: `127.0.0.1:${httpsPort}`,
        TRADELIST_TLS_CERT: pem,
        TRADELIST_API_1: `127.0.0.1:${api1}`,
        TRADELIST_API_2: `127.0.0.1:${api2}`,
        TRADELIST_STATS_BIND: `127.0.0.1:${statsPort}`,
      },
    });
    haproxy.stdout?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    await waitFor('HAProxy to see both API processes up', async () => {
      if (haproxy?.exitCode !== null) throw new Error(`HAProxy exited:\n${haproxyOutput}`);
      const rows = await serverStats().catch(() => undefined);
      return rows && rows.every((row) => row.status === 'UP') ? true : undefined;
    }, 20_000);
  }, STARTUP_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    const everything = [...apis, worker].filter(Boolean);
    for (const running of everything) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    if (haproxy && haproxy.exitCode === null) {
      const exited = new Promise((resolve) => haproxy!.once('exit', resolve));
      haproxy.kill('SIGTERM');
      await exited;
    }
    await Promise.all(everything.map((running) => running.exited));
    await database?.close();
    await smtp?.close();
    if (admin) {
      await dropDatabaseWhenIdle(admin, name);
      await admin.end();
    }
    rmSync(scratch, { recursive: true, force: true });
    if (bundle) rmSync(bundle, { recursive: true, force: true });
  });

  /** The backend's two servers as HAProxy's stats page lists them. */
  async function serverStats(): Promise<StatsRow[]> {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header = '', ...lines] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    return lines
      .map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index], value])) as StatsRow)
      .filter((row) => row.pxname === 'tradelist_api' && row.svname !== 'BACKEND');
  }

  async function serverStatus(index: number): Promise<string> {
    return (await serverStats()).find((row) => row.svname === `api${index + 1}`)?.status ?? 'missing';
  }

  async function metricsOf(port: number): Promise<string> {
    return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  }

  const inbox = async (email: string): Promise<InboxMessage[]> =>
    (await fetch(`${smtp.inboxUrl}/api/messages?to=${encodeURIComponent(email)}`)).json() as Promise<InboxMessage[]>;

  test(
    `${LOAD_SECONDS} s of reads, sign-ins, markup saves, downloads and registrations while each API process is restarted: no failed request, no lost job, one email per registration`,
    async () => {
      const newBrowser = () => new HttpsBrowser(httpsPort, ca, appUrl);
      // The load's users: activated accounts, each signed in through the balancer.
      const password = 'rolling restarts lose nothing';
      const passwordHash = await hashPassword(password);
      const users = await Promise.all(
        Array.from({ length: VIRTUAL_USERS }, async (_, index) => {
          const email = uniqueEmail(`lb-user-${index}`);
          const now = new Date();
          await insertUser(database.db, { name: `Load ${index}`, email, password_hash: passwordHash, google_subject: null, is_verified: true, password_changed_at: now, last_login_at: null, created_at: now, updated_at: now });
          const browser = newBrowser();
          const login = await browser.call('POST', '/api/login_page/', { email, password });
          expect(login.status, login.body.toString()).toBe(200);
          return { email, browser };
        }),
      );

      type Kind = 'read' | 'sign-in' | 'markup save' | 'download' | 'registration';
      const latencies = new Map<Kind, number[]>();
      const failures: string[] = [];
      const registered: string[] = [];
      const started = performance.now();
      const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
      let stopping = false;

      /** Runs one step of the load, timing it; anything but the expected answer is a failure. */
      async function step(kind: Kind, what: string, run: () => Promise<string | undefined>): Promise<void> {
        const begun = performance.now();
        let problem: string | undefined;
        try {
          problem = await run();
        } catch (error) {
          problem = `no answer: ${(error as Error).message}`;
        }
        if (problem) failures.push(`${elapsed()} s ${kind} ${what}: ${problem}`);
        else {
          const list = latencies.get(kind) ?? [];
          list.push(performance.now() - begun);
          latencies.set(kind, list);
        }
      }
      const expectStatus = (answer: Answer, status: number) => (answer.status === status ? undefined : `${answer.status} ${answer.body.toString().slice(0, 200)}`);

      async function virtualUser(user: (typeof users)[number], index: number): Promise<void> {
        let markup = index;
        while (!stopping) {
          const dice = Math.random();
          if (dice < 0.5) {
            const url = dice < 0.25 ? '/api/me/' : '/api/categories/';
            await step('read', `GET ${url}`, async () => expectStatus(await user.browser.call('GET', url), 200));
          } else if (dice < 0.65) {
            await step('sign-in', 'POST /api/login_page/', async () => {
              const browser = newBrowser();
              try {
                const login = await browser.call('POST', '/api/login_page/', { email: user.email, password });
                const me = login.status === 200 ? await browser.call('GET', '/api/me/') : login;
                return expectStatus(me, 200);
              } finally {
                browser.close();
              }
            });
          } else if (dice < 0.85) {
            markup = (markup + 1) % 90;
            await step('markup save', 'POST /api/user_factor/', async () => {
              const saved = await user.browser.call('POST', '/api/user_factor/', { markup1_10: markup, tax: 5 });
              if (saved.status !== 200) return expectStatus(saved, 200);
              // Read back through whichever process answers: the save is in the shared database.
              const read = await user.browser.call('GET', '/api/user-factor/');
              const stored = read.status === 200 ? (JSON.parse(read.body.toString()) as { markup1_10: number | null }).markup1_10 : undefined;
              return stored === markup ? undefined : `read back ${read.status} ${String(stored)} instead of ${markup}`;
            });
          } else {
            await step('download', 'POST /api/download-products/', async () => {
              const file = await user.browser.call('POST', '/api/download-products/', { collection_id: fixture.freeEdition, catelog_id: 'none' });
              if (file.status !== 200) return expectStatus(file, 200);
              return file.body.toString().includes('EMT-050') ? undefined : `a file without its items (${file.body.length} bytes)`;
            });
          }
          await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
        }
      }

      async function registrations(): Promise<void> {
        const browser = newBrowser();
        while (!stopping) {
          const email = uniqueEmail('lb-registration');
          await step('registration', 'POST /api/register/', async () => {
            const answer = await browser.call('POST', '/api/register/', { username: 'Rolling Restart', email, password: 'a new account each second', password2: 'a new account each second' });
            if (answer.status === 201) registered.push(email);
            return expectStatus(answer, 201);
          });
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        browser.close();
      }

      interface Restart {
        process: string;
        readyz503: number;
        markedDown: number;
        exited: number;
        exitCode: number | null;
        ready: number;
        markedUp: number;
        servedAfter: number;
      }
      const restarts: Restart[] = [];
      /** SIGTERM, then the same process started again, timed from the signal (ms). */
      async function restart(index: number): Promise<void> {
        const old = apis[index]!;
        const signalled = performance.now();
        const since = () => Math.round(performance.now() - signalled);
        let exitedAt = 0;
        const exit = old.exited.then((code) => {
          exitedAt = since();
          return code;
        });
        old.child.kill('SIGTERM');
        // Draining: /readyz says 503 while the process still answers.
        const readyz503 = await waitFor('/readyz to answer 503', async () => {
          const answer = await fetch(`${old.base}/readyz`).catch(() => undefined);
          return answer?.status === 503 ? since() : undefined;
        }, 5_000);
        const markedDown = await waitFor('HAProxy to mark it down', async () => ((await serverStatus(index)).startsWith('DOWN') ? since() : undefined), 15_000);
        const exitCode = await exit;
        const fresh = { ...start('server', apiEnv[index]!, { bundle }), base: old.base };
        apis[index] = fresh;
        await waitUntilReady({ apis: [fresh], workers: [] });
        const ready = since();
        const markedUp = await waitFor('HAProxy to mark it up', async () => ((await serverStatus(index)) === 'UP' ? since() : undefined), 20_000);
        // The new process takes its share of the load.
        const servedAfter = await waitFor('the new process to serve requests', async () => {
          const served = sampleValue(await metricsOf(apiMetricsPorts[index]!), 'tradelist_http_request_duration_seconds_count');
          return served > 0 ? served : undefined;
        }, 10_000);
        restarts.push({ process: `api${index + 1}`, readyz503, markedDown, exited: exitedAt, exitCode, ready, markedUp, servedAfter });
      }

      const load = [...users.map((user, index) => virtualUser(user, index)), registrations()];
      const restarting = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        for (const index of [0, 1]) await restart(index);
      })();
      // The load runs its 30 s, and on until both restarts are done and a moment after.
      await Promise.all([new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000)), restarting]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      stopping = true;
      await Promise.all(load);
      const loadSeconds = (performance.now() - started) / 1000;
      for (const user of users) user.browser.close();

      // Every job ran: the worker sent each activation mail once, and nothing waits or failed.
      const jobs = await waitFor('every job to complete', async () => {
        const rows = await database.db.selectFrom('jobs').select(['queue', 'state', 'attempts']).execute();
        return rows.every((row) => row.state === 'completed') ? rows : undefined;
      }, 30_000);
      const mails = await waitFor('one activation mail per registration', async () => {
        const counts = await Promise.all(registered.map(async (email) => (await inbox(email)).length));
        return counts.every((count) => count >= 1) ? counts : undefined;
      }, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const finalCounts = await Promise.all(registered.map(async (email) => (await inbox(email)).length));
      const outbox = await database.db.selectFrom('mail_outbox').select('status').execute();
      const workerMetrics = await metricsOf(workerMetricsPort);
      const stats = await serverStats();

      const percentile = (values: number[], p: number) => (values.length === 0 ? 0 : [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!);
      const lines = [...latencies].map(([kind, values]) => `  ${kind.padEnd(12)} ${String(values.length).padStart(5)} ok   p50 ${percentile(values, 50).toFixed(0).padStart(4)} ms   p95 ${percentile(values, 95).toFixed(0).padStart(5)} ms   max ${Math.max(...values).toFixed(0).padStart(5)} ms`);
      const total = [...latencies.values()].reduce((sum, values) => sum + values.length, 0);
      console.log(
        [
          `Behind HAProxy (deploy/haproxy.cfg), ${loadSeconds.toFixed(1)} s of load from ${VIRTUAL_USERS} users and a registration a second, over HTTPS:`,
          `  ${total} requests answered as expected (${(total / loadSeconds).toFixed(0)}/s), ${failures.length} failed`,
          ...lines,
          ...restarts.map(
            (r) =>
              `  ${r.process} restarted: /readyz 503 after ${r.readyz503} ms, marked down by HAProxy after ${r.markedDown} ms, exited (code ${r.exitCode}) after ${r.exited} ms, new process ready after ${r.ready} ms, marked up after ${r.markedUp} ms`,
          ),
          `  HAProxy per server: ${stats.map((row) => `${row.svname} ${row.stot} requests, ${row.wretr} retries, ${row.wredis} redispatches, ${row.hrsp_5xx} 5xx`).join('; ')}`,
          `  ${registered.length} registrations, ${finalCounts.reduce((sum, n) => sum + n, 0)} activation emails; ${jobs.length} jobs, all completed, ${jobs.filter((job) => job.attempts > 1).length} needed a second attempt`,
          `  worker's metrics: ${sampleValue(workerMetrics, 'tradelist_job_run_duration_seconds_count', { kind: 'send-email', outcome: 'completed' })} send-email runs completed, ${sampleValue(workerMetrics, 'tradelist_mail_outbox', { status: 'pending' })} mails pending`,
          ...failures.slice(0, 20).map((failure) => `  FAILED ${failure}`),
          // For a failure: HAProxy's lines of the requests that did not end normally, and its alerts.
          ...(failures.length > 0 ? haproxyOutput.split('\n').filter((line) => line.includes('tradelist~') ? !line.includes(' ---- ') : line.includes('Server tradelist_api')) : []),
        ].join('\n'),
      );

      expect(failures).toEqual([]);
      expect(restarts.map((r) => r.exitCode)).toEqual([0, 0]);
      for (const r of restarts) {
        // Out of the rotation before it stopped accepting: the drain is what keeps POSTs safe.
        expect(r.markedDown).toBeLessThan(r.exited);
        expect(r.servedAfter).toBeGreaterThan(0);
      }
      for (const kind of ['read', 'sign-in', 'markup save', 'download', 'registration'] as const) expect(latencies.get(kind)?.length ?? 0).toBeGreaterThan(0);
      expect(registered.length).toBeGreaterThanOrEqual(LOAD_SECONDS / 3);
      expect(mails).toHaveLength(registered.length);
      expect(finalCounts.every((count) => count === 1)).toBe(true);
      expect(jobs.filter((job) => job.queue === 'send-email')).toHaveLength(registered.length);
      expect(outbox.filter((row) => row.status !== 'sent')).toEqual([]);
      expect(sampleValue(workerMetrics, 'tradelist_job_run_duration_seconds_count', { kind: 'send-email', outcome: 'completed' })).toBe(registered.length);
    },
    LOAD_SECONDS * 1000 + 120_000,
  );

  test('after the restarts, a picture uploaded through one API process is served by the other, each with its own DATA_DIR', async () => {
    const password = 'one picture, two machines';
    const email = uniqueEmail('lb-picture');
    const now = new Date();
    await insertUser(database.db, { name: 'Picture', email, password_hash: await hashPassword(password), google_subject: null, is_verified: true, password_changed_at: now, last_login_at: null, created_at: now, updated_at: now });
    const browser = new Browser(xsrfCookieName(true));
    expect((await browser.call(apis[0]!.base, 'POST', '/api/login_page/', { email, password })).status).toBe(200);
    const me = (await (await browser.call(apis[0]!.base, 'GET', '/api/me/')).json()) as { id: number };
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer();
    const uploaded = await browser.upload(apis[0]!.base, `/api/users/${me.id}/update-profile/`, 'profile_image', { bytes: png, name: 'me.png', type: 'image/png' });
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as { profile_picture_url: string }).profile_picture_url;
    const fromFirst = await fetch(`${apis[0]!.base}${url}`);
    const fromSecond = await fetch(`${apis[1]!.base}${url}`);
    expect(fromSecond.status).toBe(200);
    expect(Buffer.from(await fromSecond.arrayBuffer()).equals(Buffer.from(await fromFirst.arrayBuffer()))).toBe(true);
    expect(apiEnv[0]!.DATA_DIR).not.toBe(apiEnv[1]!.DATA_DIR);
  });
});
