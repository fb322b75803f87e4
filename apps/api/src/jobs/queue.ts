import { hostname } from 'node:os';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import type { Db } from '../db/database.ts';
import type { Job } from '../db/schema.ts';
import { addSeconds } from '../lib/clock.ts';
import { retryDelaySeconds, type JobKind, type JobRun } from './job-kind.ts';
import { ensureSchedule, lockDueSchedule, recordScheduleRun } from './job-schedules-repository.ts';
import { claimDueJobs, completeJob, failJob, insertJob } from './jobs-repository.ts';
import { nextRunAfter, type ScheduledTask } from './scheduled-task.ts';
import { noteJobQueued } from './unit-of-work.ts';

export interface JobQueueOptions {
  pollIntervalMs: number;
  /** How long a claimed job is its worker's; past it, another worker takes the job over. */
  lockSeconds: number;
  /** How often a running worker looks for due scheduled tasks. */
  scheduleCheckMs: number;
  /** Names this process in `jobs.claimed_by` and `job_schedules.last_run_by`. */
  workerId: string;
  /** The longest wait between polls while the database cannot be reached (the wait doubles from pollIntervalMs). */
  maxUnavailableBackoffMs: number;
}

export const defaultJobQueueOptions: JobQueueOptions = {
  pollIntervalMs: 1_000,
  lockSeconds: 120,
  scheduleCheckMs: 30_000,
  workerId: `${hostname()}/${process.pid}`,
  maxUnavailableBackoffMs: 10_000,
};

/** Where and when a job is queued. */
export interface EnqueueOptions {
  /** The transaction of the change that causes the job, so that both commit or neither. */
  db?: Db;
  /** Not before this time (a later reminder, a rate-limited batch); now when unset. */
  runAt?: Date;
}

/**
 * Queues a job of `kind` in `db`, to run from `runAt`: what `JobQueue.enqueue` does, for code that
 * also runs where no queue is at hand (the admin CLI publishes editions). Pass the transaction of
 * the change that causes it. The kind must be registered where the workers run.
 */
export async function queueJob<Payload>(db: Db, kind: JobKind<Payload>, payload: NoInfer<Payload>, now: Date, runAt: Date = now): Promise<number> {
  const checked = kind.payload.parse(payload);
  const id = await insertJob(db, {
    queue: kind.name,
    payload: checked,
    max_attempts: kind.maxAttempts,
    run_at: runAt,
    created_at: now,
    idempotency_key: kind.idempotencyKey?.(checked) ?? null,
  });
  noteJobQueued(db);
  return id;
}

/**
 * A durable job queue in the application's own database (docs/decisions/0009). Jobs are inserted
 * in the same transaction as the change that causes them, so a job exists if and only if its
 * change committed; workers poll, claim with SKIP LOCKED, check the payload against the kind's
 * schema and retry with the kind's backoff. A job whose worker died is reclaimed when its lock
 * runs out. Scheduled tasks are claimed once per period for the whole cluster. While the
 * database cannot be reached, polling backs off (doubling up to maxUnavailableBackoffMs) and
 * resumes by itself when it answers again.
 */
export class JobQueue {
  private readonly kinds = new Map<string, JobKind<unknown>>();
  private readonly schedules: Array<ScheduledTask<unknown>> = [];
  private readonly ensuredSchedules = new Set<string>();
  private readonly running = new Map<string, Set<Promise<void>>>();
  private readonly options: JobQueueOptions;
  private pollTimer: NodeJS.Timeout | undefined;
  private scheduleTimer: NodeJS.Timeout | undefined;
  private stopped = true;
  private pumping: Promise<void> | undefined;
  private checkingSchedules: Promise<void> | undefined;
  private wakeAgain = false;
  /** Polls that found the database unreachable in a row, and no poll before `pausedUntil` (ms). */
  private unavailablePolls = 0;
  private pausedUntil = 0;

  constructor(
    private readonly deps: Omit<AppContext, 'queue'>,
    options: Partial<JobQueueOptions> = {},
  ) {
    this.options = { ...defaultJobQueueOptions, ...options };
  }

