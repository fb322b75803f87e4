import { afterAll, afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../src/jobs/job-kind.ts';
import { JobQueue } from '../src/jobs/queue.ts';
import { runUnitOfWork } from '../src/jobs/unit-of-work.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp } from './support/test-app.ts';

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
/** A queue whose workers run (and wake themselves after each job). */
let queue: JobQueue;
/** A queue of a process that runs no workers: every call of its `wake` is a unit of work's. */
let idle: JobQueue;
setUpApiTest({}, (setup) => {
  ({ t } = setup);
  queue = new JobQueue(t.ctx, { pollIntervalMs: POLL_INTERVAL_MS, scheduleCheckMs: POLL_INTERVAL_MS });
  queue.register(probe);
  queue.start();
  idle = new JobQueue(t.ctx);
  idle.register(probe);
});
afterAll(async () => {
  await queue?.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const probesQueued = async () => (await t.ctx.db.selectFrom('jobs').select('payload').where('queue', '=', probe.name).execute()).map((job) => (job.payload as { n: number }).n);

test('jobs queued in a unit of work that commits wake the workers after the commit, and run before the next poll', async () => {
  const wake = vi.spyOn(queue, 'wake');
  await runUnitOfWork({ db: t.ctx.db, queue }, async (trx) => {
    await queue.enqueue(probe, { n: 1 }, { db: trx });
    await queue.enqueue(probe, { n: 2 }, { db: trx });
    expect(wake).not.toHaveBeenCalled();
  });
  expect(wake).toHaveBeenCalled();
  await expect.poll(() => [...ran].sort(), { timeout: 10_000, interval: 20 }).toEqual([1, 2]);
});

test('a unit of work that rolls back queues nothing and wakes nothing', async () => {
  const wake = vi.spyOn(idle, 'wake');
  const failing = runUnitOfWork({ db: t.ctx.db, queue: idle }, async (trx) => {
    await idle.enqueue(probe, { n: 3 }, { db: trx });
    throw new Error('the change is refused');
  });
  await expect(failing).rejects.toThrow('the change is refused');
  expect(wake).not.toHaveBeenCalled();
  expect(await probesQueued()).not.toContain(3);
});

test('a unit of work that queues nothing wakes nothing', async () => {
  const wake = vi.spyOn(idle, 'wake');
  const users = await runUnitOfWork({ db: t.ctx.db, queue: idle }, (trx) => trx.selectFrom('users').select('id').execute());
  expect(users).toEqual(expect.any(Array));
  expect(wake).not.toHaveBeenCalled();
});

test('a nested unit of work joins the outer one: only the outer commit wakes the workers, once', async () => {
  const wake = vi.spyOn(idle, 'wake');
  await runUnitOfWork({ db: t.ctx.db, queue: idle }, async (trx) => {
    await idle.enqueue(probe, { n: 6 }, { db: trx });
    const inner = await runUnitOfWork({ db: trx, queue: idle }, (innerTrx) => {
      expect(innerTrx).toBe(trx);
      return idle.enqueue(probe, { n: 4 }, { db: innerTrx });
    });
    expect(inner).toEqual(expect.any(Number));
    expect(wake).not.toHaveBeenCalled();
  });
  expect(wake).toHaveBeenCalledTimes(1);
  expect(await probesQueued()).toEqual(expect.arrayContaining([4, 6]));

  // A nested unit's job is the outer unit's: rolled back with it.
  wake.mockClear();
  const failing = runUnitOfWork({ db: t.ctx.db, queue: idle }, async (trx) => {
    await runUnitOfWork({ db: trx, queue: idle }, (innerTrx) => idle.enqueue(probe, { n: 5 }, { db: innerTrx }));
    throw new Error('the outer change is refused');
  });
  await expect(failing).rejects.toThrow('the outer change is refused');
  expect(wake).not.toHaveBeenCalled();
  expect(await probesQueued()).not.toContain(5);
});
