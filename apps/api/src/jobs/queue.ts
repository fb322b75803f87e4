import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { addSeconds } from '../lib/clock.ts';
import { claimDueJobs, completeJob, failJob, insertJob } from './jobs-repository.ts';

/** A kind of background work: its queue name, retry budget and handler. */
export interface JobDefinition<Payload> {
  queue: string;
  maxAttempts: number;
  /** Runs the job; throwing schedules a retry with exponential backoff. Must be safe to run twice. */
  handle(payload: Payload, attempt: number): Promise<void>;
  /** Called once when the last attempt failed. */
  onGiveUp?(payload: Payload, error: string): Promise<void>;
}

export interface JobQueueOptions {
  pollIntervalMs: number;
  concurrency: number;
  lockSeconds: number;
  retryBaseSeconds: number;
  retryMaxSeconds: number;
}

export const defaultJobQueueOptions: JobQueueOptions = {
  pollIntervalMs: 1_000,
  concurrency: 2,
  lockSeconds: 120,
  retryBaseSeconds: 5,
  retryMaxSeconds: 15 * 60,
};

/**
 * A durable job queue in the application's own database (docs/decisions/0002-job-queue.md).
 * Jobs are inserted in the same transaction as the change that causes them, so a job exists if
 * and only if its change committed; a worker polls, claims with SKIP LOCKED and retries with
 * backoff. A job whose worker died is reclaimed when its lock runs out.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private timer: NodeJS.Timeout | undefined;
  private running = new Set<Promise<void>>();
  private stopped = true;
  private pumping: Promise<void> | undefined;
  private wakeAgain = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = defaultJobQueueOptions,
  ) {}

  /** Makes a kind of job known to the workers. */
  define<Payload>(definition: JobDefinition<Payload>): void {
    this.definitions.set(definition.queue, definition as JobDefinition<never>);
  }

  /** Adds a job. Pass the transaction of the change that causes it; call `wake()` after commit. */
  async enqueue<Payload>(db: Db, queue: string, payload: Payload, options: { runAt?: Date } = {}): Promise<number> {
    const definition = this.definitions.get(queue);
    if (!definition) throw new Error(`Unknown job queue ${queue}`);
    const now = this.clock.now();
    return insertJob(db, {
      queue,
      payload,
      max_attempts: definition.maxAttempts,
      run_at: options.runAt ?? now,
      created_at: now,
    });
  }

  /** Starts polling. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due work now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.wakeAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      }
    });
  }

  /** Stops polling and waits for the jobs in progress to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.pumping;
    await Promise.all(this.running);
  }

  /** Claims and runs every job due now, waiting for them; returns how many ran. For the CLI and tests. */
  async runDueJobs(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await this.claim(this.options.concurrency);
      if (jobs.length === 0) return total;
      total += jobs.length;
      await Promise.all(jobs.map((job) => this.run(job)));
    }
  }

  private async pump(): Promise<void> {
    try {
      while (!this.stopped) {
        const free = this.options.concurrency - this.running.size;
        if (free <= 0) return;
        const jobs = await this.claim(free);
        if (jobs.length === 0) return;
        for (const job of jobs) {
          const run = this.run(job).finally(() => {
            this.running.delete(run);
            this.wake();
          });
          this.running.add(run);
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'job queue: polling failed');
    }
  }

  private async claim(limit: number) {
    const now = this.clock.now();
    return claimDueJobs(this.db, [...this.definitions.keys()], now, addSeconds(now, this.options.lockSeconds), limit);
  }

  private async run(job: { id: number; queue: string; payload: unknown; attempts: number; max_attempts: number }) {
    const definition = this.definitions.get(job.queue);
    if (!definition) return;
    const payload = job.payload as never;
    try {
      await definition.handle(payload, job.attempts);
      await completeJob(this.db, job.id, this.clock.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= job.max_attempts;
      const delay = Math.min(
        this.options.retryMaxSeconds,
        this.options.retryBaseSeconds * 2 ** Math.max(0, job.attempts - 1),
      );
      this.log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempts, giveUp, error: message }, 'job failed');
      try {
        await failJob(this.db, job.id, message, giveUp ? null : { runAt: addSeconds(this.clock.now(), delay) });
        if (giveUp) await definition.onGiveUp?.(payload, message);
      } catch (recordError) {
        // The lock will run out and the job will be retried; nothing is lost.
        this.log.error({ err: recordError, jobId: job.id }, 'job queue: could not record a failure');
      }
    }
  }
}
