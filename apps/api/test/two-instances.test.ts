import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { CLEAN_UP } from '../src/jobs/clean-up.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { lastLinkTo, logIn, mailsTo, simulatorEnv, startSimulators, uniqueEmail, type Simulators } from './support/accounts.ts';
import { TestClient, TestClock } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

/**
 * product §10.20: the API keeps no state of its own (sessions, rate-limit counters and
 * jobs live in the database), so two instances behind a load balancer act as one. With
 * DATABASE_URL the second instance has its own connection pool, as a second process would;
 * with the embedded database both share the one PGlite.
 */
let sims: Simulators;
let database: DatabaseHandle & { url?: string };
let secondDatabase: DatabaseHandle;
const instances: Array<{ app: FastifyInstance; ctx: AppContext }> = [];
const clock = new TestClock();

beforeAll(async () => {
  sims = await startSimulators();
  database = await createTestDatabase();
  secondDatabase = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    DATA_DIR: '.tmp/api-test-data',
    WEB_DIST_DIR: '',
    ...simulatorEnv(sims),
  });
  for (const [index, handle] of [database, secondDatabase].entries()) {
    const workerId = index === 0 ? 'instance-a' : 'instance-b';
    const built = await buildApp({ config, database: handle, clock, logger: false, startWorkers: false, queueOptions: { workerId } });
    await built.app.ready();
    instances.push(built);
  }
});
afterAll(async () => {
  for (const instance of instances) await instance.app.close();
  if (secondDatabase !== database) await secondDatabase?.close();
  await database?.close();
  await sims?.close();
});

/** A browser whose requests land on instance A or B; both share its cookies. */
function browser(remoteAddress = '10.20.30.40') {
  const a = new TestClient(instances[0]!.app, remoteAddress);
  const b = new TestClient(instances[1]!.app, remoteAddress);
  const share = (from: TestClient, to: TestClient) => {
    to.cookies.clear();
    for (const [name, value] of from.cookies) to.cookies.set(name, value);
  };
  return {
    onA: async <T>(call: (client: TestClient) => Promise<T>) => {
      share(b, a);
      const result = await call(a);
      share(a, b);
      return result;
    },
    onB: async <T>(call: (client: TestClient) => Promise<T>) => {
      share(a, b);
      const result = await call(b);
      share(b, a);
      return result;
    },
  };
}

test('a session started on one instance works on the other, and logging out on it ends it on both', async () => {
  const email = uniqueEmail('two');
  const password = 'two instances one app';
  const setup = new TestClient(instances[0]!.app, '10.1.1.1');
  await setup.post('/api/register/', { username: 'Two Instances', email, password, password2: password });
  await instances[0]!.ctx.queue.runDueJobs();
  const link = lastLinkTo(sims.smtp, email, 'activate');
  // Activated through the other instance.
  expect((await new TestClient(instances[1]!.app, '10.1.1.2').post('/api/activate/', link)).statusCode).toBe(200);
  const user = browser();
  expect((await user.onA((c) => logIn(c, email, password))).statusCode).toBe(200);
  expect((await user.onB((c) => c.get('/api/me/'))).json().email).toBe(email);
  expect((await user.onB((c) => c.get('/api/logout/'))).statusCode).toBe(204);
  expect((await user.onA((c) => c.get('/api/me/'))).statusCode).toBe(401);
});

test('rate limits count across instances', async () => {
  const email = uniqueEmail('shared-limit');
  const limit = instances[0]!.ctx.config.rateLimits.loginPerAccount.limit;
  for (let attempt = 0; attempt < limit; attempt++) {
    const instance = attempt % 2 === 0 ? 0 : 1;
    // One client address: the login limit counts an account at one address (decision 0005).
    const response = await logIn(new TestClient(instances[instance]!.app, '10.2.0.1'), email, 'wrong password 123');
    expect(response.statusCode).toBe(401);
  }
  expect((await logIn(new TestClient(instances[1]!.app, '10.2.0.1'), email, 'wrong password 123')).statusCode).toBe(429);
});

test('a queued email is sent once although both instances run their workers', async () => {
  const email = uniqueEmail('once');
  const client = new TestClient(instances[0]!.app, '10.3.0.1');
  const response = await client.post('/api/register/', { username: 'Once Only', email, password: 'exactly once please', password2: 'exactly once please' });
  expect(response.statusCode).toBe(201);
  await Promise.all(instances.map((instance) => instance.ctx.queue.runDueJobs()));
  await Promise.all(instances.map((instance) => instance.ctx.queue.runDueJobs()));
  expect(mailsTo(sims.smtp, email)).toHaveLength(1);
});

test('the hourly clean-up runs once per hour for both instances together', async () => {
  const [a, b] = [instances[0]!.ctx.queue, instances[1]!.ctx.queue];
  const db = instances[0]!.ctx.db;
  // The other schedules (the modules') run on their own rhythm; this test follows the clean-up.
  const runDue = async (queue: typeof a) => (await queue.runDueSchedules()).filter((name) => name === CLEAN_UP);
  const cleanUps = () => db.selectFrom('jobs').select(['idempotency_key', 'state', 'claimed_by']).where('queue', '=', CLEAN_UP).orderBy('id').execute();
  // Both look at the same moment: one of them queues the run.
  const first = await Promise.all([runDue(a), runDue(b)]);
  expect(first.flat()).toEqual(['clean-up']);
  expect(await Promise.all([runDue(a), runDue(b)])).toEqual([[], []]);
  clock.advance(3599);
  expect(await Promise.all([runDue(a), runDue(b)])).toEqual([[], []]);
  clock.advance(1);
  const second = await Promise.all([runDue(b), runDue(a)]);
  expect(second.flat()).toEqual(['clean-up']);
  await Promise.all([a.runDueJobs(), b.runDueJobs()]);
  const runs = await cleanUps();
  expect(runs).toHaveLength(2);
  expect(runs.every((run) => run.state === 'completed')).toBe(true);
  expect(new Set(runs.map((run) => run.idempotency_key)).size).toBe(2);
  const schedule = await db.selectFrom('job_schedules').selectAll().where('name', '=', 'clean-up').executeTakeFirstOrThrow();
  expect(schedule.last_run_at).toEqual(clock.now());
  expect(['instance-a', 'instance-b']).toContain(schedule.last_run_by);
  // A second process that was down for a day runs once on return, not once per missed hour.
  clock.advance(24 * 3600);
  expect((await Promise.all([runDue(a), runDue(b)])).flat()).toEqual(['clean-up']);
  expect(await Promise.all([runDue(a), runDue(b)])).toEqual([[], []]);
});
