import { sendEmail } from '../mail/send-email-job.ts';
import { hourlyCleanUp, type CleanUpStep } from './clean-up.ts';
import type { JobKind } from './job-kind.ts';
import type { JobQueue } from './queue.ts';
import type { ScheduledTask } from './scheduled-task.ts';

/** Every kind of background job. A kind missing here cannot be queued, and no worker runs it. */
const jobKinds: Array<JobKind<unknown>> = [sendEmail];

/** The jobs, schedules and clean-up steps of the domain modules (modules/jobs.ts), composed by the entry points. */
export interface ModuleJobs {
  kinds: Array<JobKind<unknown>>;
  schedules: Array<ScheduledTask<unknown>>;
  /** Run by the hourly clean-up after the platform's own deletes. */
  cleanUps: CleanUpStep[];
}

/**
 * Registers the product's jobs and schedules on a queue (the server's and the worker's alike);
 * the platform's one scheduled task is the hourly clean-up, with the modules' steps.
 */
export function registerJobs(queue: JobQueue, modules: ModuleJobs): void {
  for (const kind of [...jobKinds, ...modules.kinds]) queue.register(kind);
  for (const task of [hourlyCleanUp(modules.cleanUps).schedule, ...modules.schedules]) queue.schedule(task);
}
