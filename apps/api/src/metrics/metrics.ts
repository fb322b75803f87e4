import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { softwareNameOf, type SyncProvider } from '@tradelist/contract/sync';
import type { Db, PoolUse } from '../db/database.ts';
import { jobFiguresByQueue } from '../jobs/jobs-repository.ts';
import type { Clock } from '../lib/clock.ts';
import { outboxBacklog } from '../mail/mail-outbox-repository.ts';

/** What the figures of the whole cluster are read from at each scrape. */
export interface ClusterSource {
  db: Db;
  clock: Clock;
  poolUse(): PoolUse;
  /** Every job kind this process knows, so that a kind with no job shows 0 rather than nothing. */
  jobKinds(): string[];
}

/** Where a download's file came from: the store of generated files, a fresh generation stored first, or streamed as generated. */
export type DownloadSource = 'hit' | 'miss' | 'streamed';

/** How a job's run ended: done, failed with a retry planned, or failed for good. */
export type JobOutcome = 'completed' | 'retried' | 'failed';

const SECONDS = (milliseconds: number) => milliseconds / 1000;

/**
 * The process's Prometheus metrics (prom-client), one registry per app (docs/production.md,
 * Metrics). Counters and histograms count what this process did: requests, job runs, syncs,
 * downloads. Gauges of the whole cluster (jobs waiting and failed, the mail outbox) are read from
 * the database at each scrape, so any process reports them; the pool gauges are this process's.
 * Labels come from bounded sets: route patterns, never URLs; job kinds; providers.
 */
export class Metrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Histogram({
    name: 'tradelist_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: count (_count) and duration until the answer was sent',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readonly jobRuns = new Histogram({
    name: 'tradelist_job_run_duration_seconds',
    help: 'Job runs in this process by kind and outcome (completed, retried: failed with a retry planned, failed: given up): count and duration',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800],
    registers: [this.registry],
  });

  private readonly syncRuns = new Counter({
    name: 'tradelist_sync_runs_total',
    help: 'Syncs to QuickBooks or Jobber ended in this process, by provider and outcome (succeeded or failed)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly downloads = new Counter({
    name: 'tradelist_download_files_total',
    help: 'Download files served by this process, by source: hit (from the store of generated files), miss (generated and stored first), streamed (store off or failing)',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  private readonly downloadGeneration = new Histogram({
    name: 'tradelist_download_generation_seconds',
    help: 'Time to generate a download file, by format: into the store (miss), or while streaming it to the client (streamed)',
    labelNames: ['format', 'source'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });

  private readonly databaseUp = new Gauge({
    name: 'tradelist_database_up',
    help: 'Whether the database answered the figures of this scrape (1) or not (0: the cluster gauges are missing from it)',
    registers: [this.registry],
  });

  private readonly jobs = new Gauge({
    name: 'tradelist_jobs',
    help: 'Jobs of the whole cluster by kind and state: due (waiting for a worker: the queue depth), later (a retry or a later run time), running, failed (given up)',
    labelNames: ['kind', 'state'] as const,
    registers: [this.registry],
  });

  private readonly oldestDueJob = new Gauge({
    name: 'tradelist_job_oldest_due_age_seconds',
    help: 'How long the longest-waiting due job of each kind has been due (0 when none is)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly outbox = new Gauge({
    name: 'tradelist_mail_outbox',
    help: 'Mail in the outbox of the whole cluster by status: pending (the backlog) and abandoned (given up, kept 30 days)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  private readonly oldestPendingMail = new Gauge({
    name: 'tradelist_mail_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest mail waiting to be sent has waited (0 when none is)',
    registers: [this.registry],
  });

  private readonly pool = new Gauge({
    name: 'tradelist_db_pool_connections',
    help: "This process's database connections by state: in_use, idle, max (the pool's size)",
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  private readonly poolWaiting = new Gauge({
    name: 'tradelist_db_pool_waiting',
    help: 'Queries of this process waiting for a database connection',
    registers: [this.registry],
  });

  private cluster: ClusterSource | undefined;

  /** `processMetrics`: Node's own (CPU, memory, event loop lag, GC); entry points ask for them, tests do not. */
  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Reads the cluster's figures and the pool's use from `source` at each scrape. */
  readFrom(source: ClusterSource): void {
    this.cluster = source;
  }

  request(method: string, route: string, status: number, milliseconds: number): void {
    this.httpRequests.observe({ method, route, status: String(status) }, SECONDS(milliseconds));
  }

  jobRun(kind: string, outcome: JobOutcome, milliseconds: number): void {
    this.jobRuns.observe({ kind, outcome }, SECONDS(milliseconds));
  }

  /** Labelled with the provider's wire spelling (`quickbook`, `jobber`), as docs/production.md lists it. */
  syncEnded(provider: SyncProvider, outcome: 'succeeded' | 'failed'): void {
    this.syncRuns.inc({ provider: softwareNameOf(provider), outcome });
  }

  download(source: DownloadSource): void {
    this.downloads.inc({ source });
  }

  downloadGenerated(format: string, source: Exclude<DownloadSource, 'hit'>, milliseconds: number): void {
    this.downloadGeneration.observe({ format, source }, SECONDS(milliseconds));
  }

  /** The text exposition of every metric, the cluster's figures read from the database first. */
  async exposition(): Promise<string> {
    await this.readCluster();
    return this.registry.metrics();
  }

  private async readCluster(): Promise<void> {
    const source = this.cluster;
    if (!source) return;
    const use = source.poolUse();
    this.pool.set({ state: 'in_use' }, use.open - use.idle);
    this.pool.set({ state: 'idle' }, use.idle);
    this.pool.set({ state: 'max' }, use.max);
    this.poolWaiting.set(use.waiting);
    const now = source.clock.now();
    const ageSeconds = (since: Date | null) => (since === null ? 0 : Math.max(0, (now.getTime() - since.getTime()) / 1000));
    let figures: Awaited<ReturnType<typeof jobFiguresByQueue>>;
    let backlog: Awaited<ReturnType<typeof outboxBacklog>>;
    try {
      [figures, backlog] = await Promise.all([jobFiguresByQueue(source.db, now), outboxBacklog(source.db)]);
    } catch {
      // The database is away: say so, and report no stale figures.
      this.databaseUp.set(0);
      for (const gauge of [this.jobs, this.oldestDueJob, this.outbox, this.oldestPendingMail]) gauge.reset();
      return;
    }
    this.databaseUp.set(1);
    this.jobs.reset();
    this.oldestDueJob.reset();
    const byKind = new Map(figures.map((row) => [row.queue, row]));
    for (const kind of new Set([...source.jobKinds(), ...byKind.keys()])) {
      const row = byKind.get(kind);
      for (const state of ['due', 'later', 'running', 'failed'] as const) this.jobs.set({ kind, state }, row?.[state] ?? 0);
      this.oldestDueJob.set({ kind }, ageSeconds(row?.oldest_due ?? null));
    }
    this.outbox.set({ status: 'pending' }, backlog.pending);
    this.outbox.set({ status: 'abandoned' }, backlog.abandoned);
    this.oldestPendingMail.set(ageSeconds(backlog.oldestPending));
  }
}
