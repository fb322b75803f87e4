import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../src/jobs/job-kind.ts';
import { JobQueue } from '../src/jobs/queue.ts';
import { runUnitOfWork } from '../src/jobs/unit-of-work.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The workers poll once a minute: a job that runs within seconds was woken.
const POLL_INTERVAL_MS = 60_000;

const ran: number[] = [];
const probe = defineJob({
  name: 'unit-of-work-probe',
  payload: z.object({ n: z.number().int() }),
  concurrency: 1,
  maxAttempts: 1,
  backoff: { baseSeconds: 5, maxSeconds: 60 },
  handle: async ({ n }) => {
    ran.push(n);
  },
});

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp();
  queue = new JobQueue(t.ctx, { pollIntervalMs: POLL_INTERVAL_MS, scheduleCheckMs: POLL_INTERVAL_MS });
  queue.register(probe);
  queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const probesQueued = async () => (await t.ctx.db.selectFrom('jobs').select('payload').where('queue', '=', probe.name).execute()).map((job) => (job.payload as { n: number }).n);

test('a job queued in a unit of work that commits wakes the workers once, and runs before the next poll', async () => {
  const wake = vi.spyOn(queue, 'wake');
  await runUnitOfWork({ db: t.ctx.db, queue }, async (trx) => {
    await queue.enqueue(probe, { n: 1 }, { db: trx });
    await queue.enqueue(probe, { n: 2 }, { db: trx });
    expect(wake).not.toHaveBeenCalled();
  });
  expect(wake).toHaveBeenCalledTimes(1);
  await expect.poll(() => [...ran].sort(), { timeout: 10_000, interval: 20 }).toEqual([1, 2]);
});

test('a unit of work that rolls back queues nothing and wakes nothing', async () => {
  const wake = vi.spyOn(queue, 'wake');
  const failing = runUnitOfWork({ db: t.ctx.db, queue }, async (trx) => {
    await queue.enqueue(probe, { n: 3 }, { db: trx });
    throw new Error('the change is refused');
  });
  await expect(failing).rejects.toThrow('the change is refused');
  expect(wake).not.toHaveBeenCalled();
  expect(await probesQueued()).not.toContain(3);
});

test('a unit of work that queues nothing wakes nothing', async () => {
  const wake = vi.spyOn(queue, 'wake');
  const users = await runUnitOfWork({ db: t.ctx.db, queue }, (trx) => trx.selectFrom('users').select('id').execute());
  expect(users).toEqual(expect.any(Array));
  expect(wake).not.toHaveBeenCalled();
});

test('a nested unit of work joins the outer one: only the outer commit wakes the workers', async () => {
  const wake = vi.spyOn(queue, 'wake');
  await runUnitOfWork({ db: t.ctx.db, queue }, async (trx) => {
    const inner = await runUnitOfWork({ db: trx, queue }, (innerTrx) => {
      expect(innerTrx).toBe(trx);
      return queue.enqueue(probe, { n: 4 }, { db: innerTrx });
    });
    expect(inner).toEqual(expect.any(Number));
    expect(wake).not.toHaveBeenCalled();
  });
  expect(wake).toHaveBeenCalledTimes(1);
  await expect.poll(() => ran, { timeout: 10_000, interval: 20 }).toContain(4);

  // A nested unit's job is the outer unit's: rolled back with it.
  wake.mockClear();
  const failing = runUnitOfWork({ db: t.ctx.db, queue }, async (trx) => {
    await runUnitOfWork({ db: trx, queue }, (innerTrx) => queue.enqueue(probe, { n: 5 }, { db: innerTrx }));
    throw new Error('the outer change is refused');
  });
  await expect(failing).rejects.toThrow('the outer change is refused');
  expect(wake).not.toHaveBeenCalled();
  expect(await probesQueued()).not.toContain(5);
});