  /** Makes a kind of job known: it can be queued, and this process's workers run it. */
  register<Payload>(kind: JobKind<Payload>): void {
    const known = this.kinds.get(kind.name);
    if (known && known !== kind) throw new Error(`Two job kinds are named ${kind.name}`);
    this.kinds.set(kind.name, kind);
  }

  /** The names of the kinds this process knows (the metrics show each, with or without jobs). */
  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /** Adds recurring work, run once per period by whichever worker of the cluster claims it. */
  schedule<Payload>(task: ScheduledTask<Payload>): void {
    this.register(task.job);
    this.schedules.push(task);
  }

  /**
   * Queues a job of `kind`. Pass the transaction of the change that causes it as `options.db`:
   * in a unit of work (unit-of-work.ts), its commit wakes the workers; elsewhere they find the
   * job at their next poll. With an idempotency key already queued, returns that job's id and
   * adds nothing.
   */
  async enqueue<Payload>(kind: JobKind<Payload>, payload: NoInfer<Payload>, options: EnqueueOptions = {}): Promise<number> {
    if (this.kinds.get(kind.name) !== kind) throw new Error(`The job kind ${kind.name} is not registered`);
    const now = this.deps.clock.now();
    return queueJob(options.db ?? this.deps.db, kind, payload, now, options.runAt ?? now);
  }

