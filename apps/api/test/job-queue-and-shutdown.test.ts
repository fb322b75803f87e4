import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { defineJob } from '../src/jobs/job-kind.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function database(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  open.push(handle);
  return handle;
}

let t: TestApp;
const logLines: string[] = [];
setUpApiTest({ logStream: { write: (line) => void logLines.push(line) } }, (setup) => ({ t } = setup));

const jobsOf = (queue: string) => t.database.db.selectFrom('jobs').selectAll().where('queue', '=', queue).orderBy('id').execute();

test('a failing job is retried with its kind\'s doubling backoff and given up after its last attempt', async () => {
  const attempts: number[] = [];
  const gaveUp: string[] = [];
  const alwaysFails = defineJob({
    name: 'always-fails',
    payload: z.object({ n: z.number() }),
    concurrency: 2,
    maxAttempts: 3,
    backoff: { baseSeconds: 5, maxSeconds: 60 },
    handle: async (_payload, { attempt }) => {
      attempts.push(attempt);
      throw new Error(`boom ${attempt}`);
    },
    onGiveUp: async (_payload, error) => {
      gaveUp.push(error);
    },
  });
  t.ctx.queue.register(alwaysFails);
  await t.ctx.queue.enqueue(alwaysFails, { n: 1 });
  const queue = t.ctx.queue;
  expect(await queue.runDueJobs()).toBe(1);
  expect(await queue.runDueJobs()).toBe(0); // not due before its backoff
  t.clock.advance(4);
  expect(await queue.runDueJobs()).toBe(0);
  t.clock.advance(1);
  expect(await queue.runDueJobs()).toBe(1); // 5 s after the first failure
  t.clock.advance(9);
  expect(await queue.runDueJobs()).toBe(0);
  t.clock.advance(1);
  expect(await queue.runDueJobs()).toBe(1); // 10 s after the second
  t.clock.advance(3600);
  expect(await queue.runDueJobs()).toBe(0); // given up
  expect(attempts).toEqual([1, 2, 3]);
  expect(gaveUp).toEqual(['boom 3']);
  expect(await jobsOf('always-fails')).toMatchObject([{ state: 'failed', attempts: 3, last_error: 'boom 3' }]);
});

test('a job whose worker died is reclaimed when its lock runs out', async () => {
  const ran: number[] = [];
  const work = defineJob({
    name: 'work',
    payload: z.object({ n: z.number() }),
    concurrency: 1,
    maxAttempts: 5,
    backoff: { baseSeconds: 5, maxSeconds: 60 },
    handle: async ({ n }) => void ran.push(n),
  });
  t.ctx.queue.register(work);
  const id = await t.ctx.queue.enqueue(work, { n: 7 });
  // A worker that claimed the job and died: its lock (120 s by default) still runs.
  await t.database.db.updateTable('jobs').set({ state: 'active', attempts: 1, locked_until: new Date(t.clock.now().getTime() + 120_000), claimed_by: 'gone/1' }).where('id', '=', id).execute();
  expect(await t.ctx.queue.runDueJobs()).toBe(0);
  t.clock.advance(121);
  expect(await t.ctx.queue.runDueJobs()).toBe(1);
  expect(ran).toEqual([7]);
  expect(await jobsOf('work')).toMatchObject([{ state: 'completed', attempts: 2 }]);
  expect((await jobsOf('work'))[0]!.claimed_by).not.toBe('gone/1');
});

test('payloads are checked against the kind\'s schema when queued and again before they run', async () => {
  const seen: string[] = [];
  const greet = defineJob({
    name: 'greet',
    payload: z.object({ name: z.string().min(1) }),
    concurrency: 1,
    maxAttempts: 5,
    backoff: { baseSeconds: 5, maxSeconds: 60 },
    handle: async ({ name }) => void seen.push(name),
  });
  t.ctx.queue.register(greet);
  // @ts-expect-error the payload type comes from the schema: a number is not a name.
  await expect(t.ctx.queue.enqueue(greet, { name: 42 })).rejects.toThrow(z.ZodError);
  await expect(t.ctx.queue.enqueue(greet, { name: '' })).rejects.toThrow(z.ZodError);
  expect(await jobsOf('greet')).toEqual([]);

  // A row whose payload no longer fits (written by other code, or edited by hand) fails for good.
  const now = t.clock.now();
  await t.database.db.insertInto('jobs').values({ queue: 'greet', payload: JSON.stringify({ nom: 'x' }), max_attempts: 5, run_at: now, created_at: now, locked_until: null, last_error: null, completed_at: null }).execute();
  expect(await t.ctx.queue.runDueJobs()).toBe(1);
  t.clock.advance(3600);
  expect(await t.ctx.queue.runDueJobs()).toBe(0);
  expect(seen).toEqual([]);
  const [failed] = await jobsOf('greet');
  expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
  expect(failed!.last_error).toContain('The stored payload does not match the greet schema');
  expect(failed!.last_error).toContain('name');
  const line = logLines.map((raw) => JSON.parse(raw) as Record<string, unknown>).find((entry) => entry.jobId === failed!.id);
  expect(line).toMatchObject({ level: 50, queue: 'greet', msg: 'job failed for good: invalid payload' });
});

