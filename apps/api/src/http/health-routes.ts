import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { pendingMigrations, type Db } from '../db/database.ts';

/** Whether the process takes new work; server.ts starts draining on SIGTERM. */
export interface Readiness {
  readonly draining: boolean;
  /** From now on /readyz answers 503, so a load balancer sends no new requests here. */
  startDraining(): void;
}

/** What /readyz answers: each check, and `ready` when all of them pass. */
export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  /** Not checked while draining: the answer is 503 either way. */
  database: 'answers' | 'unavailable' | 'not checked';
  /** Migrations of this build the database has not run (unknown while it is unavailable). */
  pending_migrations: string[];
}

/**
 * The load balancer's two questions (docs/production.md), outside the API's contexts: no
 * session, no cookie, no request log below warnings (a health check every second would bury the
 * log). `GET /healthz`: the process is alive and its event loop turns, whatever the database
 * says. `GET /readyz`: it should get requests: the database answers, every migration of this
 * build has run, and the process is not draining; 503 otherwise, with the failing checks.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db): Readiness {
  let draining = false;
  const routeOptions = { schema: { hide: true }, logLevel: 'warn' as const };

  app.get('/healthz', routeOptions, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { alive: true };
  });

  app.get('/readyz', routeOptions, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const report: ReadinessReport = { ready: false, draining, database: 'not checked', pending_migrations: [] };
    if (!draining) {
      try {
        report.pending_migrations = await pendingMigrations(db);
        report.database = 'answers';
      } catch (error) {
        report.database = 'unavailable';
        if (!isDatabaseUnavailable(error)) app.log.error({ err: error }, 'readiness: the migrations could not be read');
      }
    }
    report.ready = !report.draining && report.database === 'answers' && report.pending_migrations.length === 0;
    return reply.code(report.ready ? 200 : 503).send(report);
  });

  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