  /** Starts polling for jobs and scheduled tasks. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.pollTimer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.pollTimer.unref();
    if (this.schedules.length > 0) {
      this.scheduleTimer = setInterval(() => this.checkSchedules(), this.options.scheduleCheckMs);
      this.scheduleTimer.unref();
      this.checkSchedules();
    }
    this.wake();
  }

  /**
   * Looks for due work now rather than at the next poll; does nothing when this process runs no
   * workers. Services do not call it: a unit of work does after its commit (unit-of-work.ts).
   */
  wake(): void {
    if (this.stopped || Date.now() < this.pausedUntil) return;
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
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.scheduleTimer) clearInterval(this.scheduleTimer);
    await this.checkingSchedules;
    await this.pumping;
    await Promise.all([...this.running.values()].flatMap((runs) => [...runs]));
  }

  /** Claims and runs every job due now, waiting for them; returns how many ran. For the CLI and tests. */
  async runDueJobs(): Promise<number> {
    let total = 0;
    for (;;) {
      const batches = await Promise.all([...this.kinds.values()].map(async (kind) => ({ kind, jobs: await this.claim(kind, kind.concurrency) })));
      const runs = batches.flatMap(({ kind, jobs }) => jobs.map((job) => this.run(kind, job)));
      if (runs.length === 0) return total;
      total += runs.length;
      await Promise.all(runs);
    }
  }

  /**
   * Queues the scheduled tasks that are due, each once for the whole cluster: the task's row is
   * locked (SKIP LOCKED), moved to its next period and its job queued in one transaction, so a
   * second process finds it not due. Returns the names of the tasks this process queued.
   */
  async runDueSchedules(): Promise<string[]> {
    const queued: string[] = [];
    for (const task of this.schedules) {
      const now = this.deps.clock.now();
      if (!this.ensuredSchedules.has(task.name)) {
        await ensureSchedule(this.deps.db, task.name, now);
        this.ensuredSchedules.add(task.name);
      }
      const dueAt = await this.deps.db.transaction().execute(async (trx) => {
        const due = await lockDueSchedule(trx, task.name, now);
        if (!due) return undefined;
        const nextRunAt = nextRunAfter(due.next_run_at, task.everySeconds, now);
        await recordScheduleRun(trx, task.name, { now, nextRunAt, worker: this.options.workerId });
        await this.enqueue(task.job, task.payload(due.next_run_at), { db: trx });
        return due.next_run_at;
      });
      if (dueAt) {
        this.deps.log.debug({ schedule: task.name, dueAt }, 'scheduled task queued');
        queued.push(task.name);
      }
    }
    return queued;
  }

  private checkSchedules(): void {
    if (this.stopped || this.checkingSchedules || Date.now() < this.pausedUntil) return;
    this.checkingSchedules = this.runDueSchedules()
      .then((queued) => {
        if (queued.length > 0) this.wake();
      })
      .catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) this.backOff(error);
        else this.deps.log.error({ err: error }, 'job queue: checking schedules failed');
      })
      .finally(() => {
        this.checkingSchedules = undefined;
      });
  }

  private async pump(): Promise<void> {
    try {
      let claimedAny = true;
      while (!this.stopped && claimedAny) {
        claimedAny = false;
        for (const kind of this.kinds.values()) {
          if (this.stopped) return;
          const running = this.runningOf(kind.name);
          const free = kind.concurrency - running.size;
          if (free <= 0) continue;
          const jobs = await this.claim(kind, free);
          this.noteDatabaseAnswers();
          if (jobs.length > 0) claimedAny = true;
          for (const job of jobs) {
            const run = this.run(kind, job).finally(() => {
              running.delete(run);
              this.wake();
            });
            running.add(run);
          }
        }
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.backOff(error);
      else this.deps.log.error({ err: error }, 'job queue: polling failed');
    }
  }

  /** A poll reached the database: after an outage, say so once (before any job it claimed runs). */
  private noteDatabaseAnswers(): void {
    if (this.unavailablePolls === 0) return;
    this.deps.log.info({ failedPolls: this.unavailablePolls }, 'job queue: the database answers again');
    this.unavailablePolls = 0;
  }

  /** The database is out of reach: skip polls for a while, twice as long each time it still is. */
  private backOff(error: unknown): void {
    this.unavailablePolls++;
    const waitMs = Math.min(this.options.pollIntervalMs * 2 ** (this.unavailablePolls - 1), this.options.maxUnavailableBackoffMs);
    this.pausedUntil = Date.now() + waitMs;
    this.deps.log.warn({ err: error, failedPolls: this.unavailablePolls, waitMs }, 'job queue: the database cannot be reached; polling again later');
  }

  private runningOf(name: string): Set<Promise<void>> {
    let runs = this.running.get(name);
    if (!runs) {
      runs = new Set();
      this.running.set(name, runs);
    }
    return runs;
  }

  private async claim(kind: JobKind<unknown>, limit: number): Promise<Job[]> {
    const now = this.deps.clock.now();
    return claimDueJobs(this.deps.db, {
      queue: kind.name,
      now,
      lockUntil: addSeconds(now, this.options.lockSeconds),
      limit,
      worker: this.options.workerId,
    });
  }

  private async run(kind: JobKind<unknown>, job: Job): Promise<void> {
    const { db, log, clock, metrics } = this.deps;
    const run: JobRun = { ctx: { ...this.deps, queue: this }, jobId: job.id, attempt: job.attempts };
    const started = performance.now();
    const parsed = kind.payload.safeParse(job.payload);
    if (!parsed.success) {
      // Retrying cannot help: the row was written by other code or changed by hand.
      const error = `The stored payload does not match the ${kind.name} schema: ${z.prettifyError(parsed.error)}`;
      log.error({ jobId: job.id, queue: kind.name, error }, 'job failed for good: invalid payload');
      metrics.jobRun(kind.name, 'failed', performance.now() - started);
      await failJob(db, job.id, error, null).catch((recordError: unknown) =>
        log.error({ err: recordError, jobId: job.id }, 'job queue: could not record a failure'),
      );
      return;
    }
    try {
      await kind.handle(parsed.data, run);
      await completeJob(db, job.id, clock.now());
      metrics.jobRun(kind.name, 'completed', performance.now() - started);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= job.max_attempts;
      metrics.jobRun(kind.name, giveUp ? 'failed' : 'retried', performance.now() - started);
      log.warn({ jobId: job.id, queue: kind.name, attempt: job.attempts, giveUp, error: message }, 'job failed');
      try {
        const retry = giveUp ? null : { runAt: addSeconds(clock.now(), retryDelaySeconds(kind, job.attempts)) };
        await failJob(db, job.id, message, retry);
        if (giveUp) await kind.onGiveUp?.(parsed.data, message, run);
      } catch (recordError) {
        // The lock will run out and the job will be retried; nothing is lost.
        log.error({ err: recordError, jobId: job.id }, 'job queue: could not record a failure');
      }
    }
  }
}
