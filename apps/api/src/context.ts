import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';
import type { Db } from './db/database.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { Stripe } from './integrations/stripe/client.ts';

/** What every service needs: built once in app.ts, passed explicitly (no Fastify types in services). */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  queue: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The Stripe SDK, or null when no STRIPE_SECRET_KEY is set. */
  stripe: Stripe | null;
  /** The process's Prometheus metrics: what services count (job runs, syncs, downloads). */
  metrics: Metrics;
}
