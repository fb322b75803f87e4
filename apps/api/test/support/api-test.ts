import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_STRIPE_SECRET_KEY, startStripeSimulator, type StripeSimulator } from '@tradelist/simulators/stripe';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { simulatorEnv, startSimulators, type Simulators } from './accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface ApiTestSetup {
  t: TestApp;
  /** The SMTP and Google simulators, when the file asked for them. */
  sims: Simulators;
  /** The Stripe simulator the app calls, and the test's own client to read it, when the file asked for them (no webhooks). */
  stripe: { sim: StripeSimulator; client: Stripe };
  /** The app's DATA_DIR, when the file asked for one of its own. */
  dataDir: string;
}

export interface ApiTestOptions {
  /** Starts the SMTP and Google simulators and points the app at them. */
  simulators?: boolean;
  /** Starts a Stripe simulator (no webhooks) and points the app at it. */
  stripe?: boolean;
  /** More environment variables (over the simulators'); a function when they are known only before the tests (a free port). */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Renders the public site's pages from the web app's source. */
  site?: boolean;
  /** A fresh DATA_DIR in the system's temporary folder, named with this prefix, removed once the app is closed. */
  dataDir?: string;
  /** Receives the server's JSON log lines (the production logger settings); silent without it. */
  logStream?: { write(line: string): void };
  /** Level of the logger given `logStream`; info by default. */
  logLevel?: string;
  /** Adds test-only routes (e.g. one that throws) before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Registers the operator CLI's call with this token, as server.ts has app.ts do it. */
  adminCliToken?: string;
}

/**
 * The one setup of an API test file (or of a describe block): before its tests, the simulators
 * (when asked) and the app on a fresh migrated database pointed at them; after them, all closed
 * in the right order. `ready` receives the handles (assign them to the file's `let` variables)
 * and may prepare data before the first test.
 */
export function setUpApiTest(options: ApiTestOptions, ready: (setup: ApiTestSetup) => unknown): void {
  let sims: Simulators | undefined;
  let stripeSim: StripeSimulator | undefined;
  let dataDir: string | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (options.simulators) sims = await startSimulators();
    if (options.stripe) stripeSim = await startStripeSimulator();
    if (options.dataDir) dataDir = mkdtempSync(path.join(os.tmpdir(), options.dataDir));
    const stripeEnv: Record<string, string> = stripeSim ? { STRIPE_API_URL: stripeSim.url, STRIPE_SECRET_KEY: DEFAULT_STRIPE_SECRET_KEY } : {};
    const dataDirEnv: Record<string, string> = dataDir ? { DATA_DIR: dataDir } : {};
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    t = await createTestApp({
      env: { ...(sims ? simulatorEnv(sims) : {}), ...stripeEnv, ...dataDirEnv, ...env },
      site: options.site,
      logStream: options.logStream,
      logLevel: options.logLevel,
      beforeReady: options.beforeReady,
      adminCliToken: options.adminCliToken,
    });
    const stripe = stripeSim ? { sim: stripeSim, client: new Stripe(DEFAULT_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: stripeSim.port, protocol: 'http' }) } : undefined;
    // A file without simulators or a data folder never reads them; the types keep call sites simple.
    await ready({ t, sims: sims as Simulators, stripe: stripe as ApiTestSetup['stripe'], dataDir: dataDir as string });
  });
  afterAll(async () => {
    await t?.close();
    await sims?.close();
    await stripeSim?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}
