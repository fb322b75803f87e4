import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { listenForMetrics } from '../src/metrics/metrics-listener.ts';
import { strongPassword, uniqueAddress, uniqueEmail } from './support/accounts.ts';
import { clientFor, createCatalogFixture } from './support/catalog.ts';
import { parseSamples, sampleValue } from './support/metrics.ts';
import { connect, freeEditionOf, setUpSyncTest, startSync, userOf, type SyncTest } from './support/sync.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp } from './support/test-app.ts';
import { freePort } from './support/ports.ts';

/**
 * Health checks and Prometheus metrics (docs/production.md): what a load balancer asks
 * (/healthz, /readyz), and what an operator reads (/metrics, behind a token on the public port or
 * on a listener of its own): a request, a job, a sync and a download each move their metrics.
 */
const TOKEN = 'metrics-token-for-the-api-tests-0123456789';
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-metrics-'));

let s: SyncTest;
// The sync setup: the QuickBooks and Jobber simulators, the catalog fixture; no SMTP_URL, so
// mail stays in the outbox and its job fails and is retried. Its own DATA_DIR: an empty store of
// generated files.
setUpSyncTest({ env: { METRICS_TOKEN: TOKEN, DATA_DIR: dataDir } }, (setup) => (s = setup));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The metrics as Prometheus reads them from the public port, with the token. */
async function scrape(t: TestApp = s.t): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe('health checks', () => {
  test('GET /healthz: the process is alive; GET /readyz: the database answers and every migration has run; no cookie, no caching', async () => {
    const alive = await s.t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ alive: true });
    const ready = await s.t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, draining: false, database: 'answers', pending_migrations: [] });
    for (const response of [alive, ready]) {
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  test('a migration of this build that the database has not run: /readyz answers 503 and names it', async () => {
    const db = s.t.database.db;
    const { rows } = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    const last = rows[0]!;
    await sql`DELETE FROM kysely_migration WHERE name = ${last.name}`.execute(db);
    try {
      const response = await s.t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ready: false, draining: false, database: 'answers', pending_migrations: [last.name] });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last.name}, ${last.timestamp})`.execute(db);
    }
    expect((await s.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  test('a database that does not answer: /readyz answers 503, /healthz still 200, and a scrape says the database is down', async () => {
    // A PostgreSQL address where nothing listens: every connection is refused, as during an outage.
    const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/tradelist` });
    const { app, ctx } = await buildApp({ config: s.t.config, database, logger: false, startWorkers: false });
    await app.ready();
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, database: 'unavailable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const text = await ctx.metrics.exposition();
      expect(sampleValue(text, 'tradelist_database_up')).toBe(0);
      expect(parseSamples(text).filter((sample) => sample.name === 'tradelist_jobs')).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('metrics', () => {
  test('on the public port /metrics needs the token: none or a wrong one is refused with 401', async () => {
    const none = await s.t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('tradelist_');
    const wrong = await s.t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('tradelist_');
    expect(await scrape()).toContain('# TYPE tradelist_http_request_duration_seconds histogram');
  });

  test('a request moves the count and duration of its route pattern and status, never of its URL', async () => {
    const labels = { method: 'GET', route: '/api/categories/', status: '200' };
    const before = await scrape();
    const client = s.t.client({ remoteAddress: uniqueAddress() });
    expect((await client.get('/api/categories/')).statusCode).toBe(200);
    expect((await client.get('/api/syncs/918273/')).statusCode).toBe(401);
    expect((await client.get('/no-such-page-3141')).statusCode).toBe(404);
    const after = await scrape();
    const count = (text: string, l: Record<string, string>) => sampleValue(text, 'tradelist_http_request_duration_seconds_count', l);
    expect(count(after, labels) - count(before, labels)).toBe(1);
    expect(sampleValue(after, 'tradelist_http_request_duration_seconds_sum', labels)).toBeGreaterThan(sampleValue(before, 'tradelist_http_request_duration_seconds_sum', labels));
    expect(sampleValue(after, 'tradelist_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(count(after, labels));
    const syncLabels = { method: 'GET', route: '/api/syncs/:syncId/', status: '401' };
    expect(count(after, syncLabels) - count(before, syncLabels)).toBe(1);
    const unmatched = { method: 'GET', route: '(site or not found)', status: '404' };
    expect(count(after, unmatched) - count(before, unmatched)).toBe(1);
    const values = parseSamples(after).flatMap((sample) => Object.values(sample.labels));
    expect(values.filter((value) => value.includes('918273') || value.includes('3141'))).toEqual([]);
  });

  test('a job moves its metrics: queue depth and oldest age while it waits, then its run; a sync its outcome', async () => {
    const kind = { kind: 'sync-products' };
    const { client } = await userOf(s, 'free', 'metrics-sync');
    await connect(client, 'jobber');
    const edition = await freeEditionOf(s, 'metricsync', 3);
    const before = await scrape();
    expect(sampleValue(before, 'tradelist_jobs', { ...kind, state: 'due' })).toBe(0);
    expect(sampleValue(before, 'tradelist_job_oldest_due_age_seconds', kind)).toBe(0);

    await startSync(client, 'jobber', edition);
    s.t.clock.advance(42);
    const waiting = await scrape();
    expect(sampleValue(waiting, 'tradelist_jobs', { ...kind, state: 'due' })).toBe(1);
    expect(sampleValue(waiting, 'tradelist_job_oldest_due_age_seconds', kind)).toBe(42);

    await s.t.ctx.queue.runDueJobs();
    const after = await scrape();
    expect(sampleValue(after, 'tradelist_jobs', { ...kind, state: 'due' })).toBe(0);
    expect(sampleValue(after, 'tradelist_job_oldest_due_age_seconds', kind)).toBe(0);
    const runs = (text: string) => sampleValue(text, 'tradelist_job_run_duration_seconds_count', { ...kind, outcome: 'completed' });
    expect(runs(after) - runs(before)).toBe(1);
    const synced = (text: string) => sampleValue(text, 'tradelist_sync_runs_total', { provider: 'jobber', outcome: 'succeeded' });
    expect(synced(after) - synced(before)).toBe(1);
    // Every known kind is listed, with or without jobs, so an alert never looks at nothing.
    expect(sampleValue(after, 'tradelist_jobs', { kind: 'clean-up', state: 'due' })).toBe(0);
    expect(parseSamples(after).some((sample) => sample.name === 'tradelist_jobs' && sample.labels.kind === 'clean-up')).toBe(true);
  });

  test('a job that fails moves its failure count, and mail that cannot be sent stays in the outbox backlog', async () => {
    const before = await scrape();
    const email = uniqueEmail('metrics-outbox');
    const password = strongPassword();
    const registered = await s.t.client({ remoteAddress: uniqueAddress() }).post('/api/register/', { username: 'Metrics Outbox', email, password, password2: password });
    expect(registered.statusCode, registered.body).toBe(201);
    const queued = await scrape();
    expect(sampleValue(queued, 'tradelist_mail_outbox', { status: 'pending' }) - sampleValue(before, 'tradelist_mail_outbox', { status: 'pending' })).toBe(1);
    expect(sampleValue(queued, 'tradelist_jobs', { kind: 'send-email', state: 'due' })).toBeGreaterThanOrEqual(1);

    // No SMTP_URL: the send fails, and the job waits for its retry.
    await s.t.ctx.queue.runDueJobs();
    const after = await scrape();
    const retried = (text: string) => sampleValue(text, 'tradelist_job_run_duration_seconds_count', { kind: 'send-email', outcome: 'retried' });
    expect(retried(after) - retried(queued)).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'tradelist_jobs', { kind: 'send-email', state: 'due' })).toBe(0);
    expect(sampleValue(after, 'tradelist_jobs', { kind: 'send-email', state: 'later' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'tradelist_mail_outbox', { status: 'pending' })).toBe(sampleValue(queued, 'tradelist_mail_outbox', { status: 'pending' }));
    s.t.clock.advance(10);
    expect(sampleValue(await scrape(), 'tradelist_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(10);
  });

  test('a download moves its metrics: the first is generated into the store (a miss, timed), the second served from it (a hit)', async () => {
    const { client } = await clientFor(s.t, s.fixture, 'free', 'metrics-download');
    const before = await scrape();
    for (let i = 0; i < 2; i++) {
      const response = await client.post('/api/download-products/', { collection_id: s.fixture.freeEdition, catelog_id: 'none' });
      expect(response.statusCode, response.body).toBe(200);
    }
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('tradelist_download_files_total', { source: 'miss' })).toBe(1);
    expect(moved('tradelist_download_files_total', { source: 'hit' })).toBe(1);
    expect(moved('tradelist_download_files_total', { source: 'streamed' })).toBe(0);
    expect(moved('tradelist_download_generation_seconds_count', { format: 'csv', source: 'miss' })).toBe(1);
    expect(moved('tradelist_http_request_duration_seconds_count', { method: 'POST', route: '/api/download-products/', status: '200' })).toBe(2);
  });

  test("the database pool's use is this process's", async () => {
    const text = await scrape();
    expect(sampleValue(text, 'tradelist_db_pool_connections', { state: 'max' })).toBe(s.t.database.kind === 'pglite' ? 1 : 10);
    expect(sampleValue(text, 'tradelist_db_pool_waiting')).toBe(0);
    expect(sampleValue(text, 'tradelist_database_up')).toBe(1);
  });

  test('METRICS_PORT: a listener of its own serves GET /metrics, asks for the token when one is set, and nothing else', async () => {
    const guarded = await listenForMetrics(s.t.ctx.metrics, { host: '127.0.0.1', port: 0, token: TOKEN });
    const open = await listenForMetrics(s.t.ctx.metrics, { host: '127.0.0.1', port: 0, token: undefined });
    try {
      const base = `http://127.0.0.1:${guarded.address.port}`;
      const withToken = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(withToken.status).toBe(200);
      expect(withToken.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await withToken.text()).toContain('tradelist_jobs{');
      const without = await fetch(`${base}/metrics`);
      expect(without.status).toBe(401);
      expect(await without.text()).not.toContain('tradelist_');
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const unguarded = await fetch(`http://127.0.0.1:${open.address.port}/metrics`);
      expect(unguarded.status).toBe(200);
      expect(await unguarded.text()).toContain('tradelist_http_request_duration_seconds');
    } finally {
      await guarded.close();
      await open.close();
    }
  });
});

describe('without METRICS_TOKEN, with the store of generated files off, and draining', () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'tradelist-metrics-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tradelist</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-4f3a.js'), 'console.log("app");');
  setUpApiTest({ env: { FILE_CACHE_MAX_MB: '0', WEB_DIST_DIR: webDist } }, (setup) => ({ t } = setup));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  test('/metrics is not served on the public port at all', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('tradelist_');
    }
  });

  test('a download with the store off is streamed, and its generation timed when it ends; a built file is labelled as one', async () => {
    const fixture = await createCatalogFixture(t);
    const { client } = await clientFor(t, fixture, 'free', 'metrics-streamed');
    const response = await client.post('/api/download-products/', { collection_id: fixture.freeEdition, catelog_id: 'none', format: 'xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.client().get('/assets/app-4f3a.js')).statusCode).toBe(200);
    const text = await t.ctx.metrics.exposition();
    expect(sampleValue(text, 'tradelist_download_files_total', { source: 'streamed' })).toBe(1);
    expect(sampleValue(text, 'tradelist_download_files_total', { source: 'miss' })).toBe(0);
    expect(sampleValue(text, 'tradelist_download_generation_seconds_count', { format: 'xlsx', source: 'streamed' })).toBe(1);
    expect(sampleValue(text, 'tradelist_http_request_duration_seconds_count', { route: '(static file)', status: '200' })).toBe(1);
    expect(parseSamples(text).some((sample) => sample.labels.route?.includes('app-4f3a'))).toBe(false);
  });

  test('draining (what SIGTERM starts): /readyz answers 503 at once, /healthz 200, and requests are still served', async () => {
    t.readiness.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false, draining: true, database: 'not checked', pending_migrations: [] });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.client().get('/api/categories/')).statusCode).toBe(200);
  });
});
