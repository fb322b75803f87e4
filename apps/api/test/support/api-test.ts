import { DEFAULT_STRIPE_SECRET_KEY, startStripeSimulator, type StripeSimulator } from '@tradelist/simulators/stripe';
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
}

/**
 * The one setup of an API test file: before its tests, the simulators (when asked) and the app
 * on a fresh migrated database pointed at them; after them, both closed in the right order.
 * `ready` receives the handles (assign them to the file's `let` variables).
 */
export function setUpApiTest(
  options: { simulators?: boolean; stripe?: boolean; env?: Record<string, string>; site?: boolean },
  ready: (setup: ApiTestSetup) => unknown,
): void {
  let sims: Simulators | undefined;
  let stripeSim: StripeSimulator | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (options.simulators) sims = await startSimulators();
    if (options.stripe) stripeSim = await startStripeSimulator();
    const stripeEnv: Record<string, string> = stripeSim ? { STRIPE_API_URL: stripeSim.url, STRIPE_SECRET_KEY: DEFAULT_STRIPE_SECRET_KEY } : {};
    t = await createTestApp({ env: { ...(sims ? simulatorEnv(sims) : {}), ...stripeEnv, ...options.env }, site: options.site });
    const stripe = stripeSim ? { sim: stripeSim, client: new Stripe(DEFAULT_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: stripeSim.port, protocol: 'http' }) } : undefined;
    // A file without simulators never reads `sims` or `stripe`; the types keep call sites simple.
    await ready({ t, sims: sims as Simulators, stripe: stripe as ApiTestSetup['stripe'] });
  });
  afterAll(async () => {
    await t?.close();
    await sims?.close();
    await stripeSim?.close();
  });
}