test('an idempotency key queues the same logical job once; a rolled-back change queues nothing', async () => {
  const remind = defineJob({
    name: 'remind',
    payload: z.object({ subscriptionId: z.number().int(), period: z.string() }),
    concurrency: 1,
    maxAttempts: 3,
    backoff: { baseSeconds: 5, maxSeconds: 60 },
    idempotencyKey: ({ subscriptionId, period }) => `${subscriptionId}:${period}`,
    handle: async () => {},
  });
  t.ctx.queue.register(remind);
  const first = await t.ctx.queue.enqueue(remind, { subscriptionId: 1, period: '2026' });
  const again = await t.ctx.queue.enqueue(remind, { subscriptionId: 1, period: '2026' });
  const inTransaction = await t.database.db.transaction().execute((trx) => t.ctx.queue.enqueue(remind, { subscriptionId: 1, period: '2026' }, { db: trx }));
  const other = await t.ctx.queue.enqueue(remind, { subscriptionId: 1, period: '2027' });
  expect(again).toBe(first);
  expect(inTransaction).toBe(first);
  expect(other).not.toBe(first);
  await t.database.db
    .transaction()
    .execute(async (trx) => {
      await t.ctx.queue.enqueue(remind, { subscriptionId: 2, period: '2026' }, { db: trx });
      throw new Error('the change failed');
    })
    .catch(() => {});
  expect((await jobsOf('remind')).map((job) => job.idempotency_key)).toEqual(['1:2026', '1:2027']);
  expect(await t.ctx.queue.runDueJobs()).toBe(2);
});

test('a job queued for later does not run before its time; an unregistered kind cannot be queued', async () => {
  const ran: string[] = [];
  const later = defineJob({
    name: 'later',
    payload: z.object({ label: z.string() }),
    concurrency: 1,
    maxAttempts: 1,
    backoff: { baseSeconds: 5, maxSeconds: 60 },
    handle: async ({ label }) => void ran.push(label),
  });
  t.ctx.queue.register(later);
  await t.ctx.queue.enqueue(later, { label: 'in an hour' }, { runAt: new Date(t.clock.now().getTime() + 3_600_000) });
  expect(await t.ctx.queue.runDueJobs()).toBe(0);
  t.clock.advance(3599);
  expect(await t.ctx.queue.runDueJobs()).toBe(0);
  t.clock.advance(1);
  expect(await t.ctx.queue.runDueJobs()).toBe(1);
  expect(ran).toEqual(['in an hour']);

  const unknown = defineJob({ ...later, name: 'never-registered' });
  await expect(t.ctx.queue.enqueue(unknown, { label: 'x' })).rejects.toThrow('The job kind never-registered is not registered');
});

test('each kind runs at most its concurrency at once in a polling worker', async () => {
  const handle = await database();
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789', DATA_DIR: '.tmp/api-test-data', WEB_DIST_DIR: '' });
  const { app, ctx } = await buildApp({ config, database: handle, logger: false, startWorkers: true, queueOptions: { pollIntervalMs: 20 } });
  const peak = { one: 0, three: 0 };
  const now = { one: 0, three: 0 };
  const kindFor = (label: 'one' | 'three', concurrency: number) =>
    defineJob({
      name: `concurrency-${label}`,
      payload: z.object({}),
      concurrency,
      maxAttempts: 1,
      backoff: { baseSeconds: 5, maxSeconds: 60 },
      handle: async () => {
        now[label] += 1;
        peak[label] = Math.max(peak[label], now[label]);
        await new Promise((resolve) => setTimeout(resolve, 60));
        now[label] -= 1;
      },
    });
  const one = kindFor('one', 1);
  const three = kindFor('three', 3);
  ctx.queue.register(one);
  ctx.queue.register(three);
  for (let i = 0; i < 5; i++) {
    await ctx.queue.enqueue(one, {});
    await ctx.queue.enqueue(three, {});
  }
  await app.ready();
  const done = async () => (await ctx.db.selectFrom('jobs').select('id').where('state', '!=', 'completed').where('queue', 'like', 'concurrency-%').execute()).length === 0;
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  await app.close();
  expect(await done()).toBe(true);
  expect(peak).toEqual({ one: 1, three: 3 });
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
  const slowJob = defineJob({
    name: 'slow-job',
    payload: z.object({}),
    concurrency: 1,
    maxAttempts: 1,
    backoff: { baseSeconds: 5, maxSeconds: 60 },
    handle: async () => {
      events.push('job started');
      await new Promise((resolve) => setTimeout(resolve, 400));
      events.push('job finished');
    },
  });
  ctx.queue.register(slowJob);
  app.get('/api/slow-for-test/', async () => {
    events.push('request started');
    await new Promise((resolve) => setTimeout(resolve, 400));
    events.push('request finished');
    return { ok: true };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await ctx.queue.enqueue(slowJob, {});
  ctx.queue.wake();
  const inFlight = fetch(`${address}/api/slow-for-test/`);
  // Close only once both are under way (on a busy machine the worker's first poll can take a while).
  await expect.poll(() => events, { timeout: 5000, interval: 10 }).toEqual(expect.arrayContaining(['job started', 'request started']));
  expect(events).not.toContain('job finished');
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
