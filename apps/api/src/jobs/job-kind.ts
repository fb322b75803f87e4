import type { z } from 'zod';
import type { AppContext } from '../context.ts';

/** What a handler gets besides its payload. */
export interface JobRun {
  ctx: AppContext;
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
}

/**
 * A kind of background work, declared once: its queue name, the schema of its payload (checked
 * when the job is queued and again before it runs), how many may run at once per process, its
 * retry budget and backoff, and optionally the key that makes the same logical job queue once.
 */
export interface JobKind<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  /** How many jobs of this kind one process runs at the same time. */
  concurrency: number;
  /** Runs before the job is given up, the first one included. */
  maxAttempts: number;
  /** Delay before retry n: `baseSeconds * 2^(n-1)`, at most `maxSeconds`. */
  backoff: { baseSeconds: number; maxSeconds: number };
  /** The same key (per kind) queues one job: a second enqueue returns the first job's id. */
  idempotencyKey?(payload: Payload): string;
  /** Runs the job; throwing schedules a retry. Must be safe to run twice (a worker may die after it). */
  handle(payload: Payload, run: JobRun): Promise<void>;
  /** Called once when the last attempt failed. */
  onGiveUp?(payload: Payload, error: string, run: JobRun): Promise<void>;
}

/** Declares a job kind; the payload type comes from its schema. */
export function defineJob<Schema extends z.ZodType>(kind: JobKind<z.output<Schema>> & { payload: Schema }): JobKind<z.output<Schema>> {
  return kind;
}

/** Seconds to wait before the next attempt after `attempt` failed. */
export function retryDelaySeconds(kind: Pick<JobKind<unknown>, 'backoff'>, attempt: number): number {
  return Math.min(kind.backoff.maxSeconds, kind.backoff.baseSeconds * 2 ** Math.max(0, attempt - 1));
}
