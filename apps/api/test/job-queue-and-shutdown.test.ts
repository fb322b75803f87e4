import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { JobQueue } from '../src/jobs/queue.ts';
import { TestClock } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

const silentLog = Fastify({ logger: false }).log;
const open: DatabaseHandle[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function database(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  open.push(handle);
  return handle;
}

test('a failing job is retried with doubling backoff and given up after its last attempt', async () => {
  const { db } = await database();
  const clock = new TestClock();
  const queue = new JobQueue(db, clock, silentLog, { pollIntervalMs: 1000, concurrency: 2, lockSeconds: 60, retryBaseSeconds: 5, retryMaxSeconds: 60 });
  const attempts: number[] = [];
  const gaveUp: string[] = [];
  queue.define<{ n: number }>({
    queue: 'always-fails',
    maxAttempts: 3,
    handle: async (_payload, attempt) => {
      attempts.push(attempt);
      throw new Error(`boom ${attempt}`);
    },
    onGiveUp: async (_payload, error) => {
      gaveUp.push(error);
    },
  });
  await queue.enqueue(db, 'always-fails', { n: 1 });
  expect(await queue.runDueJobs()).toBe(1);
  expect(await queue.runDueJobs()).toBe(0); // not due before its backoff
  clock.advance(4);
  expect(await queue.runDueJobs()).toBe(0);
  clock.advance(1);
  expect(await queue.runDueJobs()).toBe(1); // 5 s after the first failure
  clock.advance(9);
  expect(await queue.runDueJobs()).toBe(0);
  clock.advance(1);
  expect(await queue.runDueJobs()).toBe(1); // 10 s after the second
  clock.advance(3600);
  expect(await queue.runDueJobs()).toBe(0); // given up
  expect(attempts).toEqual([1, 2, 3]);
  expect(gaveUp).toEqual(['boom 3']);
  const job = await db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
  expect(job).toMatchObject({ state: 'failed', attempts: 3, last_error: 'boom 3' });
});

test('a job whose worker died is reclaimed when its lock runs out', async () => {
  const { db } = await database();
  const clock = new TestClock();
  const queue = new JobQueue(db, clock, silentLog, { pollIntervalMs: 1000, concurrency: 1, lockSeconds: 60, retryBaseSeconds: 5, retryMaxSeconds: 60 });
  const ran: number[] = [];
  queue.define<{ n: number }>({ queue: 'work', maxAttempts: 5, handle: async ({ n }) => void ran.push(n) });
  await queue.enqueue(db, 'work', { n: 7 });
  // Simulate a worker that claimed the job and died.
  await db.updateTable('jobs').set({ state: 'active', attempts: 1, locked_until: new Date(clock.now().getTime() + 60_000) }).execute();
  expect(await queue.runDueJobs()).toBe(0);
  clock.advance(61);
  expect(await queue.runDueJobs()).toBe(1);
  expect(ran).toEqual([7]);
  expect((await db.selectFrom('jobs').select('state').executeTakeFirstOrThrow()).state).toBe('completed');
});

test('closing the app finishes the in-flight request and the running job first', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    DATA_DIR: '.tmp/api-test-data',
    WEB_DIST_DIR: '',
  });
  const handle = await database();
  const { app, ctx } = await buildApp({ config, database: handle, logger: false, startWorkers: true, queueOptions: { pollIntervalMs: 20 } });
  const events: string[] = [];
  ctx.queue.define({
    queue: 'slow-job',
    maxAttempts: 1,
    handle: async () => {
      events.push('job started');
      await new Promise((resolve) => setTimeout(resolve, 400));
      events.push('job finished');
    },
  });
  app.get('/api/slow-for-test/', async () => {
    events.push('request started');
    await new Promise((resolve) => setTimeout(resolve, 400));
    events.push('request finished');
    return { ok: true };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await ctx.queue.enqueue(ctx.db, 'slow-job', {});
  ctx.queue.wake();
  const inFlight = fetch(`${address}/api/slow-for-test/`);
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(events).toEqual(expect.arrayContaining(['job started', 'request started']));
  await app.close();
  events.push('closed');
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(events.indexOf('closed')).toBeGreaterThan(events.indexOf('job finished'));
  expect(events.indexOf('closed')).toBeGreaterThan(events.indexOf('request finished'));
});

test('closing the app waits for a handler whose client already hung up', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    DATA_DIR: '.tmp/api-test-data',
    WEB_DIST_DIR: '',
  });
  const handle = await database();
  const { app } = await buildApp({ config, database: handle, logger: false, startWorkers: false });
  const events: string[] = [];
  app.get('/api/slow-for-test/', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    events.push('handler finished');
    return { ok: true };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const abort = new AbortController();
  const request = fetch(`${address}/api/slow-for-test/`, { signal: abort.signal }).catch(() => 'aborted');
  await new Promise((resolve) => setTimeout(resolve, 100));
  abort.abort();
  expect(await request).toBe('aborted');
  await app.close();
  events.push('closed');
  expect(events).toEqual(['handler finished', 'closed']);
});
