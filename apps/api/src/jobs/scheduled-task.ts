import type { JobKind } from './job-kind.ts';

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

/**
 * The first run time after `now` on the grid `dueAt + k * everySeconds`: a cluster that was down
 * for several periods runs once on return, not once per missed period, and keeps its rhythm.
 */
export function nextRunAfter(dueAt: Date, everySeconds: number, now: Date): Date {
  const periodMs = everySeconds * 1000;
  const missed = Math.floor((now.getTime() - dueAt.getTime()) / periodMs);
  return new Date(dueAt.getTime() + (Math.max(0, missed) + 1) * periodMs);
}
