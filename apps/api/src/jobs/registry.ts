import { sendEmail } from '../mail/send-email-job.ts';
import { hourlyCleanUp } from './clean-up.ts';
import type { JobKind } from './job-kind.ts';
import type { JobQueue } from './queue.ts';
import type { ScheduledTask } from './scheduled-task.ts';

/** Every kind of background job. A kind missing here cannot be queued, and no worker runs it. */
const jobKinds: Array<JobKind<unknown>> = [sendEmail];

/** Every scheduled task; its job kind is registered with it. */
const scheduledTasks: Array<ScheduledTask<unknown>> = [hourlyCleanUp];

/** Registers the product's jobs and schedules on a queue (the server's and the worker's alike). */
export function registerJobs(queue: JobQueue): void {
  for (const kind of jobKinds) queue.register(kind);
  for (const task of scheduledTasks) queue.schedule(task);
}
