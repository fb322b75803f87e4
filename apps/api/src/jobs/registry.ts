import { sendEmail } from '../mail/send-email-job.ts';
import { hourlyCleanUp } from './clean-up.ts';
import type { JobKind } from './job-kind.ts';
import type { JobQueue } from './queue.ts';
import type { ScheduledTask } from './scheduled-task.ts';

/** Every kind of background job. A kind missing here cannot be queued, and no worker runs it. */
const jobKinds: Array<JobKind<unknown>> = [sendEmail];

/** Every scheduled task; its job kind is registered with it. */
const scheduledTasks: Array<ScheduledTask<unknown>> = [hourlyCleanUp];

/** The jobs and schedules of the domain modules (modules/jobs.ts), composed by the entry points. */
export interface ModuleJobs {
  kinds: Array<JobKind<unknown>>;
  schedules: Array<ScheduledTask<unknown>>;
}

/** Registers the product's jobs and schedules on a queue (the server's and the worker's alike). */
export function registerJobs(queue: JobQueue, modules: ModuleJobs): void {
  for (const kind of [...jobKinds, ...modules.kinds]) queue.register(kind);
  for (const task of [...scheduledTasks, ...modules.schedules]) queue.schedule(task);
}
