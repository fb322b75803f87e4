import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { secretTokenPath } from '@tradelist/contract/app-routes';
import type { Config } from './config/env.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/database.ts';
import { JobQueue, type JobQueueOptions } from './jobs/queue.ts';
import { registerJobs } from './jobs/registry.ts';
import { createStripeClient } from './integrations/stripe/client.ts';
import { moduleJobs } from './modules/jobs.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createDatabaseUploadStore } from './storage/database-upload-store.ts';
import { openApiTransform } from './http/endpoints.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { trackInFlightRequests } from './http/in-flight.ts';
import { registerHealthRoutes, type Readiness } from './http/health-routes.ts';
import { registerMetricsRoutes } from './http/metrics-routes.ts';
import { Metrics } from './metrics/metrics.ts';
import { requestLogController } from './http/request-log.ts';
import { registerSecurityHeaders } from './security/security-headers.ts';
import { sessionCookieName } from './security/session-plugin.ts';
import { registerWebApp, type SiteRenderer } from './http/web-app.ts';
import { accountRoutes, unsubscribeRoutes, unsubscribeVerifier } from './modules/accounts/routes.ts';
import { accountsOperatorRoutes } from './modules/accounts/operator-routes.ts';
import { adminCliRoutes } from './modules/operator/admin-cli-routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { catalogOperatorRoutes } from './modules/catalog/operator-routes.ts';
import { priceHistoryRoutes } from './modules/catalog/price-history-routes.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { withAutomaticSyncs } from './modules/sync/index.ts';
import { operatorRoutes } from './modules/operator/routes.ts';
import { editionAnnouncements } from './modules/mailings/index.ts';
import { mailingsOperatorRoutes } from './modules/mailings/operator-routes.ts';
import { contentRoutes, siteFileRoutes } from './modules/content/routes.ts';
import { contentOperatorRoutes } from './modules/content/operator-routes.ts';
import { siteDataSource } from './modules/content/services/site-data.ts';
import { billingRoutes, stripeWebhookRoutes, stripeWebhookVerifier } from './modules/billing/routes.ts';
import { billingOperatorRoutes } from './modules/billing/operator-routes.ts';
import { configRoutes } from './http/config-routes.ts';
import { profileRoutes, uploadedImageRoutes } from './modules/profile/routes.ts';
import { guideRoutes } from './modules/guide/routes.ts';
import { guideOperatorRoutes } from './modules/guide/operator-routes.ts';
import { registerBrowserApi, registerWebhookContext } from './http/contexts.ts';
import { trackAllowedMethods } from './http/method-not-allowed.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  /** pino options or false; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  queueOptions?: Partial<JobQueueOptions>;
  /** Token of the operator CLI's route (server.ts, embedded database only); no token, no route. */
  adminCliToken?: string;
  /**
   * Whether this process runs jobs and scheduled work: yes in the one-process default, no with
   * WORKERS=0 (worker processes run them) and in tests, which drive them by hand.
   */
  startWorkers?: boolean;
  /** The public site's renderer; by default the built web app's (tests render from source). */
  siteRenderer?: SiteRenderer;
  /** The process's metrics (server.ts passes one with Node's process metrics); a new one by default. */
  metrics?: Metrics;
}

// How long shutdown waits for running handlers before it closes the database under them.
const HANDLER_DRAIN_TIMEOUT_MS = 15_000;

/** pino options: JSON logs with a request id and no passwords, tokens or cookies. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        // Page URLs that carry a secret (product §11.6) are logged without it.
        url: request.url.replace(secretTokenPath, '$1/[redacted]'),
        remoteAddress: request.ip,
      }),
    },
  };
}

/** The Fastify instance: request ids, proxy trust, body limit, and zod validation of every call. */
function createServer(config: Config, logger: BuildAppOptions['logger']): FastifyInstance {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    logController: requestLogController(config.env),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('endpointAccess', null);
  return app;
}

