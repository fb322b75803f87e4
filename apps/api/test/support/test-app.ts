import { xsrfCookieName } from '@tradelist/contract/public-config';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, loggerOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import type { AppContext } from '../../src/context.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import type { Readiness } from '../../src/http/health-routes.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { createTestDatabase } from './test-database.ts';
import { siteRendererFromSource } from '../../src/http/site-renderer-from-source.ts';

/** The tests' token-encryption key (id `test`). */
export const TEST_TOKEN_KEY = `test:${Buffer.alloc(32, 42).toString('base64')}`;

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-03-01T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  clock: TestClock;
  config: Config;
  /** What /readyz reports; `startDraining()` is what SIGTERM does to a server. */
  readiness: Readiness;
  /** A browser-like client: keeps cookies and sends X-XSRF-TOKEN like the web app. */
  client(options?: { remoteAddress?: string }): TestClient;
  close(): Promise<void>;
}

/**
 * The app on a fresh migrated database, with a movable clock and job workers that tests run by
 * hand (`ctx.queue.runDueJobs()`). `env` adds environment variables (SMTP_URL, GOOGLE_*...).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Adds test-only routes (e.g. one that throws) before the app is sealed by `ready()`. */
    beforeReady?: (app: FastifyInstance) => void;
    /** Receives the server's JSON log lines (the production logger settings); silent without it. */
    logStream?: { write(line: string): void };
    /** Level of the logger given `logStream`; info by default. */
    logLevel?: string;
    /** Renders the public site's pages from the web app's source (src/http/site-renderer-from-source.ts). */
    site?: boolean;
    /** Registers the operator CLI's call with this token, as server.ts has app.ts do it. */
    adminCliToken?: string | undefined;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_KEY,
    DATA_DIR: '.tmp/api-test-data',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
    ...options.env,
  });
  const database = await createTestDatabase();
  const clock = new TestClock();
  const logger = options.logStream ? { ...loggerOptions(options.logLevel ?? 'info'), stream: options.logStream } : false;
  const site = options.site ? await siteRendererFromSource(null) : undefined;
  const { app, ctx, readiness } = await buildApp({ config, database, clock, logger, startWorkers: false, adminCliToken: options.adminCliToken, ...(site ? { siteRenderer: site.renderer } : {}) });
  try {
    options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // A test may expect the boot to fail: nothing of this app stays open behind it.
    await app.close().catch(() => undefined);
    await database.close();
    await site?.close();
    throw error;
  }
  return {
    app,
    ctx,
    database,
    clock,
    config,
    readiness,
    client: (clientOptions) => new TestClient(app, clientOptions?.remoteAddress ?? '127.0.0.1', xsrfCookieName(config.isHttps)),
    close: async () => {
      await app.close();
      await database.close();
      await site?.close();
    },
  };
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends requests through `app.inject()` the way the web app does: cookies, XSRF header, JSON. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress: string,
    /** `__Host-XSRF-TOKEN` when the app runs under an https APP_URL. */
    private readonly xsrfCookie = xsrfCookieName(false),
  ) {}

  /** Makes a request; `xsrf: false` leaves the X-XSRF-TOKEN header out. */
  async request(
    method: Method,
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; xsrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has(this.xsrfCookie)) await this.send('GET', '/api/config/', {});
    const headers: Record<string, string> = { ...options.headers };
    const xsrf = this.cookies.get(this.xsrfCookie);
    if (options.xsrf !== false && xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = xsrf;
    return this.send(method, url, { headers, body: options.body });
  }

  get(url: string, options?: { headers?: Record<string, string>; xsrf?: boolean }) {
    return this.request('GET', url, options);
  }

  post(url: string, body?: unknown, options?: { headers?: Record<string, string>; xsrf?: boolean }) {
    return this.request('POST', url, { ...options, body });
  }

  private async send(method: Method, url: string, options: { headers?: Record<string, string>; body?: unknown }) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const injectOptions: InjectOptions = {
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    };
    const response = await this.app.inject(injectOptions);
    for (const set of response.cookies) {
      if (set.maxAge === 0 || set.value === '') this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }
}
