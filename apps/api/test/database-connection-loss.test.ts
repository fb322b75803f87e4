import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { AppContext } from '../src/context.ts';
import { isDatabaseUnavailable } from '../src/db/connection-errors.ts';
import { sendEmail } from '../src/mail/send-email-job.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { uniqueEmail } from './support/accounts.ts';
import { freePort } from './support/ports.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { TEST_TOKEN_KEY, TestClient } from './support/test-app.ts';

/**
 * Issue 17 §3 in one process: the app's pool on PostgreSQL, reached through a TCP relay the test
 * can cut. A connection PostgreSQL ends (pg_terminate_backend) must not end the process, whether
 * it was idle in the pool or checked out; while the database is unreachable a call that needs it
 * answers 503 SERVICE_UNAVAILABLE and the job queue backs off; both recover without a restart.
 * The first test needs no PostgreSQL server (a port nothing listens on), so it runs on every
 * tier; the rest need DATABASE_URL. The same with real processes: connection-loss-processes.test.ts.
 */
const databaseUrl = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The configuration of these tests' apps (no secrets generated, nothing written). */
const testConfig = () =>
  loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_KEY,
    DATA_DIR: '.tmp/api-test-data',
    WEB_DIST_DIR: '',
  });

// Needs no PostgreSQL server: nothing listens on the port, so every connection is refused.
test('with a PostgreSQL that refuses connections, a call that needs the database answers 503 SERVICE_UNAVAILABLE and the job queue backs off', async () => {
  const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/tradelist`, log: { warn: () => undefined } });
  const lines: string[] = [];
  const { app, ctx } = await buildApp({
    config: testConfig(),
    database,
    logger: { ...loggerOptions('info'), stream: { write: (line: string) => void lines.push(line) } },
    startWorkers: false,
    queueOptions: { pollIntervalMs: 50, maxUnavailableBackoffMs: 200, scheduleCheckMs: 60_000 },
  });
  try {
    const client = new TestClient(app, '127.0.0.1');
    const response = await client.post('/api/login_page/', { email: uniqueEmail('nobody'), password: 'not a real password' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', error: expect.stringMatching(/try again/i), request_id: expect.any(String) });
    expect(response.headers['retry-after']).toBe('5');

    ctx.queue.start();
    const backoffs = () => lines.filter((line) => line.includes('the database cannot be reached')).map((line) => JSON.parse(line) as { failedPolls: number; waitMs: number });
    await waitFor('the queue to back off to its ceiling', () => backoffs().some((b) => b.waitMs === 200));
    // The wait doubles from the poll interval with each failed poll, up to the ceiling.
    expect(backoffs().map((b) => b.waitMs)).toEqual(backoffs().map((b) => Math.min(50 * 2 ** (b.failedPolls - 1), 200)));
    await ctx.queue.stop();
  } finally {
    await app.close();
    await database.close();
  }
});

describe.skipIf(!databaseUrl)(`a lost database connection, in process${databaseUrl ? '' : ' (skipped: set DATABASE_URL)'}`, () => {
  const name = `tl_conn_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let ctx: AppContext;
  let client: TestClient;
  let close: () => Promise<void>;
  const logLines: string[] = [];
  const logged = (message: string) => logLines.some((line) => line.includes(message));

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const direct = new URL(databaseUrl!);
    direct.pathname = `/${name}`;
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const log = { warn: (details: object, message: string) => logLines.push(`${message} ${JSON.stringify(details)}`) };
    database = await openDatabase({ databaseUrl: proxy.urlFor(direct.toString()), log });
    const config = testConfig();
    const stream = { write: (line: string) => void logLines.push(line) };
    const built = await buildApp({
      config,
      database,
      logger: { ...loggerOptions('info'), stream },
      startWorkers: false,
      queueOptions: { pollIntervalMs: 100, maxUnavailableBackoffMs: 400, scheduleCheckMs: 60_000 },
    });
    await built.app.ready();
    ctx = built.ctx;
    client = new TestClient(built.app, '127.0.0.1');
    close = async () => {
      await built.app.close();
      await database.close();
    };
  });

  afterAll(async () => {
    await close?.();
    await proxy?.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  /** Ends every connection to the test's database from the server side; returns how many. */
  async function terminateAll(): Promise<number> {
    // In the select list, so it runs for the filtered rows only (a WHERE clause may call it on any row).
    const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    return rows.filter((row) => row.ended).length;
  }

  /** A call that needs the database (the account lookup and the login rate limit): 401 while it answers. */
  const logIn = () => client.post('/api/login_page/', { email: uniqueEmail('nobody'), password: 'not a real password' });

  test('a pooled connection PostgreSQL ends while idle is logged and replaced; the process keeps serving', async () => {
    expect((await logIn()).statusCode).toBe(401);
    expect(await terminateAll()).toBeGreaterThan(0);
    // Without a listener, pg's 'error' event of the idle client would end this process here.
    await waitFor('the lost connection to be logged', () => logged('database connection lost'));
    expect((await logIn()).statusCode).toBe(401);
  });

  test('a connection ended while checked out fails its transaction only; the next query gets a new one', async () => {
    logLines.length = 0;
    const failure = await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await terminateAll();
        await waitFor('the lost connection to be logged', () => logged('database connection lost'));
        await sql`SELECT 1`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  test('while the database is unreachable calls answer 503 and the job queue backs off; both recover without a restart', async () => {
    logLines.length = 0;
    await proxy.interrupt();
    const during = await logIn();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', error: expect.stringMatching(/try again/i), request_id: expect.any(String) });
    expect(during.headers['retry-after']).toBe('5');
    ctx.queue.start();
    await waitFor('the queue to back off', () => logLines.filter((line) => line.includes('the database cannot be reached')).length >= 3);
    // The wait doubles from the poll interval with each failed poll, up to the ceiling.
    const backoffs = logLines.filter((line) => line.includes('the database cannot be reached')).map((line) => JSON.parse(line) as { failedPolls: number; waitMs: number });
    expect(backoffs.map((b) => b.waitMs)).toEqual(backoffs.map((b) => Math.min(100 * 2 ** (b.failedPolls - 1), 400)));
    expect(backoffs.map((b) => b.failedPolls)).toEqual(backoffs.map((_, index) => index + 1));
    expect((await logIn()).statusCode).toBe(503);

    await proxy.resume();
    expect((await logIn()).statusCode).toBe(401);
    // A job of any kind: this one finds no such mail to send, and is done.
    const jobId = await ctx.queue.enqueue(sendEmail, { outboxId: 2_147_483_647 });
    await waitFor('the queued job to run', async () => {
      const job = await database.db.selectFrom('jobs').select('state').where('id', '=', jobId).executeTakeFirstOrThrow();
      return job.state === 'completed';
    });
    expect(logged('job queue: the database answers again')).toBe(true);
    await ctx.queue.stop();
  });
});