/** Headers every answer gets: its request id, no-store on API answers, and `connection: close` while shutting down. */
function addResponseHeaders(app: FastifyInstance): void {
  // While shutting down, answers close their connection: a keep-alive client would otherwise
  // hold the server open after its in-flight request finished.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // API answers carry account data: never cached by the browser or a proxy unless a route says so.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    if (closing) void reply.header('connection', 'close');
  });
}

/** What every service receives: the database, clock, job queue, mailer, log, Stripe client, metrics and upload store. */
function createContext(options: BuildAppOptions, log: FastifyBaseLogger, metrics: Metrics): AppContext {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const mailer = options.mailer ?? createMailer(config.smtpUrl);
  const stripe = createStripeClient(config);
  const uploads = createDatabaseUploadStore(database.db, clock);
  const queue = new JobQueue({ config, db: database.db, clock, mailer, log, stripe, metrics, uploads }, options.queueOptions);
  registerJobs(queue, moduleJobs);
  metrics.readFrom({ db: database.db, clock, poolUse: () => database.poolUse(), jobKinds: () => queue.kindNames() });
  return { config, db: database.db, clock, queue, mailer, log, stripe, metrics, uploads };
}

/** The OpenAPI document of every call (served at /api/openapi.json). */
async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tradelist API', version: '1.0.0', description: 'Calls of the Tradelist web app (product §7).' },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config), description: 'The session cookie set at sign-in; unsafe calls also need the X-XSRF-TOKEN header.' },
          providerSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: "The provider's signature of the raw body." },
        },
      },
    },
    transform: openApiTransform,
  });
}

/**
 * Builds the application without listening (server.ts listens; tests use `inject`). Plugins are
 * registered in this order: cookies, security headers, OpenAPI, error handling, the browser
 * API (sessions and CSRF, then the public, user and operator contexts), the operator CLI's call,
 * then the web app and its not-found handling.
 */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext; readiness: Readiness }> {
  const { config, database } = options;
  const app = createServer(config, options.logger);
  const handlersFinished = trackInFlightRequests(app);
  const metrics = options.metrics ?? new Metrics();
  registerMetricsRoutes(app, metrics, config);
  addResponseHeaders(app);
  const ctx = createContext(options, app.log, metrics);
  const { queue, mailer } = ctx;

  await app.register(cookie);
  await registerSecurityHeaders(app, config);
  const readiness = registerHealthRoutes(app, database.db);
  await registerOpenApi(app, config);
  registerErrorHandler(app);
  const refuseMethod = trackAllowedMethods(app);

  // Each call is registered in the context of its access level (public, user, operator) by the
  // module that owns it; the catalog's console calls get the editions' announcements (mailings)
  // and their automatic syncs (sync).
  await registerBrowserApi(app, ctx, [
    configRoutes,
    accountRoutes,
    catalogRoutes,
    priceHistoryRoutes,
    billingRoutes,
    syncRoutes,
    profileRoutes,
    guideRoutes,
    contentRoutes,
    operatorRoutes,
    accountsOperatorRoutes,
    billingOperatorRoutes,
    catalogOperatorRoutes(withAutomaticSyncs(editionAnnouncements)),
    contentOperatorRoutes,
    guideOperatorRoutes,
    mailingsOperatorRoutes,
  ]);
  await registerWebhookContext(app, stripeWebhookVerifier(ctx), (scope) => stripeWebhookRoutes(scope, ctx));
  await registerWebhookContext(app, unsubscribeVerifier, (scope) => unsubscribeRoutes(scope, ctx));
  await app.register(async (scope) => adminCliRoutes(scope, ctx, { token: options.adminCliToken, database }));
  uploadedImageRoutes(app, ctx);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  siteFileRoutes(app, ctx);
  await registerWebApp(app, config, { refuseMethod, siteData: siteDataSource(ctx), siteRenderer: options.siteRenderer });

  if (options.startWorkers !== false) {
    app.addHook('onReady', async () => queue.start());
  }
  app.addHook('onClose', async () => {
    // The server has stopped accepting; let running handlers and jobs finish, then release resources.
    await handlersFinished(HANDLER_DRAIN_TIMEOUT_MS);
    await queue.stop();
    mailer.close();
  });
  return { app, ctx, readiness };
}
