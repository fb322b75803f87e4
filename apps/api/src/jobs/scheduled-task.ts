import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { defineJob, type JobKind } from './job-kind.ts';

/**
 * Work that recurs (the hourly clean-up; later period ends and reminders): every `everySeconds`
 * one process of the cluster queues one `job`, whatever the number of processes.
 */
export interface ScheduledTask<Payload> {
  name: string;
  everySeconds: number;
  job: JobKind<Payload>;
  /** The payload of the run that was due at `dueAt`. */
  payload(dueAt: Date): Payload;
}

/** Declares a scheduled task. */
export function defineSchedule<Payload>(task: ScheduledTask<Payload>): ScheduledTask<Payload> {
  return task;
}

/** The payload of a periodic job's run: the time it was due. */
const periodicPayload = z.object({ dueAt: z.iso.datetime() });

/**
 * A job that runs every `everySeconds` once for the whole cluster, and its schedule (both named
 * `name`): one run per due time (the due time is its idempotency key), one at a time, tried 3
 * times with `backoff`.
 */
export function definePeriodicJob({ name, everySeconds, backoff, run }: { name: string; everySeconds: number; backoff: JobKind<unknown>['backoff']; run(ctx: AppContext): Promise<void> }) {
  const job = defineJob({
    name,
    payload: periodicPayload,
    concurrency: 1,
    maxAttempts: 3,
    backoff,
    idempotencyKey: ({ dueAt }) => dueAt,
    async handle(_payload, { ctx }) {
      await run(ctx);
    },
  });
  const schedule = defineSchedule({ name, everySeconds, job, payload: (dueAt) => ({ dueAt: dueAt.toISOString() }) });
  return { job, schedule };
}

/**
 * The first run time after `now` on the grid `dueAt + k * everySeconds`: a cluster that was down
 * for several periods runs once on return, not once per missed period, and keeps its rhythm.
 */
export function nextRunAfter(dueAt: Date, everySeconds: number, now: Date): Date {
  const periodMs = everySeconds * 1000;
  const missed = Math.floor((now.getTime() - dueAt.getTime()) / periodMs);
  return new Date(dueAt.getTime() + (Math.max(0, missed) + 1) * periodMs);
}
